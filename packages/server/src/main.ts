import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app.js';
import { lockDataDir } from './backup/lock.js';
import { startServerBackups } from './backup/service.js';
import { configFromEnv, type ServerConfig } from './config.js';
import { openDatabase, withStartupLock, type Database } from './db/client.js';
import { DataDirOwnerError, makeDataDirPrivate } from './lib/data-dir.js';
import { serverLogger } from './lib/logging.js';
import { lowerHashingPriority } from './lib/passwords.js';
import { loadSigningKey } from './lib/tokens.js';
import { loadSecretKey } from './modules/telegram/crypto.js';
import { bootstrapDatabase, type BootstrapResult } from './seed/bootstrap.js';

/** The built app beside the server in the repository, when it has been built. */
function defaultAppDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../app/dist');
  return fs.existsSync(path.join(candidate, 'index.html')) ? candidate : undefined;
}

/**
 * Makes the data folder its owner's only before anything opens it, saying so when an existing
 * one was open to other accounts (see `makeDataDirPrivate`).
 */
function secureDataDir(config: ServerConfig) {
  const { exposed } = makeDataDirPrivate(config.dataDir);
  if (exposed > 0) {
    console.error(
      `sala: ${exposed} files and folders of the data folder ${config.dataDir} could be read by ` +
        'other accounts of this machine; they are now readable by their owner only (files ' +
        '0600, folders 0700).',
    );
  }
}

/** How often a process looks for report-card jobs asked of another process, or left by one. */
const REPORT_POLL_MS = 5000;

/**
 * Opens the database, applies pending migrations and creates the first school on an empty one,
 * while no other process starting against the same PostgreSQL does the same.
 */
async function prepareDatabase(
  config: ServerConfig,
): Promise<{ database: Database; boot: BootstrapResult | undefined }> {
  return withStartupLock(config.databaseUrl, async () => {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
      poolSize: config.dbPoolSize,
    });
    const boot = await bootstrapDatabase(database.db, {
      demo: config.demo,
      demoData: config.demo,
      adminPassword: config.adminPassword,
    });
    return { database, boot };
  });
}

/** Builds the server on an open database and listens; closes both on SIGTERM and SIGINT. */
async function serve(config: ServerConfig, database: Database, appDir: string | undefined) {
  const server = await buildServer({
    database,
    signingKey: loadSigningKey(config.dataDir),
    appDir,
    apiBaseUrl: config.apiBaseUrl,
    logger: serverLogger(config.logLevel),
    dataDir: config.dataDir,
    loginLimits: config.loginLimits,
    uploadMaxBytes: config.uploadMaxBytes,
    uploadLimits: config.uploadLimits,
    fileSweep: {},
    benchRoutes: config.benchRoutes,
    telegram: {
      key: loadSecretKey(config.dataDir),
      options: config.telegram,
      publicUrl: config.publicUrl,
      background: true,
      pollTimeoutSeconds: config.telegramPollSeconds,
    },
    reportJobs: { pollMs: REPORT_POLL_MS },
  });
  const backups = await startServerBackups(config, database, server.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    // Close the HTTP server first, then the database: an embedded database killed uncleanly
    // has to recover on the next start.
    await backups.stop();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await server.listen({ port: config.port, host: config.host });
  return new URL(address).port;
}

/** What is printed once the server listens: where it is and, on a new database, how to sign in. */
function banner(
  config: ServerConfig,
  port: string,
  kind: Database['kind'],
  appDir: string | undefined,
  boot: BootstrapResult | undefined,
): string {
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  Sala is running at ${url}`,
    `  Database: ${kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`,
  ];
  if (config.workers > 1) lines.push(`  Server processes: ${config.workers} (SALA_WORKERS)`);
  if (!appDir) lines.push('  The app is not built: run `npm run build` to serve it.');
  if (boot) {
    lines.push(
      '',
      `  A new ${boot.demo ? 'demo ' : ''}school was created (school code "${boot.schoolCode}").`,
      `  Sign in at ${url}/auths/login as "${boot.adminUsername}"`,
      boot.generatedPassword
        ? `  with the password: ${boot.generatedPassword}   (shown only this once)`
        : '  with the password from SALA_ADMIN_PASSWORD.',
    );
    if (boot.demoUsernames.length > 0) {
      lines.push(
        `  Demo staff (same password): ${boot.demoUsernames.map((name) => `"${name}"`).join(', ')}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

/** One process: today's `npm start`. */
async function single(config: ServerConfig) {
  secureDataDir(config);
  // The embedded database is opened by one process at a time (backup and restore included).
  if (!config.databaseUrl) lockDataDir(config.dataDir, 'server');
  const { database, boot } = await prepareDatabase(config);
  // PGlite gives the files of a new database modes of its own (0666), whatever the umask.
  if (!config.databaseUrl) makeDataDirPrivate(path.join(config.dataDir, 'pglite'));
  const appDir = config.appDir ?? defaultAppDir();
  const port = await serve(config, database, appDir);
  console.log(banner(config, port, database.kind, appDir, boot));
}

/** A worker of SALA_WORKERS: the primary has migrated; it only serves. */
async function worker(config: ServerConfig) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.dbPoolSize,
    migrate: false,
  });
  await serve(config, database, config.appDir ?? defaultAppDir());
}

