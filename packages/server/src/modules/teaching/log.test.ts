import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachingLogEntryResponseSchema, teachingLogListResponseSchema } from '@sala/contract';
import { auditLog, teachingAssignments, teachingLog } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { seedTeachingSchool, type TeachingSchool } from './fixtures.js';

describe('teaching log', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let head: SignedInUser;
  let office: SignedInUser;
  let school: TeachingSchool;

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    head = await signIn(server.app, 'head');
    office = await signIn(server.app, 'office');
    school = await seedTeachingSchool(db, admin.schoolId);
    const { classes: c, subjects: s, staff: t, years } = school;
    await db.insert(teachingAssignments).values(
      [
        [c.c7A, s.math, t.dara],
        [c.c7A, s.khmer, t.vannak],
        [c.c8A, s.physics, t.srey],
        [c.c7B, s.khmer, t.vannak],
      ].map(([classId, subjectId, employeeId]) => ({
        schoolId: admin.schoolId,
        yearId: years.current,
        classId: classId!,
        subjectId: subjectId!,
        employeeId: employeeId!,
      })),
    );
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    who: SignedInUser = admin,
    language = 'en',
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...who.headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  const log = async (payload: object, who: SignedInUser) => {
    const response = await call('POST', '/api/teaching/log', payload, who);
    expect(response.statusCode, response.body).toBe(200);
    return teachingLogEntryResponseSchema.parse(response.json()).entry;
  };
  const read = async (query: string, who: SignedInUser = admin) => {
    const response = await call('GET', `/api/teaching/log?${query}`, undefined, who);
    expect(response.statusCode, response.body).toBe(200);
    return teachingLogListResponseSchema.parse(response.json());
  };
  const counts = async () => {
    const { db } = server.database;
    const [lessons] = await db.select({ n: count() }).from(teachingLog);
    const [audit] = await db.select({ n: count() }).from(auditLog);
    return { lessons: lessons!.n, audit: audit!.n };
  };
  const maths7A = (date: string, hours = 1) => ({
    classId: school.classes.c7A,
    subjectId: school.subjects.math,
    date,
    hours,
    content: 'Fractions: adding with unlike denominators',
  });

  it('logs a teacher’s own lesson of a subject they teach, as themselves by default, audited', async () => {
    const entry = await log(maths7A('2026-11-16', 1.5), teacher);
    expect(entry).toMatchObject({
      date: '2026-11-16',
      teacher: { id: school.staff.dara, nameEn: 'Sok Dara' },
      schoolClass: { nameEn: '7A' },
      subject: { nameEn: 'Mathematics' },
      hours: 1.5,
      content: 'Fractions: adding with unlike denominators',
    });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entry.id));
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['teaching_log.create', teacher.userId],
    ]);
    await log(maths7A('2026-11-18'), teacher);
    await log(maths7A('2026-11-20', 2), teacher);
  });

  it('refuses lessons a teacher does not teach, someone else’s, and a caller without a staff record', async () => {
    const before = await counts();
    const notTheirs = await call(
      'POST',
      '/api/teaching/log',
      { ...maths7A('2026-11-16'), subjectId: school.subjects.khmer },
      teacher,
      'km',
    );
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({
      code: 'NOT_ASSIGNED',
      message: 'អ្នកមិនបង្រៀនមុខវិជ្ជានេះក្នុងថ្នាក់នេះទេ',
    });
    const forSomeoneElse = await call(
      'POST',
      '/api/teaching/log',
      { ...maths7A('2026-11-16'), employeeId: school.staff.vannak },
      teacher,
    );
    expect(forSomeoneElse.statusCode).toBe(403);
    expect(forSomeoneElse.json().code).toBe('FORBIDDEN');
    const noRecord = await call('POST', '/api/teaching/log', maths7A('2026-11-16'), office);
    expect(noRecord.statusCode).toBe(400);
    expect(noRecord.json().code).toBe('NO_EMPLOYEE_RECORD');
    const stranger = await call(
      'POST',
      '/api/teaching/log',
      { ...maths7A('2026-11-16'), classId: crypto.randomUUID() },
      teacher,
    );
    expect(stranger.json()).toMatchObject({
      code: 'INVALID_REFERENCE',
      fieldErrors: { classId: ['INVALID_REFERENCE'] },
    });
    for (const bad of [{ hours: 0 }, { hours: 13 }, { date: '2026-02-30' }, { extra: true }]) {
      const response = await call(
        'POST',
        '/api/teaching/log',
        { ...maths7A('2026-11-16'), ...bad },
        teacher,
      );
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('lets whoever manages teaching log the lessons of the staff they manage', async () => {
    // A substitution: the administrator logs Srey's lesson of Khmer in 7B.
    const substitute = await log(
      {
        employeeId: school.staff.srey,
        classId: school.classes.c7B,
        subjectId: school.subjects.khmer,
        date: '2026-11-17',
        hours: 1,
      },
      admin,
    );
    expect(substitute.teacher.nameEn).toBe('Mao Srey');
    await log(
      {
        employeeId: school.staff.vannak,
        classId: school.classes.c7A,
        subjectId: school.subjects.khmer,
        date: '2026-11-17',
        hours: 1,
      },
      admin,
    );
    // The maths head manages the maths department's staff: Vannak teaches Khmer, in 7A (where
    // maths is taught too) as in 7B.
    const before = await counts();
    for (const classId of [school.classes.c7A, school.classes.c7B]) {
      const refused = await call(
        'POST',
        '/api/teaching/log',
        {
          employeeId: school.staff.vannak,
          classId,
          subjectId: school.subjects.khmer,
          date: '2026-11-18',
          hours: 1,
        },
        head,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().fieldErrors).toEqual({ employeeId: ['OUTSIDE_YOUR_DEPARTMENT'] });
    }
    expect(await counts()).toEqual(before);
  });

  it('shows a teacher their own lessons, a head their department’s, the office all, with the hours of all matching', async () => {
    const own = await read('', teacher);
    expect(own.items.map((e) => e.date)).toEqual(['2026-11-20', '2026-11-18', '2026-11-16']);
    expect(own).toMatchObject({ total: 3, totalHours: 4.5 });
    // Asking for someone else's gives a teacher nothing.
    expect((await read(`employeeId=${school.staff.vannak}`, teacher)).total).toBe(0);
    // Maths department: Dara's three lessons and Srey's substitution; not Vannak's.
    const department = await read('', head);
    expect(department.items.map((e) => e.teacher.nameEn).sort()).toEqual([
      'Mao Srey',
      'Sok Dara',
      'Sok Dara',
      'Sok Dara',
    ]);
    const all = await read('pageSize=2', office);
    expect(all).toMatchObject({ total: 5, totalHours: 6.5, page: 1, pageSize: 2 });
    expect(all.items).toHaveLength(2);
    const filtered = await read(
      `classId=${school.classes.c7A}&from=2026-11-17&to=2026-11-18`,
      office,
    );
    expect(filtered.items.map((e) => `${e.date} ${e.teacher.nameEn}`)).toEqual([
      '2026-11-18 Sok Dara',
      '2026-11-17 Chea Vannak',
    ]);
    expect(filtered.totalHours).toBe(2);
    expect((await call('GET', '/api/teaching/log?from=yesterday')).statusCode).toBe(400);
  });

  it('lets a teacher take back their own lesson within 7 days; later, or others’, only a manager', async () => {
    const { db } = server.database;
    const lessons = await read('', teacher);
    const [recent, old] = lessons.items;
    await db
      .update(teachingLog)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(teachingLog.id, old!.id));
    const before = await counts();
    const locked = await call(
      'DELETE',
      `/api/teaching/log/${old!.id}?version=1`,
      undefined,
      teacher,
    );
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('TEACHING_LOG_LOCKED');
    const [vannaks] = (await read(`employeeId=${school.staff.vannak}`)).items;
    const notTheirs = await call(
      'DELETE',
      `/api/teaching/log/${vannaks!.id}?version=1`,
      undefined,
      teacher,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(await counts()).toEqual(before);

    const taken = await call(
      'DELETE',
      `/api/teaching/log/${recent!.id}?version=1`,
      undefined,
      teacher,
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ success: true, message: 'Lesson taken off the log' });
    const byHead = await call('DELETE', `/api/teaching/log/${old!.id}?version=1`, undefined, head);
    expect(byHead.statusCode, byHead.body).toBe(200);
    const audit = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} in (${recent!.id}, ${old!.id})`);
    expect(audit.map((row) => row.action).sort()).toEqual([
      'teaching_log.create',
      'teaching_log.create',
      'teaching_log.delete',
      'teaching_log.delete',
    ]);
    expect((await call('DELETE', `/api/teaching/log/${old!.id}?version=1`)).statusCode).toBe(404);
    expect((await read('', teacher)).total).toBe(1);
  });
  it('refuses a lesson dated outside the class’s academic year, in both languages', async () => {
    const before = await counts();
    for (const date of ['2026-10-31', '2027-09-01']) {
      const outside = await call('POST', '/api/teaching/log', maths7A(date), teacher, 'km');
      expect(outside.statusCode).toBe(400);
      expect(outside.json()).toMatchObject({
        code: 'DATE_OUTSIDE_YEAR',
        message: 'កាលបរិច្ឆេទនេះនៅក្រៅឆ្នាំសិក្សារបស់ថ្នាក់',
        fieldErrors: { date: ['DATE_OUTSIDE_YEAR'] },
      });
    }
    const byAdmin = await call('POST', '/api/teaching/log', {
      ...maths7A('2027-09-01'),
      employeeId: school.staff.dara,
    });
    expect(byAdmin.json().code).toBe('DATE_OUTSIDE_YEAR');
    expect(await counts()).toEqual(before);
    // The first and last days of the year are in it.
    const first = await log(maths7A('2026-11-01'), teacher);
    const last = await log(maths7A('2027-08-31'), teacher);
    for (const entry of [first, last]) {
      const removed = await call(
        'DELETE',
        `/api/teaching/log/${entry.id}?version=${entry.version}`,
        undefined,
        teacher,
      );
      expect(removed.statusCode, removed.body).toBe(200);
    }
  });

  it('lets a teacher correct their own lesson, checking the version, the year and the class', async () => {
    const entry = await log(maths7A('2026-11-23'), teacher);
    expect(entry.version).toBe(1);
    const edited = await call(
      'PATCH',
      `/api/teaching/log/${entry.id}`,
      { hours: 2, content: 'Fractions: word problems', version: 1 },
      teacher,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().entry).toMatchObject({
      date: '2026-11-23',
      hours: 2,
      content: 'Fractions: word problems',
      version: 2,
    });
    const before = await counts();
    const stale = await call(
      'PATCH',
      `/api/teaching/log/${entry.id}`,
      { hours: 3, version: 1 },
      teacher,
    );
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'VERSION_CONFLICT']);
    const outside = await call(
      'PATCH',
      `/api/teaching/log/${entry.id}`,
      { date: '2027-10-01', version: 2 },
      teacher,
    );
    expect([outside.statusCode, outside.json().code]).toEqual([400, 'DATE_OUTSIDE_YEAR']);
    const notTaught = await call(
      'PATCH',
      `/api/teaching/log/${entry.id}`,
      { subjectId: school.subjects.khmer, version: 2 },
      teacher,
    );
    expect([notTaught.statusCode, notTaught.json().code]).toEqual([403, 'NOT_ASSIGNED']);
    const [vannaks] = (await read(`employeeId=${school.staff.vannak}`)).items;
    const notTheirs = await call(
      'PATCH',
      `/api/teaching/log/${vannaks!.id}`,
      { hours: 5, version: vannaks!.version },
      teacher,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(await counts()).toEqual(before);

    const byOffice = await call(
      'PATCH',
      `/api/teaching/log/${entry.id}`,
      { hours: 1, version: 2 },
      office,
    );
    expect(byOffice.statusCode).toBe(403);
    const byAdmin = await call('PATCH', `/api/teaching/log/${entry.id}`, {
      date: '2026-11-24',
      version: 2,
    });
    expect(byAdmin.json().entry).toMatchObject({ date: '2026-11-24', version: 3 });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entry.id))
      .orderBy(auditLog.at);
    expect(audit.map((row) => row.action)).toEqual([
      'teaching_log.create',
      'teaching_log.update',
      'teaching_log.update',
    ]);
  });
});
