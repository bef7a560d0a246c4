import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestDatabase } from '../../../test/helpers.js';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fakeTelegram.js';
import {
  fakeBot,
  outboxMessage,
  outboxRows,
  seedOutboxSchool,
  type OutboxRow,
  type OutboxSchool,
} from '../../../test/telegramOutboxFixtures.js';
import { enqueueMessages, type OutboxMessage } from './outbox.js';

const childScript = fileURLToPath(new URL('../../../test/outboxCrashChild.ts', import.meta.url));
const serverRoot = path.resolve(path.dirname(childScript), '..');
const key = crypto.randomBytes(32);

interface Child {
  process: ChildProcess;
  exited: Promise<number | null>;
  /** Resolves when the child prints a line that `match` accepts. */
  waitFor(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<void>;
}

/**
 * A server process killed mid-send leaves its rows claimed; once their lease runs out, the next
 * process sends them again with the same idempotency key, so each message reaches its chat once.
 * The database is shared across processes: PGlite in a data directory on disk (one process at a
 * time), or the PostgreSQL database of TEST_DATABASE_URL.
 */
describe('the Telegram outbox across a crash', () => {
  let fake: FakeTelegram;
  let school: OutboxSchool;
  let database: Database | undefined;
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  const chats = [-500_001, 500_002, 500_003];

  /** The database in this process: always on PostgreSQL, between children on PGlite. */
  const open = async (): Promise<Database> => {
    if (database) return database;
    database = await openDatabase({ dataDir });
    return database;
  };
  const letGo = async () => {
    if (databaseUrl || !database) return;
    await database.close();
    database = undefined;
  };

  const startChild = (telegramTimeoutSeconds: number): Child => {
    const child = spawn(
      process.execPath,
      ['--conditions=@sala/source', '--import', 'tsx', childScript],
      {
        cwd: serverRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          OUTBOX_DATABASE_URL: databaseUrl ?? '',
          OUTBOX_DATA_DIR: databaseUrl ? '' : dataDir,
          OUTBOX_LEASE_MS: '1000',
          SALA_SECRET_KEY: key.toString('base64'),
          TELEGRAM_API_URL: fake.apiRoot,
          TELEGRAM_TIMEOUT_SECONDS: String(telegramTimeoutSeconds),
        },
      },
    );
    const lines: Record<string, unknown>[] = [];
    const listeners = new Set<() => void>();
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      for (const listener of [...listeners]) listener();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    return {
      process: child,
      exited,
      waitFor(match, timeoutMs = 45_000) {
        return new Promise((resolve, reject) => {
          const check = () => {
            if (!lines.some(match)) return;
            clearTimeout(timer);
            listeners.delete(check);
            resolve();
          };
          const timer = setTimeout(() => {
            listeners.delete(check);
            reject(
              new Error(
                `the worker process did not get there: ${JSON.stringify(lines)}\n${errors}`,
              ),
            );
          }, timeoutMs);
          void exited.then(() => {
            if (listeners.has(check)) {
              clearTimeout(timer);
              listeners.delete(check);
              reject(new Error(`the worker process ended early: ${errors}`));
            }
          });
          listeners.add(check);
          check();
        });
      },
    };
  };

  const kill = async (child: Child) => {
    child.process.kill('SIGKILL');
    await child.exited;
  };
  /** Runs a fresh worker process until nothing is left to send, then stops it cleanly. */
  const drain = async () => {
    const child = startChild(5);
    await child.waitFor((line) => line.outstanding === 0);
    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  };

  const enqueue = async (messages: OutboxMessage[]) => {
    await enqueueMessages((await open()).db, messages);
    await letGo();
  };
  const rows = async (prefix: string): Promise<OutboxRow[]> =>
    (await outboxRows((await open()).db)).filter((row) => row.idempotency_key.startsWith(prefix));

  beforeAll(async () => {
    fake = await startFakeTelegram();
    const bot = fakeBot(1);
    fake.addBot(bot);
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase();
      const result = await database.db.execute(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
      databaseUrl = url.toString();
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-outbox-crash-'));
      const template = inject('pgliteTemplate');
      if (template) {
        const pglite = await PGlite.create({
          dataDir,
          loadDataDir: new Blob([fs.readFileSync(template)]),
        });
        database = await openDatabase({ pglite });
      }
    }
    school = await seedOutboxSchool((await open()).db, key, { code: 'crash', bot, chatIds: chats });
    await enqueue([outboxMessage(school, chats[0]!, 'crash-one')]);
  });
  afterAll(async () => {
    await database?.close();
    await fake?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a message again after the sender died waiting for Telegram, and it arrives once', async () => {
    // Telegram takes the message, then the answer never comes: the sender dies waiting.
    fake.failNext('sendMessage', { hang: true, deliver: true });

    const first = startChild(30);
    await fake.waitForRequests('sendMessage', 1, 20_000);
    await kill(first);
    await drain();

    const tries = fake.requests.filter((r) => r.method === 'sendMessage');
    expect(tries.map((r) => r.body.sala_idempotency_key)).toEqual(['crash-one', 'crash-one']);
    expect(fake.delivered.map((d) => [d.chatId, d.key])).toEqual([[chats[0], 'crash-one']]);
    const [row] = await rows('crash-one');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(Number(row!.telegram_message_id)).toBe(fake.delivered[0]!.messageId);
  }, 180_000);

  it('delivers every message exactly once when the sender is killed at any moment', async () => {
    fake.reset();
    // The window between Telegram taking a message and the sender recording it.
    fake.responseDelayMs = 60;
    const messages = Array.from({ length: 20 }, (_, i) =>
      outboxMessage(school, chats[i % chats.length]!, `burst-${String(i).padStart(2, '0')}`),
    );
    await enqueue(messages);

    const first = startChild(30);
    await fake.waitForRequests('sendMessage', 1, 20_000);
    const killAfterMs = Math.floor(Math.random() * 400);
    await new Promise((resolve) => setTimeout(resolve, killAfterMs));
    await kill(first);
    const sentBeforeCrash = fake.delivered.length;
    await drain();

    const context = `killed ${killAfterMs} ms after the first send, ${sentBeforeCrash} delivered`;
    const keys = messages.map((m) => m.idempotencyKey);
    // The process died with work left: the second one finished it.
    expect(sentBeforeCrash, context).toBeLessThan(20);
    expect(fake.delivered.map((d) => d.key).sort(), context).toEqual(keys);
    for (const delivery of fake.delivered) {
      const message = messages.find((m) => m.idempotencyKey === delivery.key)!;
      expect([delivery.chatId, delivery.text], context).toEqual([message.chatId, message.text]);
    }
    const after = await rows('burst-');
    expect(
      after.map((row) => row.status),
      context,
    ).toEqual(keys.map(() => 'sent'));
    // Every try carried its message's key: a retry is never a new message.
    const tries = fake.requests.filter((r) => r.method === 'sendMessage');
    expect(tries.length, context).toBeGreaterThanOrEqual(20);
    expect(new Set(tries.map((r) => r.body.sala_idempotency_key)), context).toEqual(new Set(keys));
  }, 180_000);
});
