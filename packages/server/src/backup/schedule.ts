import fs from 'node:fs';
import path from 'node:path';
import { cambodiaClock } from '../lib/schoolTime.js';
import { backupFileName, type BackupResult } from './backup.js';

/**
 * The embedded database's daily backup: one a day at SALA_BACKUP_HOUR (the school's, Cambodia's,
 * time), and shortly after start when the day has none yet (a server stopped at night still
 * gets its day's backup). Only the newest SALA_BACKUP_KEEP daily backups are kept; backups made
 * by hand (`sala-backup-…`) are the administrator's and never removed.
 */

const DAILY_FILE = /^sala-daily-(\d{4}-\d{2}-\d{2})-\d{6}\.tar\.gz$/;
/** After a failed backup, another attempt this much later (or at the daily hour if sooner). */
const RETRY_MS = 3600_000;
/** Temporary files older than this are left over from a process that stopped mid-backup. */
const STALE_MS = 3600_000;

interface Log {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DailyBackupOptions {
  dir: string;
  keep: number;
  hour: number;
  /** Writes one backup into `file`. */
  backup(file: string): Promise<BackupResult>;
  log: Log;
  /** The first check after start, 30 s by default: the server answers its first requests first. */
  firstDelayMs?: number;
  now?: () => Date;
}

/** The daily backups in `dir`, newest first. */
export function dailyBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => DAILY_FILE.test(name))
    .sort()
    .reverse();
}

/** Removes all but the newest `keep` daily backups; answers the removed names. */
export function pruneDailyBackups(dir: string, keep: number): string[] {
  const removed = dailyBackups(dir).slice(keep);
  for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** Temporary files a backup interrupted by a crash left in `dir`. */
function removeStaleParts(dir: string, now: Date): void {
  if (!fs.existsSync(dir)) return;
  for (const name of fs.readdirSync(dir)) {
    if (!/^\.sala-.*\.(tmp|parts)$/.test(name)) continue;
    const file = path.join(dir, name);
    if (now.getTime() - fs.statSync(file).mtimeMs > STALE_MS) {
      fs.rmSync(file, { recursive: true, force: true });
    }
  }
}

/** The next whole `hour` o'clock in Cambodia strictly after `now`. */
export function nextDailyRun(now: Date, hour: number): Date {
  const { date } = cambodiaClock(now);
  const at = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+07:00`);
  if (at.getTime() <= now.getTime()) at.setTime(at.getTime() + 24 * 3600_000);
  return at;
}

export class DailyBackups {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  private readonly now: () => Date;

  constructor(private readonly options: DailyBackupOptions) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.schedule(this.options.firstDelayMs ?? 30_000);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runIfDue()
        .then(
          () => nextDailyRun(this.now(), this.options.hour).getTime() - this.now().getTime(),
          () =>
            Math.min(
              RETRY_MS,
              nextDailyRun(this.now(), this.options.hour).getTime() - this.now().getTime(),
            ),
        )
        .then((next) => this.schedule(next));
    }, delayMs);
    this.timer.unref();
  }

  /** Makes today's backup unless there is one; then keeps the newest `keep`. */
  async runIfDue(): Promise<BackupResult | undefined> {
    const { dir, keep } = this.options;
    const now = this.now();
    const today = cambodiaClock(now).date;
    removeStaleParts(dir, now);
    const latest = dailyBackups(dir)[0];
    if (latest && DAILY_FILE.exec(latest)?.[1] === today) return undefined;
    const file = path.join(dir, backupFileName('sala-daily', now));
    try {
      const result = await this.options.backup(file);
      const removed = pruneDailyBackups(dir, keep);
      this.options.log.info(
        {
          file: result.file,
          bytes: result.bytes,
          milliseconds: result.milliseconds,
          dumpMilliseconds: result.dumpMilliseconds,
          removed: removed.length > 0 ? removed : undefined,
        },
        'daily backup written',
      );
      return result;
    } catch (error) {
      this.options.log.error(
        { file, error: error instanceof Error ? error.message : String(error) },
        'daily backup failed; trying again later',
      );
      throw error;
    }
  }

  /** Stops the schedule, after the backup being written (if any) is complete. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}
