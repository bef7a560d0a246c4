import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { telegramBots, telegramChats, telegramOutbox } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
  tablesDigest,
  injectChecked,
} from '../../../test/helpers.js';
import {
  defaultFakeBots,
  startFakeTelegram,
  type FakeTelegram,
} from '../../../test/fakeTelegram.js';
import { seedScoreSchool, type ScoreSchool } from '../scores/fixtures.js';

const bot = defaultFakeBots[0]!;

/**
 * Property: whatever body, query or header reaches a Telegram route (the webhook included), the
 * answer is never a 5xx, a refusal carries a code and a message, and a refused request changes
 * no row.
 */
describe('bad input on every Telegram route', () => {
  let fake: FakeTelegram;
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let school: ScoreSchool;
  const ids = { chat: '', send: '', secret: '' };

  beforeAll(async () => {
    fake = await startFakeTelegram({ bots: [bot] });
    server = await createTestServer({
      telegram: {
        key: crypto.randomBytes(32),
        options: { apiRoot: fake.apiRoot, timeoutSeconds: 3 },
      },
    });
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    school = await seedScoreSchool(db, admin.schoolId);
    const saved = await server.app.inject({
      method: 'PUT',
      url: '/api/telegram/bot',
      headers: admin.headers,
      payload: { token: bot.token },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [chat] = await db
      .insert(telegramChats)
      .values({
        schoolId: admin.schoolId,
        chatId: -100777,
        kind: 'class',
        title: '7A',
        classId: school.classes.c7A,
      })
      .returning();
    const [send] = await db
      .insert(telegramOutbox)
      .values({
        schoolId: admin.schoolId,
        chatRowId: chat!.id,
        chatId: -100777,
        chatTitle: '7A',
        kind: 'test',
        text: 'Test',
        idempotencyKey: 'bad-input:test',
        status: 'failed',
      })
      .returning();
    const [row] = await db.select({ secret: telegramBots.webhookSecret }).from(telegramBots);
    Object.assign(ids, { chat: chat!.id, send: send!.id, secret: row!.secret });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const snapshot = () =>
    tablesDigest(server.database.db, [
      'telegram_bots',
      'telegram_chats',
      'telegram_link_codes',
      'telegram_outbox',
      'audit_log',
    ]);

  it('never answers 5xx, explains every refusal and changes nothing when it refuses', async () => {
    const fields = [
      'token',
      'purpose',
      'classId',
      'studentId',
      'language',
      'chatId',
      'absence',
      'summary',
      'summaryTime',
      'summaryChatId',
      'scores',
      'mine',
      'message',
      'update_id',
      'my_chat_member',
      '__proto__',
    ];
    const id = fc.constantFrom(
      ...Object.values(school.classes),
      ...Object.values(school.students),
      ids.chat,
      ids.send,
      admin.schoolId,
    );
    const value = fc.oneof(
      id,
      fc.constantFrom('class', 'office', 'staff', 'guardian', 'en', 'km', '17:00', '25:99', ''),
      fc.constantFrom(bot.token, '123:short', '7000000009:AAnotKnownToTelegramButRightShape01'),
      fc.uuid(),
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.record({
        chat: fc.record({ id: fc.integer(), type: fc.constantFrom('group', 'private', 'x') }),
        text: fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom('/link', '/start X', '/unlink'),
        ),
      }),
    );
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 }),
      // Well-formed requests now and then, so the rules behind the schemas are reached.
      fc.record({
        purpose: fc.constantFrom('class', 'office', 'staff', 'guardian'),
        classId: fc.constantFrom(...Object.values(school.classes)),
        studentId: fc.constantFrom(...Object.values(school.students)),
        language: fc.constantFrom('en', 'km'),
      }),
      fc.record({
        absence: fc.boolean(),
        summary: fc.boolean(),
        summaryTime: fc.constantFrom('07:30', '17:00', '24:00'),
        summaryChatId: fc.oneof(fc.constant(null), fc.constant(ids.chat), fc.uuid()),
        scores: fc.boolean(),
      }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const query = fc.dictionary(
      fc.constantFrom(...fields),
      value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      { maxKeys: 4 },
    );
    const param = fc.oneof(id, fc.uuid(), fc.constantFrom('x', '0', 'not-a-uuid'));
    const secret = fc.oneof(
      fc.constant(ids.secret),
      fc.string({ maxLength: 20 }),
      fc.constant(undefined),
    );
    // Removing the bot last, so the other routes meet a configured school.
    const routes = server.app.declaredRoutes
      .filter((route) => route.method !== 'HEAD' && /^\/api\/telegram(\/|$)/.test(route.url))
      .sort(
        (a, b) =>
          Number(a.method === 'DELETE' && a.url.endsWith('/bot')) -
          Number(b.method === 'DELETE' && b.url.endsWith('/bot')),
      );
    expect(routes).toHaveLength(11);
    let state = await snapshot();
    let accepted = 0;
    for (const route of routes) {
      for (const who of [admin, teacher]) {
        await fc.assert(
          fc.asyncProperty(body, query, param, secret, async (payload, params, p, s) => {
            const isRead = route.method === 'GET' || route.method === 'DELETE';
            const search = new URLSearchParams(params).toString();
            const path = route.url.replace(':id', p).replace(':schoolId', p);
            const request: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url: search && isRead ? `${path}?${search}` : path,
              headers: {
                ...who.headers,
                ...(isRead ? {} : { 'content-type': 'application/json' }),
                ...(s !== undefined ? { 'x-telegram-bot-api-secret-token': s } : {}),
              },
              ...(isRead ? {} : { payload: JSON.stringify(payload) }),
            };
            const answer = await injectChecked(server.app, request, snapshot, state);
            state = answer.state;
            if (answer.accepted) accepted += 1;
          }),
          { numRuns: 12, seed: 20261122 },
        );
      }
    }
    expect(accepted).toBeGreaterThan(0);
    // 11 routes × 2 callers × 12 requests: more than the default test time on a busy machine.
  }, 120_000);
});