/** Longest wait before starting a worker again after it stopped on its own. */
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long before it stopped is started again at once. */
const STABLE_AFTER_MS = 60_000;

/**
 * SALA_WORKERS=N: migrates and sets up the database once, then forks N workers that serve the
 * same port (node:cluster hands them the connections); a worker that stops is started again,
 * a little later each time it stops soon after starting. SIGTERM/SIGINT stop them all.
 */
async function primary(config: ServerConfig) {
  secureDataDir(config);
  const { database, boot } = await prepareDatabase(config);
  await database.close();
  // Without SALA_JWT_SECRET / SALA_SECRET_KEY, the keys are files of the data folder: made here
  // once, before the workers read them.
  loadSigningKey(config.dataDir);
  loadSecretKey(config.dataDir);
  const appDir = config.appDir ?? defaultAppDir();
  const log = (message: string) => console.error(`sala: ${message}`);

  let stopping = false;
  let announced = false;
  const slots = Array.from({ length: config.workers }, () => ({ failures: 0, startedAt: 0 }));

  const fork = (slot: number) => {
    slots[slot]!.startedAt = Date.now();
    const child = cluster.fork({ SALA_WORKER_INDEX: String(slot + 1) });
    child.on('listening', (address) => {
      if (announced) return;
      announced = true;
      console.log(banner(config, String(address.port), 'postgres', appDir, boot));
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const state = slots[slot]!;
      state.failures = Date.now() - state.startedAt >= STABLE_AFTER_MS ? 0 : state.failures + 1;
      const delay = Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** Math.max(0, state.failures - 1));
      log(
        `worker ${slot + 1} (pid ${child.process.pid}) stopped (${signal ?? `code ${code}`}); ` +
          `starting it again in ${delay} ms`,
      );
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, delay).unref();
    });
  };
  for (let slot = 0; slot < config.workers; slot++) fork(slot);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    const force = setTimeout(() => {
      for (const w of running) if (!w.isDead()) w.process.kill('SIGKILL');
    }, 20_000);
    let left = running.length;
    if (left === 0) process.exit(0);
    for (const w of running) {
      w.once('exit', () => {
        if (--left === 0) {
          clearTimeout(force);
          process.exit(0);
        }
      });
      // Each worker closes its HTTP server and its database itself.
      if (!w.isDead()) w.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main() {
  // Whatever this process creates (the data folder, the database's files, keys, uploads,
  // backups) is readable and writable by its owner only.
  process.umask(0o077);
  const config = configFromEnv();
  // Sign-ins then wait for a core rather than the requests beside them (see lib/passwords.ts).
  if (config.lowPriorityHashing) lowerHashingPriority();
  if (cluster.isWorker) await worker(config);
  else if (config.workers > 1) await primary(config);
  else await single(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirOwnerError ? `sala: ${error.message}` : error);
  process.exit(1);
});
