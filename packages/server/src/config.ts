import os from 'node:os';
import path from 'node:path';
import { defaultUploadLimits, type UploadLimits } from './modules/files/service.js';
import { telegramOptionsFromEnv, type TelegramOptions } from './modules/telegram/client.js';

export interface ServerConfig {
  port: number;
  host: string;
  /** Where the embedded database, keys and uploads live. */
  dataDir: string;
  /** A PostgreSQL URL; when unset the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  /** Create the demo school on an empty database. */
  demo: boolean;
  /** The first admin's password on an empty database; a random one is printed when unset. */
  adminPassword: string | undefined;
  /** Folder of the built app to serve, if any. */
  appDir: string | undefined;
  /** Public base URL of the API as the browser sees it; empty = same origin. */
  apiBaseUrl: string;
  logLevel: string;
  /** Sign-in throttling: attempts per address, failures per account, per window. */
  loginLimits: { perIp: number; perAccount: number; windowMs: number };
  /** The largest image upload, in bytes. */
  uploadMaxBytes: number;
  /** Upload quotas and rates, and how long an unused upload is kept (SALA_UPLOAD_…). */
  uploadLimits: UploadLimits;
  /** The server's public address (https://…): Telegram sends updates to its webhook when set. */
  publicUrl: string | undefined;
  /** Where the Telegram Bot API is (TELEGRAM_API_URL) and how long a call may take. */
  telegram: TelegramOptions;
  /** Long-poll wait for Telegram updates when there is no public address, in seconds. */
  telegramPollSeconds: number;
  /** SALA_WORKERS: server processes on this machine sharing the port (PostgreSQL only above 1). */
  workers: number;
  /** SALA_DB_POOL_SIZE: PostgreSQL connections each server process may open (10 by default). */
  dbPoolSize: number;
  /** SALA_BENCH_ROUTES=1: the benchmark's reference routes under /api/bench (never in production). */
  benchRoutes: boolean;
  /**
   * SALA_LOW_PRIORITY_HASHING=1: password hashing at the lowest priority (Linux), for a machine
   * that runs nothing else; where it is shared, sign-ins would wait for everything else on it.
   */
  lowPriorityHashing: boolean;
  /** Daily backups of the embedded database: SALA_BACKUP, _DIR, _KEEP, _HOUR. */
  backup: { enabled: boolean; dir: string; keep: number; hour: number };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number above 0, got "${raw}"`);
  }
  return value;
}

/**
 * Upload quotas: SALA_UPLOAD_QUOTA_USER_MB (200) and SALA_UPLOAD_QUOTA_SCHOOL_MB (2048), the
 * megabytes the files an account uploaded and those of a school may take;
 * SALA_UPLOAD_RATE_USER_PER_MINUTE (30) and SALA_UPLOAD_RATE_SCHOOL_PER_MINUTE (120), uploads an
 * account and a school may make per minute; SALA_UPLOAD_UNUSED_HOURS (24), how long an upload no
 * record uses is kept.
 */
function uploadLimitsOf(env: NodeJS.ProcessEnv): UploadLimits {
  const MB = 1024 * 1024;
  const d = defaultUploadLimits;
  return {
    userBytes: positiveInteger(env, 'SALA_UPLOAD_QUOTA_USER_MB', d.userBytes / MB) * MB,
    schoolBytes: positiveInteger(env, 'SALA_UPLOAD_QUOTA_SCHOOL_MB', d.schoolBytes / MB) * MB,
    userPerMinute: positiveInteger(env, 'SALA_UPLOAD_RATE_USER_PER_MINUTE', d.userPerMinute),
    schoolPerMinute: positiveInteger(env, 'SALA_UPLOAD_RATE_SCHOOL_PER_MINUTE', d.schoolPerMinute),
    orphanGraceMs:
      positiveInteger(env, 'SALA_UPLOAD_UNUSED_HOURS', d.orphanGraceMs / 3_600_000) * 3_600_000,
  };
}

/** PUBLIC_URL: an http(s) address without a trailing slash, or unset. */
function publicUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be a URL such as https://school.example.org, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`PUBLIC_URL must be an http or https URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** TELEGRAM_POLL_SECONDS: 0 to 50 (Telegram's longest wait), 25 by default. */
function pollSeconds(env: NodeJS.ProcessEnv): number {
  const raw = env.TELEGRAM_POLL_SECONDS?.trim();
  if (!raw) return 25;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 50) {
    throw new Error(`TELEGRAM_POLL_SECONDS must be a whole number from 0 to 50, got "${raw}"`);
  }
  return value;
}

/** The most server processes SALA_WORKERS may ask for on one machine. */
export const MAX_WORKERS = 64;

/**
 * SALA_WORKERS: how many server processes serve the port (node:cluster), 1 by default; `auto`
 * is one per core. More than one needs PostgreSQL: the embedded database belongs to one process.
 */
function workersOf(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  const raw = env.SALA_WORKERS?.trim();
  let workers = 1;
  if (raw === 'auto') workers = os.availableParallelism();
  else if (raw) {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isInteger(value) || value < 1 || value > MAX_WORKERS) {
      throw new Error(
        `SALA_WORKERS must be a whole number from 1 to ${MAX_WORKERS} or "auto", got "${raw}"`,
      );
    }
    workers = value;
  }
  if (workers > 1 && !databaseUrl) {
    throw new Error(
      `SALA_WORKERS=${raw} needs PostgreSQL: the embedded database (PGlite) can be opened by one ` +
        'process only. Set DATABASE_URL=postgres://… to run several server processes, or leave ' +
        'SALA_WORKERS unset (1) to keep the embedded database.',
    );
  }
  return workers;
}

