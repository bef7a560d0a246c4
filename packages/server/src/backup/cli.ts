import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { configFromEnv, type ServerConfig } from '../config.js';
import {
  BackupError,
  backupFileName,
  createBackup,
  restoreBackup,
  type BackupResult,
} from './backup.js';
import { askServerToBackUp } from './control.js';
import { lockDataDir, makePrivateDir } from './lock.js';
import { isPgliteDataDir, pgliteStartParams } from './pglite.js';

/**
 * `npm run backup [-- --output <file or folder>]` and `npm run restore -- <file> [--force]`,
 * with the server's settings (DATA_DIR, DATABASE_URL, SALA_BACKUP_DIR).
 */

const USAGE = `Usage:
  npm run backup [-- --output <file.tar.gz or folder>]
  npm run restore -- <file.tar.gz> [--force]`;

class UsageError extends Error {}

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The command's report, on standard output. */
function print(lines: string[]): void {
  process.stdout.write(`${lines.join('\n')}\n`);
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

function describeDatabase(result: Pick<BackupResult, 'manifest'>): string[] {
  const { database, keys, uploads } = result.manifest;
  const rows = Object.values(database.tables).reduce((sum, count) => sum + count, 0);
  const lines = [
    `  Database: ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} (${database.serverVersion.split(' on ')[0]}), ` +
      `migration ${database.migration.tag ?? 'none'}, ${Object.keys(database.tables).length} tables, ${rows} rows`,
    `  Files: ${uploads} uploaded; keys: ${keys.files.length > 0 ? keys.files.join(', ') : 'none'}`,
  ];
  if (keys.fromEnvironment.length > 0) {
    lines.push(
      `  Not in the file: ${keys.fromEnvironment.join(', ')} (set in the environment). Keep them: ` +
        'a restored server needs the same values.',
    );
  }
  return lines;
}

function outputFile(config: ServerConfig, output: string | undefined): string {
  if (output?.endsWith('.tar.gz')) return path.resolve(output);
  const dir = output ? path.resolve(output) : config.backup.dir;
  return path.join(dir, backupFileName('sala-backup'));
}

async function backupCommand(config: ServerConfig, output: string | undefined): Promise<void> {
  const file = outputFile(config, output);
  let result: BackupResult;
  let writer = 'this process';
  if (config.databaseUrl) {
    result = await createBackup({
      source: { kind: 'postgres', databaseUrl: config.databaseUrl },
      dataDir: config.dataDir,
      file,
    });
  } else {
    makePrivateDir(path.dirname(file));
    const byServer = await askServerToBackUp(config.dataDir, file);
    if (byServer) {
      result = byServer;
      writer = 'the running server';
    } else {
      const lock = lockDataDir(config.dataDir, 'backup');
      try {
        const dir = path.join(config.dataDir, 'pglite');
        if (!isPgliteDataDir(dir)) {
          throw new BackupError(
            `There is no embedded database in ${config.dataDir} (DATA_DIR): nothing to back up.`,
          );
        }
        const client = await PGlite.create(dir, { startParams: pgliteStartParams() });
        try {
          result = await createBackup({
            source: { kind: 'pglite', client },
            dataDir: config.dataDir,
            file,
          });
        } finally {
          await client.close();
        }
      } finally {
        lock.release();
      }
    }
  }
  print([
    `Backup written by ${writer}: ${result.file}`,
    `  ${size(result.bytes)} in ${seconds(result.milliseconds)} ` +
      `(the database dump ${seconds(result.dumpMilliseconds)})`,
    ...describeDatabase(result),
    '  The file holds the keys that sign sign-ins and seal the Telegram bot tokens: it is',
    '  readable by its owner only (mode 0600). Keep it, and its copies, as safe as the server.',
  ]);
}

async function restoreCommand(config: ServerConfig, file: string, force: boolean): Promise<void> {
  const result = await restoreBackup({
    file,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force,
  });
  const { manifest } = result;
  const target = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir;
  print([
    `Restored ${path.resolve(file)} into ${target} in ${seconds(result.milliseconds)}`,
    `  Made ${manifest.createdAt} by Sala ${manifest.appVersion}`,
    ...describeDatabase(result),
    ...(result.migratedTo !== manifest.database.migration.tag
      ? [`  Migrated to this version's schema: ${result.migratedTo}`]
      : []),
    ...(result.replacedDir ? [`  The replaced files were moved to ${result.replacedDir}`] : []),
    ...(manifest.keys.fromEnvironment.length > 0
      ? [
          `  Set ${manifest.keys.fromEnvironment.join(' and ')} as the backed-up server had them: ` +
            'sign-ins or the sealed Telegram bot tokens depend on them.',
        ]
      : []),
    '  Start the server with the same DATA_DIR and DATABASE_URL (npm start).',
  ]);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // Backups and restored databases are readable and writable by their owner only.
  process.umask(0o077);
  try {
    const config = configFromEnv();
    if (command === 'backup') {
      let output: string | undefined;
      for (let i = 0; i < rest.length; i++) {
        if (rest[i] === '--output' && rest[i + 1]) output = rest[++i];
        else throw new UsageError(`Unknown argument "${rest[i]}"`);
      }
      await backupCommand(config, output);
      return 0;
    }
    if (command === 'restore') {
      const force = rest.includes('--force');
      const files = rest.filter((arg) => arg !== '--force');
      if (files.length !== 1 || files[0]!.startsWith('-')) {
        throw new UsageError('Name one backup file to restore');
      }
      await restoreCommand(config, files[0]!, force);
      return 0;
    }
    throw new UsageError(command ? `Unknown command "${command}"` : 'No command');
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    const what = command === 'restore' ? 'Restore' : 'Backup';
    console.error(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
