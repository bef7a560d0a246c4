import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjectListResponseSchema, subjectResponseSchema, type Subject } from '@sala/contract';
import {
  academicYears,
  auditLog,
  classes,
  departments,
  employees,
  gradeLevels,
  periods,
  schools,
  subjectGradeLevels,
  subjects,
  teachingAssignments,
  teachingLog,
  timetableEntries,
  users,
} from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  addSchool,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

describe('subjects and the spec’s course calls', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let schoolId: string;
  let schoolCode: string;
  let science: string;
  let grades: Record<number, string>;
  let otherGrade: string;

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    schoolId = admin.schoolId;
    const [school] = await db.select().from(schools).where(eq(schools.id, schoolId));
    schoolCode = school!.code;
    const [department] = await db
      .insert(departments)
      .values({ schoolId, code: 'SCI', nameKm: 'វិទ្យាសាស្ត្រ', nameEn: 'Science' })
      .returning();
    science = department!.id;
    const rows = await db
      .insert(gradeLevels)
      .values([7, 8, 9].map((number) => ({ schoolId, number, maxScore: 50 })))
      .returning();
    grades = Object.fromEntries(rows.map((row) => [row.number, row.id]));
    const other = await addSchool(server.database, 'elsewhere');
    const [theirs] = await db
      .insert(gradeLevels)
      .values({ schoolId: other.schoolId, number: 7, maxScore: 50 })
      .returning();
    otherGrade = theirs!.id;
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
  const list = async (query = '', path = '/api/subjects') => {
    const response = await call('GET', `${path}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return subjectListResponseSchema.parse(response.json());
  };
  const digest = async () => {
    const result = await server.database.db.execute(
      sql`select md5(coalesce((select string_agg(t::text, ',' order by t.id) from subjects t), '') ||
        coalesce((select string_agg(t::text, ',' order by t::text) from subject_grade_levels t), '')) as digest`,
    );
    return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
  };

  let physics: Subject;

  it('creates a subject with its grade levels, and reads it under both paths', async () => {
    const created = await call('POST', '/api/subjects', {
      code: 'PHY',
      nameKm: 'រូបវិទ្យា',
      nameEn: 'Physics',
      type: 'learning_exam',
      maxScore: 50,
      coefficient: 1.5,
      departmentId: science,
      gradeLevelIds: [grades[9], grades[7], grades[7]],
    });
    expect(created.statusCode, created.body).toBe(200);
    physics = subjectResponseSchema.parse(created.json()).subject;
    expect(physics).toMatchObject({
      code: 'PHY',
      maxScore: 50,
      coefficient: 1.5,
      department: { id: science, nameEn: 'Science', nameKm: 'វិទ្យាសាស្ត្រ' },
      gradeLevels: [
        { id: grades[7], number: 7 },
        { id: grades[9], number: 9 },
      ],
      version: 1,
    });
    for (const path of [`/api/subjects/${physics.id}`, `/api/courses/${physics.id}`]) {
      expect((await call('GET', path)).json().subject).toEqual(physics);
    }
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, physics.id));
    expect(audit.map((row) => row.action)).toEqual(['subject.create']);
    expect(audit[0]!.after).toMatchObject({ gradeLevelIds: [grades[7], grades[9]].sort() });
  });

  it('creates through the course call and lists, filters and searches the same under both paths', async () => {
    const course = await call('POST', '/api/courses/create', {
      code: 'ATT',
      nameKm: 'វត្តមាន',
      nameEn: 'Attendance',
      type: 'attendance',
      maxScore: 10,
      gradeLevelIds: [grades[8]],
    });
    expect(course.statusCode, course.body).toBe(200);
    expect(course.json().subject).toMatchObject({ type: 'attendance', coefficient: 1 });
    await call('POST', '/api/subjects', { code: 'khm', nameKm: 'ភាសាខ្មែរ', maxScore: 50 });

    for (const path of ['/api/subjects', '/api/courses/list']) {
      const codes = async (query: string) =>
        (await list(query, path)).items.map((subject) => subject.code);
      expect(await codes('')).toEqual(['ATT', 'khm', 'PHY']);
      expect(await codes(`?gradeLevelId=${grades[7]}`)).toEqual(['PHY']);
      expect(await codes(`?gradeLevelId=${grades[8]}`)).toEqual(['ATT']);
      expect(await codes(`?departmentId=${science}`)).toEqual(['PHY']);
      expect(await codes('?type=attendance')).toEqual(['ATT']);
      expect(await codes(`?search=${encodeURIComponent('ខ្មែរ')}`)).toEqual(['khm']);
      expect(await codes('?search=phy')).toEqual(['PHY']);
      expect(await list('?pageSize=1&page=2', path)).toMatchObject({ total: 3, page: 2 });
    }
  });

  it('refuses a duplicate code, another school’s grade level or department, changing nothing', async () => {
    const before = await digest();
    const duplicate = await call(
      'POST',
      '/api/courses/create',
      { code: 'phy', nameEn: 'Again', maxScore: 50 },
      admin,
      'km',
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      code: 'CODE_EXISTS',
      fieldErrors: { code: ['CODE_EXISTS'] },
    });
    const foreignGrade = await call('POST', '/api/subjects', {
      code: 'X',
      nameEn: 'X',
      maxScore: 10,
      gradeLevelIds: [grades[7], otherGrade],
    });
    expect(foreignGrade.statusCode).toBe(400);
    expect(foreignGrade.json()).toMatchObject({
      code: 'INVALID_REFERENCE',
      fieldErrors: { gradeLevelIds: ['INVALID_REFERENCE'] },
    });
    const replaceWithForeign = await call('PATCH', `/api/subjects/${physics.id}`, {
      gradeLevelIds: [otherGrade],
      version: physics.version,
    });
    expect(replaceWithForeign.json().code).toBe('INVALID_REFERENCE');
    const foreignDepartment = await call('POST', '/api/subjects', {
      code: 'Y',
      nameEn: 'Y',
      maxScore: 10,
      departmentId: crypto.randomUUID(),
    });
    expect(foreignDepartment.json().code).toBe('INVALID_REFERENCE');
    const noScore = await call('POST', '/api/subjects', { code: 'Z', nameEn: 'Z', maxScore: 0 });
    expect(noScore.statusCode).toBe(400);
    expect(await digest()).toBe(before);
  });

  it('replaces the grade levels only when they are sent, and detects a concurrent edit', async () => {
    const renamed = await call('PATCH', `/api/subjects/${physics.id}`, {
      nameEn: 'Physics and chemistry',
      version: physics.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().subject.gradeLevels).toEqual(physics.gradeLevels);
    const stale = await call('PATCH', `/api/subjects/${physics.id}`, {
      gradeLevelIds: [],
      version: physics.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');

    const moved = await call('POST', '/api/courses/update', {
      id: physics.id,
      gradeLevelIds: [grades[8]],
      coefficient: 2,
      version: physics.version + 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    physics = subjectResponseSchema.parse(moved.json()).subject;
    expect(physics).toMatchObject({
      nameEn: 'Physics and chemistry',
      coefficient: 2,
      gradeLevels: [{ id: grades[8], number: 8 }],
      version: 3,
    });
    const staleCourse = await call('POST', '/api/courses/update', {
      id: physics.id,
      nameEn: 'Lost',
      version: 2,
    });
    expect(staleCourse.json().code).toBe('VERSION_CONFLICT');
    const missing = await call('POST', '/api/courses/update', {
      id: crypto.randomUUID(),
      nameEn: 'Nobody',
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, physics.id))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      action: 'subject.update',
      before: { gradeLevelIds: [grades[7], grades[9]].sort() },
      after: { gradeLevelIds: [grades[8]] },
    });
  });

  it('refuses to delete a subject still taught, and deletes it (and its grade links) once free', async () => {
    const { db } = server.database;
    const [teacher] = await db
      .insert(employees)
      .values({ schoolId, code: 'T1', nameEn: 'Teacher' })
      .returning();
    const [year] = await db
      .insert(academicYears)
      .values({ schoolId, name: '2025-2026', startDate: '2025-11-01', endDate: '2026-08-31' })
      .returning();
    const [klass] = await db
      .insert(classes)
      .values({ schoolId, yearId: year!.id, gradeLevelId: grades[8]!, section: 'A' })
      .returning();
    const [period] = await db
      .insert(periods)
      .values({ schoolId, session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' })
      .returning();
    const slot = { schoolId, yearId: year!.id, classId: klass!.id, subjectId: physics.id };
    const uses: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'teaching assignment',
        () => db.insert(teachingAssignments).values({ ...slot, employeeId: teacher!.id }),
        () => db.delete(teachingAssignments),
      ],
      [
        'timetable lesson',
        () => db.insert(timetableEntries).values({ ...slot, dayOfWeek: 2, periodId: period!.id }),
        () => db.delete(timetableEntries),
      ],
      [
        'teaching log',
        () =>
          db.insert(teachingLog).values({
            schoolId,
            employeeId: teacher!.id,
            classId: klass!.id,
            subjectId: physics.id,
            date: '2026-01-06',
            hours: 1,
          }),
        () => db.delete(teachingLog),
      ],
    ];
    for (const [use, add, remove] of uses) {
      await add();
      const before = await digest();
      for (const refused of [
        await call('DELETE', `/api/subjects/${physics.id}?version=${physics.version}`),
        await call('POST', '/api/courses/delete', { id: physics.id, version: physics.version }),
      ]) {
        expect(refused.statusCode, use).toBe(409);
        expect(refused.json().code, use).toBe('SUBJECT_IN_USE');
      }
      expect(await digest(), use).toBe(before);
      await remove();
    }

    const stale = await call('POST', '/api/courses/delete', { id: physics.id, version: 1 });
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const deleted = await call('POST', '/api/courses/delete', {
      id: physics.id,
      version: physics.version,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Subject deleted' });
    expect(await db.select().from(subjects).where(eq(subjects.id, physics.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(subjectGradeLevels)
        .where(eq(subjectGradeLevels.subjectId, physics.id)),
    ).toEqual([]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, physics.id));
    expect(audit.map((row) => row.action)).toContain('subject.delete');

    const khm = (await list('?search=khm')).items[0]!;
    const viaDelete = await call('DELETE', `/api/subjects/${khm.id}?version=${khm.version}`);
    expect(viaDelete.statusCode).toBe(200);
    expect((await call('GET', `/api/courses/${khm.id}`)).statusCode).toBe(404);
  });

  it('lets every staff role read subjects, and only a manager change them', async () => {
    const roles = (await call('GET', '/api/roles')).json().roles as { id: string; key: string }[];
    const created = await call('POST', '/api/users', {
      username: 'teacher1',
      password: 'a long teacher passphrase',
      nameEn: 'Teacher',
      roleIds: [roles.find((r) => r.key === 'teacher')!.id],
    });
    expect(created.statusCode).toBe(200);
    await server.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.username, 'teacher1'));
    const teacher = await signIn(server.app, 'teacher1', 'a long teacher passphrase', {
      schoolCode,
    });
    expect((await call('GET', '/api/courses/list', undefined, teacher)).statusCode).toBe(200);
    const before = await digest();
    for (const [method, url, payload] of [
      ['POST', '/api/subjects', { code: 'T', nameEn: 'T', maxScore: 10 }],
      ['POST', '/api/courses/create', { code: 'T', nameEn: 'T', maxScore: 10 }],
    ] as const) {
      expect((await call(method, url, payload, teacher)).statusCode).toBe(403);
    }
    expect(await digest()).toBe(before);
  });

  it('never answers 5xx to bad input and changes nothing when it refuses', async () => {
    const att = (await list('?search=ATT')).items[0]!;
    const field = fc.constantFrom(
      'id',
      'code',
      'nameKm',
      'nameEn',
      'type',
      'maxScore',
      'coefficient',
      'departmentId',
      'gradeLevelIds',
      'gradeLevelId',
      'version',
      'search',
      'page',
      'pageSize',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.uuid(),
      fc.array(fc.oneof(fc.uuid(), fc.string({ maxLength: 8 })), { maxLength: 3 }),
      fc.constantFrom('exam', 'ATT', att.id, grades[7]!, otherGrade),
    );
    const body = fc.dictionary(field, value, { maxKeys: 5 });
    const routes = [
      ['POST', '/api/subjects'],
      ['POST', '/api/courses/create'],
      ['PATCH', `/api/subjects/${att.id}`],
      ['POST', '/api/courses/update'],
      ['POST', '/api/courses/delete'],
      ['GET', '/api/subjects'],
      ['GET', '/api/courses/list'],
      ['DELETE', `/api/subjects/${att.id}`],
    ] as const;
    for (const [method, url] of routes) {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const before = await digest();
          const isRead = method === 'GET' || method === 'DELETE';
          const query = new URLSearchParams(
            Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          const response = await server.app.inject({
            method,
            url: isRead ? `${url}?${query}` : url,
            headers: admin.headers,
            ...(isRead ? {} : { payload }),
          });
          const where = `${method} ${url} ${JSON.stringify(payload)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(typeof response.json().code, where).toBe('string');
            expect(await digest(), where).toBe(before);
          }
        }),
        { numRuns: 25, seed: 20261121 },
      );
    }
  });
});
