import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, MAX_WORKERS } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { enqueueMessages } from '../src/modules/telegram/outbox.js';
import { startFakeTelegram, type FakeTelegram } from './fakeTelegram.js';
import { onePixelPng } from './helpers.js';
import {
  eventually,
  fakeBot,
  outboxMessage,
  outboxRows,
  seedOutboxSchool,
} from './telegramOutboxFixtures.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainScript = path.join(serverRoot, 'src', 'main.ts');

/** `node src/main.ts` through tsx, reading the workspace packages' sources (no build needed). */
const nodeArgs = ['--conditions=@sala/source', '--import', 'tsx', mainScript];

interface ServerProcess {
  name: string;
  child: ChildProcess;
  /** http://127.0.0.1:PORT */
  url: string;
  /** Everything printed on stdout: the start message and the JSON log lines. */
  lines: string[];
  /** The JSON log lines. */
  logs(): Record<string, unknown>[];
  /** What was printed on stderr so far. */
  errors(): string;
  exited: Promise<number | null>;
}

/** Starts `main.ts` and resolves once it prints where it listens. */
function startServer(name: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: serverRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  const lines: string[] = [];
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start: ${lines.join('\n')}\n${errors}`)),
      45_000,
    );
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} ended (${code}) before listening: ${errors}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const started = /Sala is running at http:\/\/localhost:(\d+)/.exec(line);
      if (!started) return;
      clearTimeout(timer);
      resolve({
        name,
        child,
        url: `http://127.0.0.1:${started[1]}`,
        lines,
        logs: () =>
          lines
            .filter((text) => text.startsWith('{'))
            .map((text) => JSON.parse(text) as Record<string, unknown>),
        errors: () => errors,
        exited,
      });
    });
  });
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  bytes: Buffer;
}

async function call(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: Uint8Array | string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) body = new Uint8Array(options.body);
  const response = await fetch(`${server.url}${url}`, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('application/json')
    ? (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>)
    : {};
  return { status: response.status, body: parsed, bytes };
}

const PASSWORD = 'two processes, one school 42';
const MAX_FAILURES_PER_ACCOUNT = 4;

