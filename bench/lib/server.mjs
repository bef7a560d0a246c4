// Shared by the benchmarks that start the built server: spawning it on a free port, and waiting
// for its health.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { endpoints } from '@sala/contract';
import { assertEmptyDatabase } from './http.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverMain = path.join(root, 'packages/server/dist/main.js');

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server on a free port with `env` added to this process's (DATA_DIR, the admin
 * password…); extra Node flags come from BENCH_NODE_ARGS (e.g. `--cpu-prof`). It does not wait:
 * see `waitForHealth`.
 */
export async function spawnServer(env, { stderr = 'ignore' } = {}) {
  if (!fs.existsSync(serverMain)) throw new Error('Build first: npm run build');
  const port = await freePort();
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, serverMain], {
    // No daily backup: a dump 30 s after start would pause the embedded database mid-measurement.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SALA_BACKUP: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', stderr],
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Waits until the server at `base` answers /api/health, polling every `intervalMs`; fails if
 * `child` exits or 60 s pass.
 */
export async function waitForHealth(base, child, intervalMs = 50) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}${endpoints.getHealth.path}`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error('server did not start in 60 s');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * The built server's module (packages/server/dist/index.js: openDatabase, bootstrapDatabase,
 * schoolTermResults…) with the school generator built beside it (dist/generate.js:
 * generateSchools); fails when the build is missing or older than them.
 */
export async function serverBuild() {
  if (!fs.existsSync(serverMain)) throw new Error('Build first: npm run build');
  const built = {
    ...(await import(pathToFileURL(path.join(path.dirname(serverMain), 'index.js')).href)),
    ...(await import(pathToFileURL(path.join(path.dirname(serverMain), 'generate.js')).href)),
  };
  for (const name of [
    'openDatabase',
    'bootstrapDatabase',
    'generateSchools',
    'schoolTermResults',
  ]) {
    if (typeof built[name] !== 'function')
      throw new Error(`the server build does not export ${name}: npm run build`);
  }
  return built;
}

/**
 * Prepares a benchmark's database for the built server to open: the embedded one under
 * `dataDir` (where DATA_DIR=dataDir finds it) or the empty PostgreSQL database of `databaseUrl`,
 * with a first school whose admin has `adminPassword`, then `fill(db, build)` (the generator),
 * then closed. Answers what `fill` answered and the seconds it all took.
 */
export async function prepareDatabase({ databaseUrl, dataDir, adminPassword, name }, fill) {
  const build = await serverBuild();
  const started = performance.now();
  if (databaseUrl) await assertEmptyDatabase(databaseUrl, name);
  const opened = await build.openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'),
    poolSize: 1,
  });
  try {
    await build.bootstrapDatabase(opened.db, { demo: false, adminPassword });
    const result = await fill(opened.db, build);
    return { result, seconds: (performance.now() - started) / 1000 };
  } finally {
    await opened.close();
  }
}
