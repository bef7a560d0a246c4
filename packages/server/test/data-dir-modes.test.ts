import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirOwnerError, makeDataDirPrivate } from '../src/lib/data-dir.js';
import { onePixelPng } from './helpers.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `node src/main.ts` through tsx, reading the workspace packages' sources (no build needed). */
const nodeArgs = [
  '--conditions=@sala/source',
  '--import',
  'tsx',
  path.join(serverRoot, 'src', 'main.ts'),
];
const PASSWORD = 'private data folder 2024';

const temporary: string[] = [];
function temporaryDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-modes-'));
  temporary.push(dir);
  return dir;
}
/** Servers started, stopped at the end even when a test failed while one ran. */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every file and folder under `dir` (itself included) the group or others have any right on. */
function openEntries(dir: string): string[] {
  const open: string[] = [];
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) open.push(`${(stat.mode & 0o777).toString(8)} ${file}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return open;
}

/** Files and folders under `dir` (itself included): how many of each mode. */
function modes(dir: string): Record<string, number> {
  const count: Record<string, number> = {};
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    const key = `${stat.isDirectory() ? 'folder' : 'file'} ${(stat.mode & 0o777).toString(8)}`;
    count[key] = (count[key] ?? 0) + 1;
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return count;
}

/** Gives every file and folder under `dir` to everyone, as an older install may have left it. */
function openToEveryone(dir: string): void {
  const visit = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.isSymbolicLink()) return;
    fs.chmodSync(file, stat.isDirectory() ? 0o777 : 0o666);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
}

interface Server {
  url: string;
  errors(): string;
  stop(): Promise<void>;
}

/** Starts `main.ts` on the data folder with the embedded database; resolves once it listens. */
function startServer(dataDir: string): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SALA_ADMIN_PASSWORD: PASSWORD,
    SALA_DEMO: '1',
    SALA_BACKUP: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, nodeArgs, {
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  running.add(child);
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start: ${errors}`)), 240_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`ended (${code}) before listening: ${errors}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const started = /Sala is running at http:\/\/localhost:(\d+)/.exec(line);
      if (!started) return;
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${started[1]}`,
        errors: () => errors,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/** A sign-in and an upload: the database writes its log and tables, the upload a file. */
async function write(server: Server): Promise<void> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD, schoolCode: 'demo' }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(onePixelPng)], { type: 'image/png' }), 'a.png');
  const upload = await fetch(`${server.url}/api/files/avatars`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  expect(upload.status).toBe(200);
}

describe('the data folder', () => {
  it('is its owner’s only from the first start, and made so again when found open', async () => {
    const dataDir = path.join(temporaryDir(), 'data');

    // A new data folder: the embedded database's own files included.
    let server = await startServer(dataDir);
    expect(openEntries(dataDir)).toEqual([]);
    await write(server);
    expect(openEntries(dataDir)).toEqual([]);
    await server.stop();
    expect(openEntries(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'pg_wal'))).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toHaveLength(1);

    // As an older version left it: everything open to every account of the machine.
    fs.mkdirSync(path.join(dataDir, 'backups'));
    fs.writeFileSync(path.join(dataDir, 'backups', 'sala-backup-old.tar.gz'), 'archive');
    openToEveryone(dataDir);
    const open = openEntries(dataDir).length;
    expect(open).toBeGreaterThan(1000);

    server = await startServer(dataDir);
    expect(server.errors()).toContain(`sala: ${open} files and folders of the data folder`);
    expect(openEntries(dataDir)).toEqual([]);
    await write(server);
    await server.stop();
    expect(openEntries(dataDir)).toEqual([]);
    const found = modes(dataDir);
    expect(Object.keys(found).sort()).toEqual(['file 600', 'folder 700']);
  }, 600_000);

  it('has its open files and folders closed, not the targets of its links', () => {
    const outside = path.join(temporaryDir(), 'shared.txt');
    fs.writeFileSync(outside, 'not Sala’s');
    fs.chmodSync(outside, 0o644);
    const dir = path.join(temporaryDir(), 'data');
    fs.mkdirSync(path.join(dir, 'pglite', 'pg_wal'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'pglite', 'pg_wal', '000000010000000000000001'), 'wal');
    fs.writeFileSync(path.join(dir, 'jwt-secret'), 'key', { mode: 0o644 });
    fs.chmodSync(path.join(dir, 'pglite', 'pg_wal', '000000010000000000000001'), 0o666);
    fs.chmodSync(dir, 0o755);
    fs.symlinkSync(outside, path.join(dir, 'link'));

    expect(makeDataDirPrivate(dir)).toEqual({ closed: 5, exposed: 5 });
    expect(openEntries(dir)).toEqual([]);
    expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
    expect(makeDataDirPrivate(dir)).toEqual({ closed: 0, exposed: 0 });
    // A file left open inside the private folder (as PGlite writes its own) is closed, but it was
    // never within other accounts' reach.
    fs.writeFileSync(path.join(dir, 'pglite', 'pg_wal', '000000010000000000000002'), 'wal');
    fs.chmodSync(path.join(dir, 'pglite', 'pg_wal', '000000010000000000000002'), 0o666);
    expect(makeDataDirPrivate(dir)).toEqual({ closed: 1, exposed: 0 });
    // A folder that does not exist yet is created for its owner only.
    const fresh = path.join(temporaryDir(), 'new', 'data');
    makeDataDirPrivate(fresh);
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
  });

  // Giving a folder to another account takes the superuser.
  it.skipIf(process.getuid?.() !== 0)(
    'is refused when it, or an open file in it, belongs to another account, changing nothing',
    () => {
      const dir = path.join(temporaryDir(), 'data');
      fs.mkdirSync(dir, { mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'jwt-secret'), 'key', { mode: 0o644 });
      fs.chmodSync(path.join(dir, 'jwt-secret'), 0o644);
      fs.chownSync(dir, 4242, 4242);
      expect(() => makeDataDirPrivate(dir)).toThrow(DataDirOwnerError);
      expect(() => makeDataDirPrivate(dir)).toThrow('belongs to another account (uid 4242)');
      expect(fs.statSync(dir).mode & 0o777).toBe(0o755);
      expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o644);

      fs.chownSync(dir, process.getuid!(), process.getgid!());
      fs.writeFileSync(path.join(dir, 'theirs'), 'x');
      fs.chmodSync(path.join(dir, 'theirs'), 0o644);
      fs.chownSync(path.join(dir, 'theirs'), 4242, 4242);
      expect(() => makeDataDirPrivate(dir)).toThrow(
        'of another account that other accounts may read',
      );
      expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o644);
    },
  );
});
