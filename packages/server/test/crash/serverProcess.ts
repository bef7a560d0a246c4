import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

/** packages/server */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Bundles src/main.ts as `npm run build` does (tsup, the options of tsup.config.ts: one ESM file
 * for Node, the contract inlined from its source, npm dependencies left to node_modules), into a
 * folder under packages/server/node_modules so that the bundle finds the dependencies and the
 * migrations (drizzle/) as the built server does. A bundle starts in about half the CPU time of
 * the TypeScript sources through tsx, which is most of what a restart costs. Answers the entry
 * file and a function that removes the folder.
 */
export async function bundleServer(): Promise<{ entry: string; remove(): void }> {
  // tsup leaves a package's dependencies external, read from the package.json of the folder it
  // runs in: here the server's, named.
  const packageJson = JSON.parse(
    fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'),
  ) as { dependencies?: Record<string, string> };
  const external = Object.keys(packageJson.dependencies ?? {}).filter(
    (name) => name !== '@sala/contract',
  );
  const dir = path.join(
    serverRoot,
    'node_modules',
    '.cache',
    `sala-crash-${process.pid}-${crypto.randomBytes(3).toString('hex')}`,
  );
  await build({
    config: false,
    entry: { main: path.join(serverRoot, 'src/main.ts') },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir: dir,
    external,
    noExternal: ['@sala/contract'],
    silent: true,
    esbuildOptions(options) {
      options.conditions = ['@sala/source'];
    },
  });
  return {
    entry: path.join(dir, 'main.js'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ServerProcessOptions {
  entry: string;
  /** The server's DATA_DIR: keys, uploads and (without a database URL) the PGlite database. */
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string;
}

export interface ServerProcess {
  process: ChildProcess;
  /** The server's address once it listens (its start-up banner). */
  ready: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote, stdout and stderr, for the messages of a failed check. */
  output(): string;
  /** Error lines it wrote: log lines of level error or fatal, and anything on stderr. */
  errors(): string[];
  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** SIGTERM: the server's own clean shutdown; answers its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `npm start` (src/main.ts, bundled) on a port of its own: the database of `databaseUrl`,
 * else PGlite in `dataDir`; the demo school on an empty database. The server prints its banner
 * when it listens; its log (level warn and above) is JSON lines on stdout.
 */
export function startServer(options: ServerProcessOptions): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('SALA_') || name.startsWith('TELEGRAM_')) delete env[name];
  }
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  Object.assign(env, {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SALA_DEMO: '1',
    SALA_ADMIN_PASSWORD: options.adminPassword,
    LOG_LEVEL: 'warn',
    // No daily backup: its first dump, 30 s after a start, would come only on a slow machine.
    SALA_BACKUP: '0',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, SALA_DB_POOL_SIZE: '6' } : {}),
  });
  const child = spawn(process.execPath, [options.entry], {
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let text = '';
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line.trim()) errors.push(line);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      text += `${line}\n`;
      const address = /Sala is running at http:\/\/localhost:(\d+)/.exec(line);
      if (address) resolve(`http://127.0.0.1:${address[1]}`);
      if (line.startsWith('{')) {
        try {
          const entry = JSON.parse(line) as { level?: number };
          if ((entry.level ?? 0) >= 50) errors.push(line);
        } catch {
          errors.push(line);
        }
      }
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`the server ended before it listened (${signal ?? code}):\n${text}`)),
    );
  });
  // A start that is killed on purpose never listens: nobody waits for it then.
  ready.catch(() => undefined);
  return {
    process: child,
    ready,
    exited,
    output: () => text,
    errors: () => [...errors],
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return (await exited).code;
    },
  };
}
