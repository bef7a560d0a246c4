import type { PGlite } from '@electric-sql/pglite';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { createBackup, type BackupResult } from './backup.js';
import { listenForBackupRequests, type ControlServer } from './control.js';
import { DailyBackups } from './schedule.js';

interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ServerBackups {
  /** Writes a backup now (after any backup being written). */
  backup(file: string): Promise<BackupResult>;
  /** Stops the schedule and the socket, after the backup being written (if any). */
  stop(): Promise<void>;
}

/**
 * The running server's part in backups of the embedded database: it writes them itself, one at
 * a time — the daily ones (unless SALA_BACKUP=0) and those `npm run backup` asks for through the
 * data folder's control socket. Nothing to do on PostgreSQL: `npm run backup` runs pg_dump
 * beside the running servers.
 */
export async function startServerBackups(
  config: ServerConfig,
  database: Database,
  log: Log,
  options: { firstDelayMs?: number } = {},
): Promise<ServerBackups> {
  if (database.kind !== 'pglite') {
    return {
      backup: () =>
        Promise.reject(new Error('The server writes backups of the embedded database only')),
      stop: () => Promise.resolve(),
    };
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  let queue: Promise<unknown> = Promise.resolve();
  const backup = (file: string): Promise<BackupResult> => {
    const work = () =>
      createBackup({ source: { kind: 'pglite', client }, dataDir: config.dataDir, file });
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  let control: ControlServer | undefined;
  try {
    control = await listenForBackupRequests(config.dataDir, backup, log);
  } catch (error) {
    log.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'the backup socket could not be opened: stop the server to run npm run backup',
    );
  }
  const daily = config.backup.enabled
    ? new DailyBackups({
        dir: config.backup.dir,
        keep: config.backup.keep,
        hour: config.backup.hour,
        backup,
        log,
        firstDelayMs: options.firstDelayMs,
      })
    : undefined;
  daily?.start();
  return {
    backup,
    async stop() {
      await daily?.stop();
      await control?.close();
      await queue;
    },
  };
}
