import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client.js';
import { makeDataDirPrivate } from '../lib/data-dir.js';
import { SERVER_VERSION } from '../version.js';
import { lockDataDir, makePrivateDir } from './lock.js';
import {
  MANIFEST_ENTRY,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  manifestSchema,
  type Manifest,
} from './manifest.js';
import { knownMigrations } from './migrations.js';
import { dumpPglite, restorePglite } from './pglite.js';
import { dumpPostgres, postgresIsEmpty, restorePostgres } from './postgres.js';
import { readTarGz, TarGzWriter, type EntryDigest } from './tar.js';

/**
 * A backup is one .tar.gz file: the database dump, the uploaded files and the key files of the
 * data folder, and last a manifest (version, migration level, rows per table, SHA-256 of every
 * entry). It holds the keys that sign sessions and seal the Telegram bot tokens, so it is
 * written for its owner only (mode 0600).
 */

/** The key files of the data folder (lib/tokens.ts, modules/telegram/crypto.ts). */
const KEY_FILES = [
  { file: 'jwt-secret', env: 'SALA_JWT_SECRET' },
  { file: 'secret.key', env: 'SALA_SECRET_KEY' },
] as const;
/** Where DiskStorage keeps uploaded files (app.ts). */
const UPLOADS = 'uploads';
const PGLITE = 'pglite';
const ARCHIVE_MODE = 0o600;
/** A storage key, as DiskStorage accepts them. */
const uploadKey = /^[a-zA-Z0-9][a-zA-Z0-9/_-]{0,200}$/;

export class BackupError extends Error {}

export type BackupSource =
  { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; databaseUrl: string };

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  milliseconds: number;
  /** Of which the database dump; on the embedded database, requests wait meanwhile. */
  dumpMilliseconds: number;
}

/** Uploaded files under the data folder, as storage keys. */
function listUploads(dataDir: string): string[] {
  const root = path.join(dataDir, UPLOADS);
  if (!fs.existsSync(root)) return [];
  const keys: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(key);
      // Half-written files (`….tmp`) do not match a storage key.
      else if (entry.isFile() && uploadKey.test(key) && !key.includes('..')) keys.push(key);
    }
  };
  walk('');
  return keys.sort();
}

/** A file's bytes, or undefined when it is gone (an upload deleted meanwhile). */
function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** `sala-backup-2026-11-22-170512.tar.gz`: the school's (Cambodia's) date and time. */
export function backupFileName(prefix: 'sala-backup' | 'sala-daily', now = new Date()): string {
  const local = new Date(now.getTime() + 7 * 3600_000).toISOString();
  const stamp = `${local.slice(0, 10)}-${local.slice(11, 19).replace(/:/g, '')}`;
  return `${prefix}-${stamp}.tar.gz`;
}

/**
 * Writes a backup to `file` (which must not exist): the archive is written beside it under a
 * temporary name and renamed once complete, so `file` is never a partial archive.
 */