describe('SALA_WORKERS', () => {
  const postgres = { DATABASE_URL: 'postgres://sala@db.example/sala' };

  it('is one process by default, a number of them, or one per core', () => {
    expect(configFromEnv({}).workers).toBe(1);
    expect(configFromEnv({ ...postgres, SALA_WORKERS: ' 4 ' }).workers).toBe(4);
    expect(configFromEnv({ ...postgres, SALA_WORKERS: '' }).workers).toBe(1);
    expect(configFromEnv({ ...postgres, SALA_WORKERS: 'auto' }).workers).toBe(
      os.availableParallelism(),
    );
    expect(configFromEnv({ SALA_WORKERS: '1' }).workers).toBe(1);
    expect(configFromEnv({}).dbPoolSize).toBe(10);
    expect(configFromEnv({ SALA_DB_POOL_SIZE: '4' }).dbPoolSize).toBe(4);
    expect(() => configFromEnv({ SALA_DB_POOL_SIZE: '0' })).toThrow('SALA_DB_POOL_SIZE');
    for (const wrong of ['0', '-2', '2.5', 'two', '1e1', String(MAX_WORKERS + 1)]) {
      expect(() => configFromEnv({ ...postgres, SALA_WORKERS: wrong }), wrong).toThrow(
        `SALA_WORKERS must be a whole number from 1 to ${MAX_WORKERS} or "auto", got "${wrong}"`,
      );
    }
  });

  it('refuses several processes on the embedded database, before opening it', async () => {
    expect(() => configFromEnv({ SALA_WORKERS: '3' })).toThrow(
      'SALA_WORKERS=3 needs PostgreSQL: the embedded database (PGlite) can be opened by one process only',
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-workers-refused-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, SALA_WORKERS: '2', DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, nodeArgs, {
        cwd: serverRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env,
      });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(errors).toContain('SALA_WORKERS=2 needs PostgreSQL');
      // Nothing was created: the embedded database was never opened.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer: whatever one
 * of them does, the other sees at once, and background work is done once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const databaseName = `sala_two_processes_${crypto.randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  const secretKey = crypto.randomBytes(32);
  let dataDir = '';
  let fake: FakeTelegram;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let admin = '';
  let baseEnv: NodeJS.ProcessEnv = {};

  const signIn = async (server: ServerProcess, username: string, password = PASSWORD) =>
    call(server, 'POST', '/api/auth/login', { json: { username, password } });
  const tokenOf = (answer: Answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.accessToken as string;
  };

  beforeAll(async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${databaseName}`);
    await client.end();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-two-processes-'));
    fake = await startFakeTelegram();
    baseEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      // Shared by every process: the signing secret, the sealing key and the uploads' folder.
      DATA_DIR: dataDir,
      SALA_JWT_SECRET: crypto.randomBytes(36).toString('base64url'),
      SALA_SECRET_KEY: secretKey.toString('base64'),
      SALA_DEMO: '1',
      SALA_ADMIN_PASSWORD: PASSWORD,
      SALA_LOGIN_MAX_PER_ACCOUNT: String(MAX_FAILURES_PER_ACCOUNT),
      LOG_LEVEL: 'info',
      TELEGRAM_API_URL: fake.apiRoot,
      TELEGRAM_POLL_SECONDS: '1',
      TELEGRAM_TIMEOUT_SECONDS: '5',
      CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    };
    delete baseEnv.SALA_WORKERS;
    // Both start at once on the empty database: one migrates it and creates the school.
    [a, b] = await Promise.all([startServer('A', baseEnv), startServer('B', baseEnv)]);
    database = await openDatabase({ databaseUrl, poolSize: 2, migrate: false });
  }, 120_000);

  afterAll(async () => {
    const stopped = [a, b].filter(Boolean).map(async (server) => {
      server.child.kill('SIGTERM');
      return server.exited;
    });
    const codes = await Promise.all(stopped);
    await database?.close();
    await fake?.close();
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${databaseName} with (force)`);
    await client.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    // Each process stopped cleanly on SIGTERM.
    expect(codes).toEqual(codes.map(() => 0));
  }, 120_000);

  it('set the database up once although both started at once', async () => {
    const created = [a, b].filter((server) =>
      server.lines.some((line) => line.includes('A new demo school was created')),
    );
    expect(created).toHaveLength(1);
    const result = await database.db.execute(sql`select count(*)::int as count from schools`);
    expect((result as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(1);
  });

  it('accepts on B a token signed by A, and refuses it on B once signed out on A', async () => {
    const signedIn = await signIn(a, 'head');
    const token = tokenOf(signedIn);
    expect((await call(b, 'GET', '/api/user/sessions', { token })).status).toBe(200);
    const out = await call(a, 'POST', '/api/auth/logout', {
      token,
      json: { refreshToken: signedIn.body.refreshToken },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await call(b, 'GET', '/api/user/sessions', { token })).status).toBe(401);
    expect((await call(a, 'GET', '/api/user/sessions', { token })).status).toBe(401);
  });

  it('answers two refreshes of one token at once, one on each, with the same successor', async () => {
    const signedIn = await signIn(a, 'teacher');
    tokenOf(signedIn);
    const json = { refreshToken: signedIn.body.refreshToken };
    const answers = await Promise.all(
      [a, b].map((server) => call(server, 'POST', '/api/auth/refresh', { json })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1]!.body.refreshToken).toBe(answers[0]!.body.refreshToken);
    // The session stays open: its one successor goes on rotating, on either.
    const next = await call(b, 'POST', '/api/auth/refresh', {
      json: { refreshToken: answers[0]!.body.refreshToken },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });

  it("counts an account's failed sign-ins made on both together", async () => {
    for (let attempt = 0; attempt < MAX_FAILURES_PER_ACCOUNT; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      const refused = await signIn(server, 'office', 'not the password at all');
      expect(refused.status, `attempt ${attempt + 1} on ${server.name}`).toBe(401);
    }
    // The limit is reached over A and B together: the next try is refused on either, even
    // with the right password.
    for (const server of [a, b]) {
      const throttled = await signIn(server, 'office');
      expect(throttled.status, server.name).toBe(429);
      expect(throttled.body.code).toBe('TOO_MANY_REQUESTS');
    }
  });

  it('serves from B a file uploaded through A', async () => {
    admin = tokenOf(await signIn(a, 'admin'));
    const boundary = `----sala${crypto.randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      onePixelPng,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await call(a, 'POST', '/api/files/avatars', {
      token: admin,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBeLessThan(300);
    const file = uploaded.body.file as { id: string };
    const served = await call(b, 'GET', `/api/files/${file.id}`, { token: admin });
    expect(served.status).toBe(200);
    expect(served.bytes.equals(onePixelPng)).toBe(true);
  });

  it("puts in force on B at once a user's roles changed on A", async () => {
    const teacher = tokenOf(await signIn(b, 'teacher'));
    expect((await call(b, 'GET', '/api/classes', { token: teacher })).status).toBe(200);
    const found = await call(a, 'GET', '/api/users?search=teacher', { token: admin });
    const user = (found.body.items as { id: string; username: string; version: number }[]).find(
      (item) => item.username === 'teacher',
    )!;
    const changed = await call(a, 'PUT', `/api/users/${user.id}/roles`, {
      token: admin,
      json: { roleIds: [], version: user.version },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call(b, 'GET', '/api/classes', { token: teacher })).status).toBe(403);
  });

  it('prints a report-card job asked of A once, its progress and file read from B', async () => {
    const classes = await call(a, 'GET', '/api/classes?pageSize=200', { token: admin });
    expect(classes.status).toBe(200);
    let asked: { classId: string; studentId: string } | undefined;
    for (const item of classes.body.items as { id: string }[]) {
      const students = await call(a, 'GET', `/api/students?classId=${item.id}&pageSize=1`, {
        token: admin,
      });
      const [student] = students.body.items as { id: string }[];
      if (student) {
        asked = { classId: item.id, studentId: student.id };
        break;
      }
    }
    expect(asked, 'a demo class with a student').toBeDefined();
    const created = await call(a, 'POST', '/api/reports/jobs', {
      token: admin,
      json: {
        classId: asked!.classId,
        period: 'year',
        language: 'en',
        studentIds: [asked!.studentId],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const jobId = (created.body.job as { id: string }).id;
    let status = '';
    await eventually(
      async () => {
        const job = await call(b, 'GET', `/api/reports/jobs/${jobId}`, { token: admin });
        status = (job.body.job as { status: string }).status;
        return status === 'done' || status === 'failed';
      },
      30_000,
      'the report job',
    );
    expect(status).toBe('done');
    const file = await call(b, 'GET', `/api/reports/jobs/${jobId}/file`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const printed = [a, b].flatMap((server) =>
      server.logs().filter((log) => log.msg === 'report cards printed' && log.jobId === jobId),
    );
    expect(printed).toHaveLength(1);
  });

  it('sends each Telegram message once with both processes sending', async () => {
    const bot = fakeBot(1);
    fake.addBot(bot);
    const chats = [-700_001, 700_002, 700_003];
    const school = await seedOutboxSchool(database.db, secretKey, {
      code: 'two-processes',
      bot,
      chatIds: chats,
    });
    const messages = Array.from({ length: 30 }, (_, i) =>
      outboxMessage(school, chats[i % chats.length]!, `both-${String(i).padStart(2, '0')}`),
    );
    await enqueueMessages(database.db, messages);
    await eventually(
      async () => (await outboxRows(database.db)).every((row) => row.status === 'sent'),
      30_000,
      'every message sent',
    );
    const sends = fake.requests.filter((request) => request.method === 'sendMessage');
    const keys = messages.map((message) => message.idempotencyKey);
    // One try per message: neither process sent a message the other had claimed.
    expect(sends.map((request) => request.body.sala_idempotency_key).sort()).toEqual(keys);
    expect(fake.delivered.map((delivery) => delivery.key).sort()).toEqual(keys);
    const sentLogs = () =>
      [a, b].flatMap((server) =>
        server.logs().filter((log) => log.msg === 'telegram message sent'),
      );
    // A process writes its log line after the row is marked sent: the line may still be on its
    // way through the pipe when the last row reads 'sent'.
    await eventually(
      async () => sentLogs().length >= messages.length,
      10_000,
      'a log line per message sent',
    );
    expect(sentLogs()).toHaveLength(messages.length);
  });

  it('runs SALA_WORKERS=2 processes on one port, starting again a worker that dies', async () => {
    const cluster = await startServer('cluster', {
      ...baseEnv,
      SALA_WORKERS: '2',
    });
    try {
      expect(cluster.lines.join('\n')).toContain('Server processes: 2 (SALA_WORKERS)');
      const listening = () =>
        new Set(
          cluster
            .logs()
            .filter((log) => String(log.msg).startsWith('Server listening'))
            .map((log) => Number(log.pid)),
        );
      await eventually(() => listening().size === 2, 30_000, 'two workers listening');
      const [first] = [...listening()];
      process.kill(first!, 'SIGKILL');
      await eventually(
        () => cluster.errors().includes(`(pid ${first}) stopped (SIGKILL); starting it again`),
        10_000,
        'the restart',
      );
      await eventually(() => listening().size === 3, 30_000, 'a new worker listening');
      const health = await call(cluster, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body.database).toBe('postgres');
    } finally {
      cluster.child.kill('SIGTERM');
      expect(await cluster.exited).toBe(0);
    }
  }, 120_000);
});
