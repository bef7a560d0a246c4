import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { telegramChats, telegramOutbox } from '../../src/db/schema.js';
import { bootstrapDatabase } from '../../src/seed/bootstrap.js';
import { seedScoreSchool, type ScoreSchool } from '../../src/modules/scores/fixtures.js';
import { defaultFakeBots, startFakeTelegram, type FakeTelegram } from '../fakeTelegram.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  multipartBody,
  onePixelPng,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../helpers.js';

/** The tables whose rows the fuzzer picks real ids from. */
export const idTables = [
  'schools',
  'users',
  'sessions',
  'roles',
  'files',
  'departments',
  'employees',
  'students',
  'academic_years',
  'terms',
  'grade_levels',
  'classes',
  'subjects',
  'teaching_assignments',
  'periods',
  'timetable_entries',
  'teaching_log',
  'attendance_sheets',
  'leave_requests',
  'score_sheets',
  'report_comments',
  'report_jobs',
  'telegram_chats',
  'telegram_outbox',
] as const;
export type IdTable = (typeof idTables)[number];

/** Real ids of the school under test, by table, in an order that is the same on every run. */
export type IdPools = Record<IdTable, string[]>;

export interface FuzzSchool {
  server: TestServer;
  fake: FakeTelegram;
  admin: SignedInUser;
  teacher: SignedInUser;
  school: ScoreSchool;
  ids: IdPools;
  close(): Promise<void>;
}

const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The demo school (its accounts, without the demo year) and a small year of the score tests,
 * plus one record of everything else the API manages (periods, a timetable entry, an attendance
 * sheet, a leave, a teaching-log entry, a role, a file, a Telegram bot with a chat and a failed
 * send), made through the API as the administrator. A small school keeps every case quick: the
 * fuzzer is about what the server does with a request, not with a big year.
 */
export async function createFuzzSchool(): Promise<FuzzSchool> {
  const bot = defaultFakeBots[0]!;
  const fake = await startFakeTelegram({ bots: [bot] });
  const server = await createTestServer({
    telegram: {
      key: crypto.randomBytes(32),
      options: { apiRoot: fake.apiRoot, timeoutSeconds: 3 },
    },
  });
  const { db } = server.database;
  const { app } = server;
  await bootstrapDatabase(db, { demo: true, demoData: false, adminPassword: DEMO_PASSWORD });
  const admin = await signIn(app, 'admin');
  const teacher = await signIn(app, 'teacher');
  // The other accounts' sessions are real ids the session routes may end.
  await signIn(app, 'office');
  await signIn(app, 'head');
  const school = await seedScoreSchool(db, admin.schoolId);

  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await app.inject({ method, url, headers: admin.headers, payload });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json() as Record<string, { id: string } | undefined>;
  };
  const { c7A } = school.classes;
  const { S01 } = school.students;
  await call('PUT', '/api/periods', {
    periods: [
      { session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' },
      { session: 'morning', number: 2, startTime: '08:00', endTime: '09:00' },
      { session: 'afternoon', number: 1, startTime: '13:00', endTime: '14:00' },
    ],
  });
  const [period] = await rows<{ id: string }>(
    db,
    sql`select id from periods where number = 1 and session = 'morning'`,
  );
  await call('POST', '/api/timetable', {
    classId: c7A,
    dayOfWeek: 1,
    periodId: period!.id,
    subjectId: school.subjects.khmer,
  });
  await call('POST', '/api/teaching/log', {
    employeeId: await employeeOf(db, teacher.userId),
    classId: c7A,
    subjectId: school.subjects.khmer,
    date: '2026-03-02',
    hours: 1,
  });
  await call('POST', '/api/attendance/sheets', {
    id: crypto.randomUUID(),
    classId: c7A,
    date: '2026-03-02',
    session: 'morning',
    marks: [{ studentId: S01, status: 'absent' }],
  });
  await call('POST', '/api/attendance/leave', {
    studentId: S01,
    fromDate: '2026-03-03',
    toDate: '2026-03-04',
    reason: 'Sick',
  });
  await call('POST', '/api/roles', { nameEn: 'Librarian', permissions: ['students.read:school'] });
  await call('PUT', '/api/reports/comments', {
    classId: c7A,
    studentId: S01,
    period: 't1',
    comment: 'Works well',
  });
  await call('POST', '/api/reports/jobs', {
    classId: c7A,
    period: 'term',
    termId: school.terms.t1,
    language: 'km',
  });
  const upload = multipartBody(onePixelPng);
  const file = await app.inject({
    method: 'POST',
    url: '/api/files/student-photos',
    headers: { ...upload.headers, ...admin.headers },
    payload: upload.payload,
  });
  if (file.statusCode !== 200) throw new Error(`upload answered ${file.statusCode}: ${file.body}`);
  await call('PUT', '/api/telegram/bot', { token: bot.token });
  const [chat] = await db
    .insert(telegramChats)
    .values({ schoolId: admin.schoolId, chatId: -100777, kind: 'class', title: '7A', classId: c7A })
    .returning();
  await db.insert(telegramOutbox).values({
    schoolId: admin.schoolId,
    chatRowId: chat!.id,
    chatId: -100777,
    chatTitle: '7A',
    kind: 'test',
    text: 'Test',
    idempotencyKey: 'fuzz:test',
    status: 'failed',
  });

  const ids = await idPools(server, [admin.userId, teacher.userId]);
  return {
    server,
    fake,
    admin,
    teacher,
    school,
    ids,
    async close() {
      await server.close();
      await fake.close();
    },
  };
}

/** The rows of a query, on PGlite and on PostgreSQL alike. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function employeeOf(db: Db, userId: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select id from employees where user_id = ${userId}`,
  );
  return row!.id;
}

/**
 * The ids of every table the fuzzer names, but the callers' own accounts and sessions (a case
 * that disabled the administrator or ended its session would leave the rest of the run refused).
 * Rows are ordered by their text without the uuids, so a seed picks the same records every run.
 */
async function idPools(server: TestServer, callers: string[]): Promise<IdPools> {
  const { db } = server.database;
  const pools = {} as IdPools;
  for (const table of idTables) {
    const found = await rows<{ id: string }>(
      db,
      sql.raw(
        `select id from ${table} t order by regexp_replace(t::text, '${uuidPattern}', '', 'g')`,
      ),
    );
    pools[table] = found.map((row) => row.id);
  }
  pools.users = pools.users.filter((id) => !callers.includes(id));
  const callerSessions = await rows<{ id: string }>(
    db,
    sql`select id from sessions where user_id in (${sql.join(
      callers.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const ended = new Set(callerSessions.map((row) => row.id));
  pools.sessions = pools.sessions.filter((id) => !ended.has(id));
  return pools;
}