export async function createBackup(options: {
  source: BackupSource;
  dataDir: string;
  file: string;
  env?: NodeJS.ProcessEnv;
}): Promise<BackupResult> {
  const started = performance.now();
  const env = options.env ?? process.env;
  const target = path.resolve(options.file);
  const dir = path.dirname(target);
  makePrivateDir(dir);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists`);
  const temporary = crypto.randomBytes(6).toString('hex');
  const workDir = path.join(dir, `.${path.basename(target)}.${temporary}.parts`);
  const partial = path.join(dir, `.${path.basename(target)}.${temporary}.tmp`);
  fs.mkdirSync(workDir, { mode: 0o700 });
  let writer: TarGzWriter | undefined;
  try {
    const entries: EntryDigest[] = [];
    let database: Manifest['database'];
    let dumpMilliseconds = 0;
    const add = async (name: string, source: Buffer | { path: string }) => {
      entries.push(await writer!.add(name, source));
    };
    if (options.source.kind === 'pglite') {
      const dumpStarted = performance.now();
      const dump = await dumpPglite(options.source.client, workDir);
      dumpMilliseconds = Math.round(performance.now() - dumpStarted);
      writer = new TarGzWriter(partial, ARCHIVE_MODE);
      const tables: NonNullable<Manifest['database']['pglite']>['tables'] = [];
      for (const [index, table] of dump.tables.entries()) {
        const entry = `database/tables/${String(index).padStart(3, '0')}-${table.name}.copy`;
        await add(entry, { path: table.file });
        fs.rmSync(table.file);
        tables.push({ name: table.name, columns: table.columns, entry });
      }
      database = {
        kind: 'pglite',
        serverVersion: dump.serverVersion,
        migration: dump.migration,
        tables: Object.fromEntries(dump.tables.map((table) => [table.name, table.rows])),
        pglite: { tables, sequences: dump.sequences },
      };
    } else {
      const dumpFile = path.join(workDir, 'database.dump');
      const dumpStarted = performance.now();
      const dump = await dumpPostgres(options.source.databaseUrl, dumpFile);
      dumpMilliseconds = Math.round(performance.now() - dumpStarted);
      writer = new TarGzWriter(partial, ARCHIVE_MODE);
      const entry = 'database/postgres.dump';
      await add(entry, { path: dumpFile });
      database = {
        kind: 'postgres',
        serverVersion: dump.serverVersion,
        migration: dump.migration,
        tables: dump.tables,
        postgres: { entry, pgDumpVersion: dump.pgDumpVersion },
      };
    }
    const keyFiles: string[] = [];
    for (const key of KEY_FILES) {
      const bytes = readIfPresent(path.join(options.dataDir, key.file));
      if (bytes) {
        await add(`files/${key.file}`, bytes);
        keyFiles.push(key.file);
      }
    }
    let uploads = 0;
    for (const key of listUploads(options.dataDir)) {
      const bytes = readIfPresent(path.join(options.dataDir, UPLOADS, key));
      if (!bytes) continue;
      await add(`files/${UPLOADS}/${key}`, bytes);
      uploads++;
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: SERVER_VERSION,
      database,
      keys: {
        files: keyFiles,
        fromEnvironment: KEY_FILES.filter((key) => env[key.env]?.trim()).map((key) => key.env),
      },
      uploads,
      entries,
    };
    await writer.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await writer.finish();
    // A hard link fails when `file` appeared meanwhile instead of replacing it.
    fs.linkSync(partial, target);
    return {
      file: target,
      bytes: fs.statSync(target).size,
      manifest,
      milliseconds: Math.round(performance.now() - started),
      dumpMilliseconds,
    };
  } catch (error) {
    writer?.abort();
    throw error;
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** An entry name the archive may hold, and where it is extracted below a folder. */
function safeEntryName(name: string): boolean {
  if (name === MANIFEST_ENTRY) return true;
  if (
    /^database\/[a-zA-Z0-9_.-]+$/.test(name) ||
    /^database\/tables\/[a-zA-Z0-9_.-]+$/.test(name)
  ) {
    return !name.includes('..');
  }
  if (KEY_FILES.some((key) => name === `files/${key.file}`)) return true;
  const prefix = `files/${UPLOADS}/`;
  return (
    name.startsWith(prefix) && uploadKey.test(name.slice(prefix.length)) && !name.includes('..')
  );
}

/**
 * Reads the whole archive and checks it against its manifest (every entry present, of the
 * recorded size and SHA-256, nothing else); with `extractTo`, also writes the entries there.
 * Answers the manifest. Nothing outside `extractTo` is touched.
 */
export async function verifyArchive(file: string, extractTo?: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  try {
    for await (const entry of readTarGz(file)) {
      if (!safeEntryName(entry.name) || seen.has(entry.name)) {
        throw new BackupError(`unexpected entry "${entry.name}"`);
      }
      const hash = crypto.createHash('sha256');
      const chunks: Buffer[] = [];
      const out =
        extractTo && entry.name !== MANIFEST_ENTRY ? path.join(extractTo, entry.name) : undefined;
      let handle: fs.promises.FileHandle | undefined;
      if (out) {
        await fs.promises.mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
        handle = await fs.promises.open(out, 'wx', 0o600);
      }
      try {
        for await (const chunk of entry.body) {
          hash.update(chunk);
          if (entry.name === MANIFEST_ENTRY) {
            chunks.push(chunk);
            if (chunks.length > 1000) throw new BackupError('the manifest is too large');
          }
          if (handle) await handle.write(chunk);
        }
      } finally {
        await handle?.close();
      }
      if (entry.name === MANIFEST_ENTRY) manifestText = Buffer.concat(chunks).toString('utf8');
      seen.set(entry.name, { size: entry.size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`${file} is not a readable Sala backup: ${reason}`);
  }
  if (manifestText === undefined) {
    throw new BackupError(`${file} is not a Sala backup: it has no ${MANIFEST_ENTRY}`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
  } catch {
    throw new BackupError(`${file} has a manifest this version of Sala cannot read`);
  }
  const listed = new Set(manifest.entries.map((entry) => entry.name));
  for (const entry of manifest.entries) {
    const found = seen.get(entry.name);
    if (!found) throw new BackupError(`${file} is incomplete: ${entry.name} is missing`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new BackupError(`${file} is damaged: ${entry.name} does not match its checksum`);
    }
  }
  for (const name of seen.keys()) {
    if (name !== MANIFEST_ENTRY && !listed.has(name)) {
      throw new BackupError(`${file} holds ${name}, which its manifest does not list`);
    }
  }
  const { database } = manifest;
  const dumpEntries =
    database.kind === 'pglite'
      ? (database.pglite?.tables.map((table) => table.entry) ?? [undefined])
      : [database.postgres?.entry];
  if (dumpEntries.some((entry) => entry === undefined || !listed.has(entry))) {
    throw new BackupError(`${file} is incomplete: its database dump is missing`);
  }
  return manifest;
}

/** What of the data folder a restore would replace, when present. */
function existingData(dataDir: string, kind: Manifest['database']['kind']): string[] {
  const found: string[] = [];
  const nonEmptyDir = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
  if (kind === 'pglite' && nonEmptyDir(path.join(dataDir, PGLITE))) found.push(PGLITE);
  if (nonEmptyDir(path.join(dataDir, UPLOADS))) found.push(UPLOADS);
  for (const key of KEY_FILES) {
    if (fs.existsSync(path.join(dataDir, key.file))) found.push(key.file);
  }
  return found;
}

/**
 * The staging folders of restores that were interrupted (a kill, a power cut): all of them while
 * this process holds the data folder's lock, else those older than a day.
 */
function removeInterruptedRestores(dataDir: string, locked: boolean): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (!name.startsWith('.restore-')) continue;
    const dir = path.join(dataDir, name);
    if (locked || Date.now() - fs.statSync(dir).mtimeMs > 24 * 3600_000) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** The target PostgreSQL; undefined = the embedded database of dataDir. */
  databaseUrl: string | undefined;
  /** Replace a data folder or database that is not empty (the old data folder's files are kept aside). */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the replaced files of the data folder were moved (with `force`). */
  replacedDir: string | undefined;
  /** The last migration of the restored database. */
  migratedTo: string | null;
  milliseconds: number;
}

/**
 * Restores a backup into a new (or, with `force`, replaced) data folder or database: the archive
 * is checked whole before anything is touched, the database is rebuilt beside the data folder's
 * current contents and only then moved into place, and pending migrations bring an older
 * backup up to this version.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`);
  const manifest = await verifyArchive(file);
  const { kind } = manifest.database;
  const targetKind = options.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== targetKind) {
    throw new BackupError(
      kind === 'pglite'
        ? 'This backup is of an embedded database, but DATABASE_URL points this server at ' +
            'PostgreSQL. Restore it without DATABASE_URL (into DATA_DIR).'
        : 'This backup is of a PostgreSQL database, but this server uses the embedded database ' +
            '(DATABASE_URL is not set). Set DATABASE_URL to an empty PostgreSQL database to ' +
            'restore it.',
    );
  }
  const dataDir = path.resolve(options.dataDir);
  // Refused before anything changes when the folder is another account's (see the server's start).
  makeDataDirPrivate(dataDir);
  const lock = kind === 'pglite' ? lockDataDir(dataDir, 'restore') : undefined;
  removeInterruptedRestores(dataDir, lock !== undefined);
  const staging = path.join(dataDir, `.restore-${crypto.randomBytes(6).toString('hex')}`);
  try {
    const existing = existingData(dataDir, kind);
    const databaseEmpty = kind === 'postgres' ? await postgresIsEmpty(options.databaseUrl!) : true;
    if (!options.force && (existing.length > 0 || !databaseEmpty)) {
      const what = [
        ...(databaseEmpty ? [] : ['the PostgreSQL database of DATABASE_URL has tables']),
        ...(existing.length > 0 ? [`${dataDir} holds ${existing.join(', ')}`] : []),
      ];
      throw new BackupError(
        `The target is not empty: ${what.join('; ')}. Restore into a new DATA_DIR (and an ` +
          'empty database), or add --force to replace it.',
      );
    }
    fs.mkdirSync(staging, { mode: 0o700 });
    const extracted = path.join(staging, 'archive');
    // Read again while extracting: the file is checked against its manifest once more.
    await verifyArchive(file, extracted);
    const entryFile = (entry: string) => path.join(extracted, entry);
    if (kind === 'pglite') {
      await restorePglite(path.join(staging, PGLITE), manifest, entryFile);
    } else {
      await restorePostgres(
        options.databaseUrl!,
        entryFile(manifest.database.postgres!.entry),
        manifest.database.postgres!.pgDumpVersion,
        manifest.database.tables,
      );
      // Newer migrations of this version, as the server would apply them at start.
      const database = await openDatabase({ databaseUrl: options.databaseUrl, poolSize: 1 });
      await database.close();
    }
    let replacedDir: string | undefined;
    if (existing.length > 0) {
      replacedDir = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '')}`);
      fs.mkdirSync(replacedDir, { mode: 0o700 });
      for (const name of existing)
        fs.renameSync(path.join(dataDir, name), path.join(replacedDir, name));
    }
    if (kind === 'pglite') fs.renameSync(path.join(staging, PGLITE), path.join(dataDir, PGLITE));
    if (fs.existsSync(path.join(extracted, 'files', UPLOADS))) {
      fs.renameSync(path.join(extracted, 'files', UPLOADS), path.join(dataDir, UPLOADS));
    }
    for (const key of manifest.keys.files) {
      fs.renameSync(path.join(extracted, 'files', key), path.join(dataDir, key));
    }
    // The new database's files have PGlite's own modes (0666): its owner's only, as at start.
    makeDataDirPrivate(dataDir);
    return {
      manifest,
      replacedDir,
      migratedTo: knownMigrations().at(-1)?.tag ?? null,
      milliseconds: Math.round(performance.now() - started),
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock?.release();
  }
}
