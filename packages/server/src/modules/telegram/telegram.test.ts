import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  telegramChatsResponseSchema,
  telegramLinkSchema,
  telegramSendSchema,
  telegramSetupSchema,
} from '@sala/contract';
import {
  auditLog,
  students,
  telegramBots,
  telegramChats,
  telegramLinkCodes,
  telegramOutbox,
} from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import {
  defaultFakeBots,
  startFakeTelegram,
  type FakeTelegram,
} from '../../../test/fakeTelegram.js';
import { seedScoreSchool, type ScoreSchool } from '../scores/fixtures.js';
import type { TelegramOptions } from './client.js';
import { runSummaries, SummaryScheduler } from './notices.js';
import { OutboxWorker } from './outbox.js';
import { saveToken } from './setup.js';
import { Poller } from './updates.js';

const bot = defaultFakeBots[0]!;
/** The right shape, unknown to Telegram. */
const wrongToken = '7000000002:AAWrongTokenWrongTokenWrongToken0002';

describe('telegram', () => {
  let fake: FakeTelegram;
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let school: ScoreSchool;
  let options: TelegramOptions;
  let worker: OutboxWorker;
  let poller: Poller;
  const key = crypto.randomBytes(32);
  const bodies: string[] = [];
  const logs: string[] = [];
  const groupChat = { id: -1001000000701, type: 'supergroup', title: '7A parents' };
  const officeChat = { id: -1001000000900, type: 'group', title: 'Office' };
  const teacherChat = { id: 501, type: 'private', first_name: 'Dara' };
  const guardianChat = { id: 601, type: 'private', first_name: 'Mother of S01' };

  beforeAll(async () => {
    fake = await startFakeTelegram({ bots: [bot] });
    options = { apiRoot: fake.apiRoot, timeoutSeconds: 3 };
    server = await createTestServer({
      telegram: { key, options },
      logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } },
    });
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    school = await seedScoreSchool(db, admin.schoolId);
    await db
      .update(students)
      .set({ nameKm: 'សុខ ចាន់' })
      .where(eq(students.id, school.students.S01!));
    worker = new OutboxWorker(db, { key, telegram: options, backoffBaseMs: 10 });
    poller = new Poller(db, { key, telegram: options, timeoutSeconds: 0 });
  });
  afterAll(async () => {
    await poller?.stop();
    await server?.close();
    await fake?.close();
  });

  const call = async (
    method: InjectOptions['method'],
    url: string,
    who: SignedInUser | null,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { ...(who?.headers ?? {}), 'accept-language': 'en', ...headers },
      ...(payload ? { payload } : {}),
    });
    bodies.push(response.body);
    return response;
  };
  const link = async (who: SignedInUser, request: object) => {
    const response = await call('POST', '/api/telegram/links', who, request);
    expect(response.statusCode, response.body).toBe(200);
    return telegramLinkSchema.parse(response.json());
  };
  const say = (chat: object, text: string, language = 'en') =>
    fake.pushUpdate(bot.token, {
      message: { message_id: 1, date: 0, chat, from: { id: 9, language_code: language }, text },
    });
  const chatRow = async (chatId: number) =>
    server.database.db.select().from(telegramChats).where(eq(telegramChats.chatId, chatId));
  const deliveredTo = (chatId: number) => fake.delivered.filter((d) => d.chatId === chatId);
  const outbox = (kind: 'absence' | 'scores' | 'summary' | 'test' | 'link') =>
    server.database.db.select().from(telegramOutbox).where(eq(telegramOutbox.kind, kind));

  it('shows an empty setup to the administrator only', async () => {
    const setup = await call('GET', '/api/telegram/setup', admin);
    expect(setup.statusCode, setup.body).toBe(200);
    expect(telegramSetupSchema.parse(setup.json())).toMatchObject({
      configured: false,
      bot: null,
      updates: 'polling',
    });
    expect((await call('GET', '/api/telegram/setup', teacher)).statusCode).toBe(403);
    expect((await call('GET', '/api/telegram/setup', null)).statusCode).toBe(401);
    const early = await call('POST', '/api/telegram/links', teacher, { purpose: 'staff' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'TELEGRAM_NOT_CONFIGURED' });
  });

  it('checks a token with Telegram: refused, unreachable, then accepted and stored sealed', async () => {
    const malformed = await call('PUT', '/api/telegram/bot', admin, { token: 'not a token' });
    expect(malformed.statusCode).toBe(400);
    const rejected = await call('PUT', '/api/telegram/bot', admin, { token: wrongToken });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toMatchObject({ code: 'TELEGRAM_TOKEN_REJECTED' });
    fake.failNext('getMe', { status: 500, description: 'Internal Server Error' });
    const unreachable = await call('PUT', '/api/telegram/bot', admin, { token: bot.token });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json()).toMatchObject({ code: 'TELEGRAM_UNREACHABLE' });
    // A Telegram that never answers is the same: the server says it, within its timeout.
    fake.failNext('getMe', { hang: true });
    const silent = await call('PUT', '/api/telegram/bot', admin, { token: bot.token });
    expect(silent.statusCode).toBe(502);
    expect(silent.json()).toMatchObject({ code: 'TELEGRAM_UNREACHABLE' });
    expect((await call('PUT', '/api/telegram/bot', teacher, { token: bot.token })).statusCode).toBe(
      403,
    );

    const saved = await call('PUT', '/api/telegram/bot', admin, { token: bot.token });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(telegramSetupSchema.parse(saved.json())).toMatchObject({
      configured: true,
      bot: { id: bot.id, username: bot.username, firstName: bot.firstName },
    });
    // Polling: any webhook is cleared.
    expect(fake.requests.some((r) => r.token === bot.token && r.method === 'deleteWebhook')).toBe(
      true,
    );
    const [row] = await server.database.db.select().from(telegramBots);
    expect(row!.tokenSealed).not.toContain(bot.token);
    expect(row!.tokenSealed.startsWith('v1.')).toBe(true);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'telegram_bot'));
    expect(audits.map((a) => a.action)).toEqual(['telegram_bot.create']);
    expect(audits[0]!.after).toEqual({ botId: bot.id, username: bot.username });
  });

  it('links a class group with /link CODE, once: a reused or expired code is refused with a reply', async () => {
    // The homeroom teacher links their own class, not another.
    expect(
      (
        await call('POST', '/api/telegram/links', teacher, {
          purpose: 'class',
          classId: school.classes.c7B,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/telegram/links', teacher, { purpose: 'office' })).statusCode,
    ).toBe(403);
    const code = await link(teacher, {
      purpose: 'class',
      classId: school.classes.c7A,
      language: 'en',
    });
    expect(code.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(code.command).toBe(`/link ${code.code}`);
    expect(code.deepLink).toBeNull();
    const hours = (Date.parse(code.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    say(groupChat, `/link@${bot.username} ${code.code.toLowerCase()}`);
    expect(await poller.runOnce()).toBe(1);
    const [linked] = await chatRow(groupChat.id);
    expect(linked).toMatchObject({
      kind: 'class',
      classId: school.classes.c7A,
      title: '7A parents',
      language: 'en',
      status: 'active',
    });
    await worker.runOnce();
    expect(deliveredTo(groupChat.id).map((d) => d.text)).toEqual([
      'This group now receives the notices of class 7A.',
    ]);
    // The offset moved on: polling again handles nothing twice.
    expect(await poller.runOnce()).toBe(0);

    // Used: another group cannot take it.
    const otherGroup = { id: -1001000000999, type: 'group', title: 'Someone else' };
    say(otherGroup, `/link ${code.code}`);
    await poller.runOnce();
    await worker.runOnce();
    expect(await chatRow(otherGroup.id)).toEqual([]);
    expect(deliveredTo(otherGroup.id).map((d) => d.text)).toEqual([
      'This code is wrong, expired or already used. Make a new one in the Sala app.',
    ]);

    // Expired.
    const stale = await link(admin, {
      purpose: 'class',
      classId: school.classes.c7B,
      language: 'km',
    });
    await server.database.db
      .update(telegramLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(telegramLinkCodes.code, stale.code));
    say(otherGroup, `/link ${stale.code}`, 'km');
    await poller.runOnce();
    await worker.runOnce();
    expect(await chatRow(otherGroup.id)).toEqual([]);
    expect(deliveredTo(otherGroup.id)).toHaveLength(2);
    expect(deliveredTo(otherGroup.id)[1]!.text).toContain('កូដនេះមិនត្រឹមត្រូវ');
  });

  it('links a staff member and a guardian by deep link (/start CODE) in their own chat', async () => {
    const own = await link(teacher, { purpose: 'staff', language: 'en' });
    expect(own.deepLink).toBe(`https://t.me/${bot.username}?start=${own.code}`);
    const hours = (Date.parse(own.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeLessThanOrEqual(1);
    // A personal code does not link a group.
    say(officeChat, `/link ${own.code}`);
    say(teacherChat, `/start ${own.code}`);
    await poller.runOnce();
    expect(await chatRow(officeChat.id)).toEqual([]);
    const [staffChat] = await chatRow(teacherChat.id);
    expect(staffChat).toMatchObject({ kind: 'staff', userId: teacher.userId, language: 'en' });

    const mine = await call('GET', '/api/telegram/chats?mine=true', teacher);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(telegramChatsResponseSchema.parse(mine.json())).toMatchObject({
      configured: true,
      botUsername: bot.username,
      items: [{ kind: 'staff', title: 'Dara' }],
    });

    // A guardian: the homeroom teacher of the student's class may make the code.
    const guardian = await link(teacher, { purpose: 'guardian', studentId: school.students.S01 });
    say(guardianChat, `/start ${guardian.code}`, 'km');
    await poller.runOnce();
    const [guardianRow] = await chatRow(guardianChat.id);
    expect(guardianRow).toMatchObject({
      kind: 'guardian',
      studentId: school.students.S01,
      language: 'km',
    });
    await worker.runOnce();
    expect(deliveredTo(guardianChat.id).map((d) => d.text)).toEqual(['អ្នកនឹងទទួលការជូនដំណឹងអំពី សុខ ចាន់។']);
    expect(deliveredTo(teacherChat.id).map((d) => d.text)).toEqual([
      'Linked to Sok Dara. Your notices will arrive here.',
    ]);
    const byStudent = await call(
      'GET',
      `/api/telegram/chats?studentId=${school.students.S01}`,
      teacher,
    );
    expect(telegramChatsResponseSchema.parse(byStudent.json()).items).toHaveLength(1);
    // Only managers list every chat (others, their own); a teacher lists their class's only.
    const everything = await call('GET', '/api/telegram/chats', teacher);
    expect(telegramChatsResponseSchema.parse(everything.json()).items).toMatchObject([
      { kind: 'staff', user: { id: teacher.userId } },
    ]);
    const all = await call('GET', '/api/telegram/chats', admin);
    expect(telegramChatsResponseSchema.parse(all.json()).items).toHaveLength(3);
    expect(
      (await call('GET', `/api/telegram/chats?classId=${school.classes.c7A}`, teacher)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/api/telegram/chats?classId=${school.classes.c7B}`, teacher)).statusCode,
    ).toBe(403);
  });

  it('takes updates by webhook only with the right secret, and ignores what it cannot read', async () => {
    const code = await link(admin, { purpose: 'office', language: 'en' });
    const url = `/api/telegram/webhook/${admin.schoolId}`;
    const update = {
      update_id: 900,
      message: { message_id: 5, date: 0, chat: officeChat, text: `/link ${code.code}` },
    };
    const wrong = await call('POST', url, null, update, {
      'x-telegram-bot-api-secret-token': 'not-the-secret',
    });
    expect(wrong.statusCode).toBe(401);
    expect((await call('POST', url, null, update)).statusCode).toBe(401);
    const [row] = await server.database.db
      .select({ secret: telegramBots.webhookSecret })
      .from(telegramBots);
    const header = { 'x-telegram-bot-api-secret-token': row!.secret };
    const otherSchool = await call(
      'POST',
      `/api/telegram/webhook/${crypto.randomUUID()}`,
      null,
      update,
      header,
    );
    expect(otherSchool.statusCode).toBe(401);
    expect(
      (await call('POST', '/api/telegram/webhook/nonsense', null, update, header)).statusCode,
    ).toBe(401);
    expect(await chatRow(officeChat.id)).toEqual([]);

    const right = await call('POST', url, null, update, header);
    expect(right.statusCode, right.body).toBe(200);
    expect((await chatRow(officeChat.id))[0]).toMatchObject({ kind: 'office' });
    for (const odd of [{}, { message: 'text' }, { message: { chat: {} } }, { my_chat_member: 1 }]) {
      expect((await call('POST', url, null, odd, header)).statusCode).toBe(200);
    }
  });

  it('alerts the class group and the guardian once when attendance is saved; a correction alerts again', async () => {
    const sheetId = crypto.randomUUID();
    const save = (marks: Record<string, string>) =>
      call('POST', '/api/attendance/sheets', admin, {
        id: sheetId,
        classId: school.classes.c7A,
        date: '2026-06-15',
        session: 'morning',
        marks: Object.entries(marks).map(([code, status]) => ({
          studentId: school.students[code],
          status,
          ...(status === 'late' ? { minutesLate: 5 } : {}),
        })),
      });
    const first = await save({ S01: 'absent', S02: 'late' });
    expect(first.statusCode, first.body).toBe(200);
    await worker.runOnce();
    const group = deliveredTo(groupChat.id).filter((d) => d.text.startsWith('Absences'));
    expect(group).toHaveLength(1);
    expect(group[0]!.text).toContain('Absences · 7A');
    expect(group[0]!.text).toContain('Absent: 1 student');
    expect(group[0]!.text).toContain('1. Pupil F');
    expect(group[0]!.text).toContain('Late: 1');
    const guardian = deliveredTo(guardianChat.id).filter((d) => d.text.includes('អវត្តមាន'));
    expect(guardian).toHaveLength(1);
    expect(guardian[0]!.text).toContain('សុខ ចាន់');
    expect(guardian[0]!.text).toContain('២០២៦');

    // The same sheet again: nothing new.
    const again = await save({ S01: 'absent', S02: 'late' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true });
    expect(await outbox('absence')).toHaveLength(2);

    // A correction: S03 was absent too. The group hears the new list; S01's guardian not twice.
    const corrected = await save({ S01: 'absent', S02: 'late', S03: 'absent' });
    expect(corrected.statusCode).toBe(200);
    await worker.runOnce();
    const updated = deliveredTo(groupChat.id).filter((d) => d.text.startsWith('Absences'));
    expect(updated).toHaveLength(2);
    expect(updated[1]!.text).toContain('Absent: 2 students');
    expect(deliveredTo(guardianChat.id).filter((d) => d.text.includes('អវត្តមាន'))).toHaveLength(1);
  });

  it('tells the class group when scores are published', async () => {
    const { math } = school.subjects;
    const test = { classId: school.classes.c7A, termId: school.terms.t1, kind: 'month', month: 11 };
    const saved = await call('POST', '/api/scores/batch', admin, {
      ...test,
      cells: [{ studentId: school.students.S01, subjectId: math, score: 40 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call('POST', '/api/scores/status', admin, {
      ...test,
      action: 'publish',
      // One score of six: published although incomplete, chosen by name.
      incompleteSubjectIds: [math],
    });
    expect(published.statusCode, published.body).toBe(200);
    await worker.runOnce();
    const notices = deliveredTo(groupChat.id).filter((d) => d.text.startsWith('Scores'));
    expect(notices.map((d) => d.text)).toEqual([
      'Scores published · 7A\nNovember test\nSubjects (1): Mathematics',
    ]);
    expect(await outbox('scores')).toHaveLength(1);
  });

  it('queues the daily summary once, after its time, however often the scheduler runs', async () => {
    const [office] = await chatRow(officeChat.id);
    const notices = {
      absence: true,
      summary: true,
      summaryTime: '17:00',
      summaryChatId: office!.id,
      scores: true,
    };
    const unknown = await call('PUT', '/api/telegram/notices', admin, {
      ...notices,
      summaryChatId: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(400);
    const saved = await call('PUT', '/api/telegram/notices', admin, notices);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(telegramSetupSchema.parse(saved.json()).notices).toEqual(notices);

    // 12:00 in Phnom Penh: not yet. 19:00: once, for two schedulers.
    expect(await runSummaries(server.database.db, new Date('2026-06-15T05:00:00Z'))).toBe(0);
    const evening = new Date('2026-06-15T12:00:00Z');
    const schedulers = [
      new SummaryScheduler(server.database.db),
      new SummaryScheduler(server.database.db),
    ];
    const counts = await Promise.all(schedulers.map((s) => s.runOnce(evening)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await schedulers[0]!.runOnce(evening)).toBe(0);
    const rows = await outbox('summary');
    expect(rows.map((r) => r.idempotencyKey)).toEqual(['summary:2026-06-15']);
    expect(rows[0]!.text).toContain('Attendance summary');
    expect(rows[0]!.text).toContain('7A: present 2 · absent 2 · late 1 · excused 0');
    expect(rows[0]!.text).toContain('Not taken yet (1): 7B');
  });

  it('sends a test message to an active chat, and a failed message again on request', async () => {
    const [group] = await chatRow(groupChat.id);
    const sent = await call('POST', '/api/telegram/test', admin, { chatId: group!.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(telegramSendSchema.parse(sent.json())).toMatchObject({
      kind: 'test',
      status: 'pending',
    });
    expect(
      (await call('POST', '/api/telegram/test', teacher, { chatId: group!.id })).statusCode,
    ).toBe(403);
    await worker.runOnce();
    expect(deliveredTo(groupChat.id).at(-1)!.text).toBe(
      "A test message from Sala Test. The school's notices will arrive in this chat.",
    );
    const notFailed = await call('POST', `/api/telegram/sends/${sent.json().id}/retry`, admin);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toMatchObject({ code: 'TELEGRAM_NOT_FAILED' });

    // The teacher blocks the bot: the message fails for good, the chat is marked, a retry works.
    const [staff] = await chatRow(teacherChat.id);
    fake.blockedChats.add(teacherChat.id);
    const blocked = await call('POST', '/api/telegram/test', admin, { chatId: staff!.id });
    expect(blocked.statusCode).toBe(200);
    await worker.runOnce();
    expect((await chatRow(teacherChat.id))[0]!.status).toBe('blocked');
    const inactive = await call('POST', '/api/telegram/test', admin, { chatId: staff!.id });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ code: 'TELEGRAM_CHAT_INACTIVE' });
    fake.blockedChats.delete(teacherChat.id);
    const retried = await call('POST', `/api/telegram/sends/${blocked.json().id}/retry`, admin);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await worker.runOnce();
    expect(deliveredTo(teacherChat.id).at(-1)!.text).toContain('A test message');
  });

  it('changes a chat language, unlinks from the app and from the chat, and follows the bot being removed', async () => {
    const [group] = await chatRow(groupChat.id);
    const km = await call('PATCH', `/api/telegram/chats/${group!.id}`, teacher, { language: 'km' });
    expect(km.statusCode, km.body).toBe(200);
    expect(km.json()).toMatchObject({ language: 'km', class: { id: school.classes.c7A } });
    const [guardianRow] = await chatRow(guardianChat.id);
    const [staffRow] = await chatRow(teacherChat.id);
    // The teacher may not unlink the office's group.
    const [office] = await chatRow(officeChat.id);
    expect((await call('DELETE', `/api/telegram/chats/${office!.id}`, teacher)).statusCode).toBe(
      403,
    );
    const removed = await call('DELETE', `/api/telegram/chats/${staffRow!.id}`, teacher);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await chatRow(teacherChat.id)).toEqual([]);

    say(groupChat, '/unlink');
    await poller.runOnce();
    expect(await chatRow(groupChat.id)).toEqual([]);
    await worker.runOnce();
    expect(deliveredTo(groupChat.id).at(-1)!.text).toBe('ជជែកនេះលែងទទួលការជូនដំណឹងរបស់សាលាហើយ។');

    fake.pushUpdate(bot.token, {
      my_chat_member: {
        chat: guardianChat,
        from: { id: 601 },
        date: 0,
        old_chat_member: { status: 'member', user: { id: bot.id } },
        new_chat_member: { status: 'kicked', user: { id: bot.id } },
      },
    });
    await poller.runOnce();
    expect((await chatRow(guardianChat.id))[0]).toMatchObject({
      id: guardianRow!.id,
      status: 'blocked',
    });
  });

  it('points Telegram at the webhook when the server has a public address', async () => {
    const context = {
      db: server.database.db,
      key: () => key,
      options,
      publicUrl: 'https://sala.example.org',
      wake: () => undefined,
    };
    await saveToken(
      context,
      { schoolId: admin.schoolId, userId: admin.userId, requestId: null },
      bot.token,
    );
    const [row] = await server.database.db
      .select()
      .from(telegramBots)
      .where(eq(telegramBots.schoolId, admin.schoolId));
    expect(fake.webhookOf(bot.token)).toEqual({
      url: `https://sala.example.org/api/telegram/webhook/${admin.schoolId}`,
      secret: row!.webhookSecret,
    });
  });

  it('removes the bot; nothing can be linked without one', async () => {
    const removed = await call('DELETE', '/api/telegram/bot', admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ configured: false, bot: null });
    const refused = await call('POST', '/api/telegram/links', teacher, { purpose: 'staff' });
    expect(refused.json()).toMatchObject({ code: 'TELEGRAM_NOT_CONFIGURED' });
  });

  it('never shows, logs or audits the token', async () => {
    const secretPart = bot.token.split(':')[1]!;
    expect(bodies.length).toBeGreaterThan(30);
    for (const body of bodies) expect(body).not.toContain(secretPart);
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) expect(line).not.toContain(secretPart);
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, admin.schoolId)));
    expect(JSON.stringify(audits)).not.toContain(secretPart);
    const sends = await server.database.db.select().from(telegramOutbox);
    expect(JSON.stringify(sends)).not.toContain(secretPart);
  });
});