/**
 * SALA_BACKUP=0 turns the embedded database's daily backup off; SALA_BACKUP_DIR is where backups
 * go (DATA_DIR/backups), SALA_BACKUP_KEEP how many daily ones are kept (14), SALA_BACKUP_HOUR the
 * hour of the day, in Cambodia's time, they are made at (2).
 */
function backupOf(env: NodeJS.ProcessEnv, dataDir: string): ServerConfig['backup'] {
  const enabled = env.SALA_BACKUP?.trim() || '1';
  if (enabled !== '0' && enabled !== '1') {
    throw new Error(
      `SALA_BACKUP must be 1 (daily backups, the default) or 0 (none), got "${enabled}"`,
    );
  }
  const hourRaw = env.SALA_BACKUP_HOUR?.trim();
  const hour = hourRaw ? Number(hourRaw) : 2;
  if (hourRaw && (!/^\d{1,2}$/.test(hourRaw) || hour > 23)) {
    throw new Error(`SALA_BACKUP_HOUR must be a whole number from 0 to 23, got "${hourRaw}"`);
  }
  return {
    enabled: enabled === '1',
    dir: path.resolve(dataDir, env.SALA_BACKUP_DIR?.trim() || 'backups'),
    keep: positiveInteger(env, 'SALA_BACKUP_KEEP', 14),
    hour,
  };
}

/** Reads the server's settings from the environment (see README "Configuration"). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const demoSetting = env.SALA_DEMO?.trim();
  // Demo data by default on the embedded database only; SALA_DEMO=1/0 overrides.
  const demo = demoSetting === undefined || demoSetting === '' ? !databaseUrl : demoSetting === '1';
  const port = Number.parseInt(env.PORT ?? '3000', 10);
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './.sala-data');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a number between 0 and 65535, got "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    databaseUrl,
    demo,
    adminPassword: env.SALA_ADMIN_PASSWORD || undefined,
    appDir: env.SALA_APP_DIR?.trim() || undefined,
    apiBaseUrl: env.SALA_API_BASE_URL?.trim() ?? '',
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    loginLimits: {
      perIp: positiveInteger(env, 'SALA_LOGIN_MAX_PER_IP', 100),
      perAccount: positiveInteger(env, 'SALA_LOGIN_MAX_PER_ACCOUNT', 10),
      windowMs: positiveInteger(env, 'SALA_LOGIN_WINDOW_SECONDS', 15 * 60) * 1000,
    },
    uploadMaxBytes: positiveInteger(env, 'SALA_UPLOAD_MAX_MB', 5) * 1024 * 1024,
    uploadLimits: uploadLimitsOf(env),
    publicUrl: publicUrlOf(env),
    telegram: telegramOptionsFromEnv(env),
    telegramPollSeconds: pollSeconds(env),
    workers: workersOf(env, databaseUrl),
    dbPoolSize: positiveInteger(env, 'SALA_DB_POOL_SIZE', 10),
    benchRoutes: env.SALA_BENCH_ROUTES?.trim() === '1',
    lowPriorityHashing: env.SALA_LOW_PRIORITY_HASHING?.trim() === '1',
    backup: backupOf(env, dataDir),
  };
}
