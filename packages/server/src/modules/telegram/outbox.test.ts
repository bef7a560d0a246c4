import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { GrammyError, HttpError } from 'grammy';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { createTestDatabase } from '../../../test/helpers.js';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fakeTelegram.js';
import {
  eventually,
  fakeBot,
  outboxMessage,
  outboxRows,
  seedOutboxSchool,
  type OutboxSchool,
} from '../../../test/telegramOutboxFixtures.js';
import { classifyTelegramError } from './client.js';
import {
  NOT_CONFIGURED,
  OutboxWorker,
  enqueueMessages,
  type OutboxWorkerOptions,
} from './outbox.js';

const key = crypto.randomBytes(32);
const logged: { level: string; object: object; message?: string }[] = [];
const log = {
  info: (object: object, message?: string) => logged.push({ level: 'info', object, message }),
  warn: (object: object, message?: string) => logged.push({ level: 'warn', object, message }),
};

describe('the Telegram outbox', () => {
  let database: Database;
  let fake: FakeTelegram;
  let school: OutboxSchool;
  let schoolCount = 0;
  const workers: OutboxWorker[] = [];
  const group = -100_200_300;
  const person = 424_242;

  const worker = (options: Partial<OutboxWorkerOptions> = {}, db = database.db) => {
    const created = new OutboxWorker(db, {
      key,
      telegram: { apiRoot: fake.apiRoot, timeoutSeconds: 1 },
      pollMs: 25,
      backoffBaseMs: 50,
      log,
      ...options,
    });
    workers.push(created);
    return created;
  };
  const sends = () => fake.requests.filter((r) => r.method === 'sendMessage');
  const rowOf = async (idempotencyKey: string) =>
    (await outboxRows(database.db)).find((row) => row.idempotency_key === idempotencyKey)!;
  const chatStatus = async (chatRowId: string) => {
    const result = await database.db.execute(
      sql`select status from telegram_chats where id = ${chatRowId}`,
    );
    return (result as unknown as { rows: { status: string }[] }).rows[0]!.status;
  };
  const botProblem = async (schoolId: string) => {
    const result = await database.db.execute(
      sql`select problem from telegram_bots where school_id = ${schoolId}`,
    );
    return (result as unknown as { rows: { problem: string | null }[] }).rows[0]!.problem;
  };
  const newSchool = async (options: { withBot?: boolean } = {}) => {
    schoolCount += 1;
    const bot = fakeBot(schoolCount);
    fake.addBot(bot);
    return seedOutboxSchool(database.db, key, {
      code: `tg${schoolCount}`,
      bot,
      chatIds: [group, person],
      ...options,
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeTelegram();
    school = await newSchool();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    fake.reset();
    await database.db.execute(sql`delete from telegram_outbox`);
  });
  afterAll(async () => {
    await fake?.close();
    await database?.close();
  });

  it('delivers a queued message once, with its idempotency key, as plain text', async () => {
    expect(await enqueueMessages(database.db, [outboxMessage(school, group, 'one')])).toBe(1);
    const sender = worker();
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);

    expect(fake.delivered).toEqual([
      {
        token: school.bot.token,
        chatId: group,
        text: `Message one for chat ${group}`,
        key: 'one',
        messageId: expect.any(Number),
      },
    ]);
    const [request] = sends();
    expect(request!.body).toMatchObject({ chat_id: group, sala_idempotency_key: 'one' });
    expect(request!.body).not.toHaveProperty('parse_mode');
    const row = await rowOf('one');
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      locked_until: null,
    });
    expect(Number(row.telegram_message_id)).toBe(fake.delivered[0]!.messageId);
    expect(row.sent_at).not.toBeNull();
  });

  it('queues a key once per school, in one call or in two, inside the caller’s transaction', async () => {
    const other = await newSchool();
    const inserted = await database.db.transaction(async (tx) =>
      enqueueMessages(tx, [
        outboxMessage(school, group, 'same'),
        outboxMessage(school, group, 'same'),
        outboxMessage(other, group, 'same'),
      ]),
    );
    expect(inserted).toBe(2);
    expect(await enqueueMessages(database.db, [outboxMessage(school, person, 'same')])).toBe(0);
    expect(await enqueueMessages(database.db, [])).toBe(0);
    // A rolled-back transaction queues nothing.
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMessages(tx, [outboxMessage(school, group, 'rolled-back')]);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect((await outboxRows(database.db)).map((r) => r.idempotency_key)).toEqual(['same', 'same']);

    await worker().runOnce();
    expect(fake.delivered.map((d) => [d.token, d.key])).toEqual(
      expect.arrayContaining([
        [school.bot.token, 'same'],
        [other.bot.token, 'same'],
      ]),
    );
    expect(fake.delivered).toHaveLength(2);
  });

  it('waits as long as Telegram asks after a 429, holding the chat’s next message too', async () => {
    fake.failNext('sendMessage', { status: 429, retryAfter: 1 });
    await enqueueMessages(database.db, [outboxMessage(school, person, 'slow-down')]);
    await enqueueMessages(database.db, [outboxMessage(school, person, 'slow-down-then')]);
    const sender = worker();
    sender.start();
    await eventually(
      async () => (await outboxRows(database.db)).every((row) => row.status === 'sent'),
      10_000,
      'the sends',
    );

    const tries = sends();
    expect(tries.map((r) => r.body.sala_idempotency_key)).toEqual([
      'slow-down',
      'slow-down',
      'slow-down-then',
    ]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(fake.delivered.map((d) => d.key)).toEqual(['slow-down', 'slow-down-then']);
    expect(await rowOf('slow-down')).toMatchObject({ attempts: 2, last_error: null });
    // Held back untried: not counted as a try.
    expect(await rowOf('slow-down-then')).toMatchObject({ attempts: 1, last_error: null });
  });

  it('gives up at once when the bot was blocked, and marks the chat blocked', async () => {
    fake.failNext('sendMessage', {
      status: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    await enqueueMessages(database.db, [outboxMessage(school, person, 'blocked')]);
    const sender = worker();
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);

    expect(await rowOf('blocked')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Telegram: Forbidden: bot was blocked by the user',
    });
    expect(await chatStatus(school.chats.get(person)!)).toBe('blocked');
    // Much later, still no other try.
    await database.db.execute(
      sql`update telegram_outbox set next_attempt_at = now() - interval '1 day'`,
    );
    expect(await sender.runOnce()).toBe(0);
    expect(sends()).toHaveLength(1);
    expect(fake.delivered).toHaveLength(0);
  });

  it('gives up at once when the chat is gone, and marks the chat gone', async () => {
    const gone = await newSchool();
    fake.goneChats.add(group);
    await enqueueMessages(database.db, [outboxMessage(gone, group, 'gone')]);
    const sender = worker();
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);
    expect(await rowOf('gone')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Telegram: Bad Request: chat not found',
    });
    expect(await chatStatus(gone.chats.get(group)!)).toBe('gone');
    expect(await chatStatus(gone.chats.get(person)!)).toBe('active');
    expect(sends()).toHaveLength(1);
  });

  it('retries after a server error and a timeout, waiting longer each time, then sends', async () => {
    fake.failNext('sendMessage', { status: 500, description: 'Internal Server Error' });
    fake.failNext('sendMessage', { hang: true });
    await enqueueMessages(database.db, [outboxMessage(school, group, 'flaky')]);
    const sender = worker({ backoffBaseMs: 200 });
    sender.start();
    await eventually(async () => (await rowOf('flaky')).status === 'sent', 15_000, 'the send');

    const [first, second, third, ...more] = sends();
    expect(more).toHaveLength(0);
    // 200 ms after the 500; after the 1 s timeout, 400 ms more. The timeout runs from the moment
    // the sender sent the second try, which the fake Telegram sees a few milliseconds later.
    const transit = 50;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(200);
    expect(third!.at - second!.at).toBeGreaterThanOrEqual(1400 - transit);
    expect(fake.delivered.map((d) => d.key)).toEqual(['flaky']);
    expect(await rowOf('flaky')).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('fails a message for good after the last allowed try', async () => {
    fake.failNext('sendMessage', { status: 500, description: 'Internal Server Error' }, 10);
    await enqueueMessages(database.db, [outboxMessage(school, group, 'hopeless')]);
    const sender = worker({ maxAttempts: 3, backoffBaseMs: 20 });
    sender.start();
    await eventually(async () => (await rowOf('hopeless')).status === 'failed', 10_000, 'failure');
    await sender.stop();

    expect(await rowOf('hopeless')).toMatchObject({
      attempts: 3,
      last_error: 'Telegram: Internal Server Error',
      locked_until: null,
    });
    expect(sends()).toHaveLength(3);
    expect(fake.delivered).toHaveLength(0);
  });

  it('fails a school’s messages when it has no bot', async () => {
    const unconfigured = await newSchool({ withBot: false });
    await enqueueMessages(database.db, [outboxMessage(unconfigured, group, 'no-bot')]);
    expect(await worker().runOnce()).toBe(1);
    expect(await rowOf('no-bot')).toMatchObject({ status: 'failed', last_error: NOT_CONFIGURED });
    expect(sends()).toHaveLength(0);
  });

  it('records a revoked token on the bot, and a good send clears it', async () => {
    fake.failNext('sendMessage', { status: 401, description: 'Unauthorized' });
    await enqueueMessages(database.db, [outboxMessage(school, group, 'revoked')]);
    const sender = worker();
    await sender.runOnce();
    expect(await rowOf('revoked')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await botProblem(school.schoolId)).toBe('Telegram: Unauthorized');

    await enqueueMessages(database.db, [outboxMessage(school, group, 'works-again')]);
    await sender.runOnce();
    expect(await rowOf('works-again')).toMatchObject({ status: 'sent' });
    expect(await botProblem(school.schoolId)).toBeNull();
  });

  it('sends each message exactly once with two workers on one database', async () => {
    const chats = [group, person, 1001, 1002, -1003];
    const messages = Array.from({ length: 40 }, (_, i) =>
      outboxMessage(school, chats[i % chats.length]!, `many-${String(i).padStart(2, '0')}`),
    );
    await enqueueMessages(database.db, messages);
    // On PostgreSQL, the second worker has its own connection pool, as another process would.
    let second: Database | undefined;
    if (database.kind === 'postgres') {
      const result = await database.db.execute(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
      second = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    }
    try {
      const a = worker({ batchSize: 3, pollMs: 10 });
      const b = worker({ batchSize: 3, pollMs: 10 }, second?.db ?? database.db);
      a.start();
      b.start();
      await eventually(
        async () => (await outboxRows(database.db)).every((row) => row.status === 'sent'),
        20_000,
        'every send',
      );
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await second?.close();
    }

    expect(sends()).toHaveLength(40);
    expect(fake.delivered.map((d) => d.key).sort()).toEqual(messages.map((m) => m.idempotencyKey));
    expect((await outboxRows(database.db)).every((row) => row.attempts === 1)).toBe(true);
  });

  it('never stores or logs the bot token nor the message text', async () => {
    // A network failure: the URL that failed contains the token.
    const closed = await startFakeTelegram();
    const deadRoot = closed.apiRoot;
    await closed.close();
    await enqueueMessages(database.db, [outboxMessage(school, group, 'unreachable')]);
    await worker({ telegram: { apiRoot: deadRoot, timeoutSeconds: 1 } }).runOnce();
    const unreachable = await rowOf('unreachable');
    expect(unreachable.status).toBe('pending');
    expect(unreachable.last_error).toMatch(/^Network request for 'sendMessage' failed!/);

    // Telegram repeating the token in its answer.
    fake.failNext('sendMessage', {
      status: 400,
      description: `Bad Request: no bot ${school.bot.token} here`,
    });
    await enqueueMessages(database.db, [outboxMessage(school, group, 'echoed')]);
    await database.db.execute(
      sql`update telegram_outbox set status = 'failed' where idempotency_key = 'unreachable'`,
    );
    await worker().runOnce();
    const echoed = await rowOf('echoed');
    expect(echoed).toMatchObject({
      status: 'failed',
      last_error: 'Telegram: Bad Request: no bot <token> here',
    });

    const everything = JSON.stringify([logged, await outboxRows(database.db)]);
    expect(logged.length).toBeGreaterThan(0);
    expect(everything).not.toContain(school.bot.token);
    expect(everything).not.toContain(school.bot.token.split(':')[1]);
    const texts = await database.db.execute(sql`select text from telegram_outbox`);
    const logText = JSON.stringify(logged);
    for (const { text } of (texts as unknown as { rows: { text: string }[] }).rows) {
      expect(logText).not.toContain(text);
    }
    expect(logText).not.toMatch(/for chat/);
  });
});

describe('classifying Telegram errors', () => {
  const token = '6100000099:AAsecret_part_of_the_token_0123456789';
  const answer = (error_code: number, description: string, parameters = {}) =>
    new GrammyError(
      'Call failed',
      { ok: false, error_code, description, parameters },
      'sendMessage',
      {},
    );

  it('tells a wait, a refusal for good and a passing trouble apart', () => {
    const cases: [GrammyError, string][] = [
      [answer(429, 'Too Many Requests: retry after 7', { retry_after: 7 }), 'rate_limited:7'],
      [answer(403, 'Forbidden: bot was blocked by the user'), 'permanent:blocked'],
      [answer(403, 'Forbidden: bot was kicked from the group chat'), 'permanent:blocked'],
      [answer(403, 'Forbidden: user is deactivated'), 'permanent:chat_gone'],
      [answer(400, 'Bad Request: chat not found'), 'permanent:chat_gone'],
      [
        answer(400, 'Bad Request: group chat was upgraded to a supergroup chat'),
        'permanent:chat_gone',
      ],
      [answer(400, 'Bad Request: message is too long'), 'permanent:bad_request'],
      [answer(401, 'Unauthorized'), 'permanent:token'],
      [answer(404, 'Not Found'), 'permanent:token'],
      [answer(500, 'Internal Server Error'), 'transient'],
      [answer(502, 'Bad Gateway'), 'transient'],
    ];
    for (const [error, expected] of cases) {
      const failure = classifyTelegramError(error, token);
      const got =
        failure.kind === 'rate_limited'
          ? `rate_limited:${failure.retryAfter}`
          : failure.kind === 'permanent'
            ? `permanent:${failure.reason}`
            : failure.kind;
      expect([error.description, got]).toEqual([error.description, expected]);
      expect(failure.message).toBe(`Telegram: ${error.description}`);
    }
  });

  it('keeps the token out of a network error that names the URL', () => {
    const cause = new Error(
      `request to http://127.0.0.1:9/bot${token}/sendMessage failed, reason: connect ECONNREFUSED`,
    );
    const failure = classifyTelegramError(
      new HttpError("Network request for 'sendMessage' failed!", cause),
      token,
    );
    expect(failure.kind).toBe('transient');
    expect(failure.message).toContain('/bot<token>/sendMessage');
    expect(failure.message).not.toContain('AAsecret');
    // Without being told the token, a token-shaped text is hidden all the same.
    expect(classifyTelegramError(new Error(`bad ${token}`)).message).toBe('bad <token>');
  });
});
