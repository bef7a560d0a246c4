import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  learnerListResponseSchema,
  studentDetailResponseSchema,
  studentListResponseSchema,
  studentResponseSchema,
  type Student,
} from '@sala/contract';
import { auditLog, enrollments, students } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { seedStudentSchool } from '../../../test/student-fixtures.js';

describe('students', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let school: Awaited<ReturnType<typeof seedStudentSchool>>;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    school = await seedStudentSchool(server.database.db, admin.schoolId);
    teacher = await signIn(server.app, 'teacher7a');
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
  const create = async (payload: object) => {
    const response = await call('POST', '/api/students', payload);
    expect(response.statusCode, response.body).toBe(200);
    return studentResponseSchema.parse(response.json()).student;
  };
  const detail = async (id: string) =>
    studentDetailResponseSchema.parse((await call('GET', `/api/students/${id}`)).json());

  let dara: Student;
  let sokha: Student;
  let second: Student;

  it('generates codes, keeps the guardian phone as E.164 and audits the create', async () => {
    dara = await create({
      nameKm: 'សុខ ដារា',
      nameEn: 'Sok Dara',
      gender: 'female',
      guardianName: 'Sok Pisey',
      guardianPhone: '012 345 678',
    });
    expect(dara).toMatchObject({
      code: 'S2026-0001',
      guardianPhone: '+85512345678',
      status: 'studying',
      currentClass: null,
      version: 1,
    });
    sokha = await create({ nameKm: 'ចាន់ សុខា', nameEn: 'Chan Sokha', gender: 'male' });
    expect(sokha.code).toBe('S2026-0002');
    const given = await create({ code: 'X-100', nameEn: 'Given Code' });
    expect(given.code).toBe('X-100');

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, dara.id));
    expect(audit.map((row) => row.action)).toEqual(['student.create']);
  });

  it('refuses a taken code, a bad phone and a nameless student, changing nothing', async () => {
    const before = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(students);
    const taken = await call('POST', '/api/students', { code: 's2026-0001', nameEn: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CODE_EXISTS',
      fieldErrors: { code: ['CODE_EXISTS'] },
    });
    const phone = await call(
      'POST',
      '/api/students',
      { nameEn: 'Bad Phone', guardianPhone: '123456' },
      admin,
      'km',
    );
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({
      code: 'INVALID_PHONE',
      message: 'លេខទូរស័ព្ទនេះមិនត្រឹមត្រូវ',
      fieldErrors: { guardianPhone: ['INVALID_PHONE'] },
    });
    expect((await call('POST', '/api/students', { nameEn: ' ' })).statusCode).toBe(400);
    const after = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(students);
    expect(after).toEqual(before);
  });

  it('hands out distinct codes to concurrent creates', async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call('POST', '/api/students', { nameEn: `Concurrent ${i}` }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(16).fill(200));
    const codes = responses.map((r) => r.json().student.code as string);
    expect(new Set(codes).size).toBe(16);
    for (const code of codes) expect(code).toMatch(/^S2026-\d{4}$/);
  });

  it('enrols at creation into a class of the current year, up to its capacity', async () => {
    const first = await create({
      nameKm: 'កែវ មករា',
      nameEn: 'Keo Makara',
      classId: school.classAId,
      startDate: '2026-10-01',
    });
    expect(first.currentClass).toEqual({
      id: school.classAId,
      nameKm: 'ថ្នាក់ទី៧A',
      nameEn: 'Grade 7A',
    });
    second = await create({
      nameEn: 'Second in 7A',
      classId: school.classAId,
      startDate: '2026-10-01',
    });
    const lastYear = await call('POST', '/api/students', {
      nameEn: 'Wrong year',
      classId: school.lastYearClassId,
    });
    expect(lastYear.statusCode).toBe(400);
    expect(lastYear.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
    await create({ nameEn: 'Third in 7A', classId: school.classAId, startDate: '2026-10-01' });
    const full = await call('POST', '/api/students', {
      nameEn: 'Fourth in 7A',
      classId: school.classAId,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('CLASS_FULL');
    const named = await call('GET', '/api/students?search=Fourth');
    expect(named.json().total).toBe(0);
  });

  it('enrols, refuses a second class the same year, transfers and ends an enrollment', async () => {
    const enrol = await call('POST', `/api/students/${dara.id}/enrollments`, {
      classId: school.classBId,
      startDate: '2026-10-05',
    });
    expect(enrol.statusCode, enrol.body).toBe(200);
    const again = await call('POST', `/api/students/${dara.id}/enrollments`, {
      classId: school.classAId,
      startDate: '2026-11-02',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_ENROLLED');
    const outside = await call('POST', `/api/students/${dara.id}/enrollments`, {
      classId: school.classBId,
      startDate: '2027-09-01',
      transfer: true,
    });
    expect(outside.statusCode).toBe(400);

    // 7A is full: a transfer into it is refused and changes nothing.
    const full = await call('POST', `/api/students/${dara.id}/enrollments`, {
      classId: school.classAId,
      startDate: '2026-11-02',
      transfer: true,
    });
    expect(full.json().code).toBe('CLASS_FULL');
    expect((await detail(dara.id)).enrollments).toHaveLength(1);

    // Last year's history, then a transfer from 7B to a free seat in 7A.
    await call('POST', `/api/students/${dara.id}/enrollments`, {
      classId: school.lastYearClassId,
      startDate: '2025-10-01',
    });
    await server.database.db
      .update(enrollments)
      .set({ endDate: '2026-10-31', endReason: 'left' })
      .where(eq(enrollments.studentId, second.id));
    const moved = await call('POST', `/api/students/${dara.id}/enrollments`, {
      classId: school.classAId,
      startDate: '2026-11-02',
      transfer: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const history = studentDetailResponseSchema.parse(moved.json());
    expect(history.student.currentClass?.id).toBe(school.classAId);
    expect(
      history.enrollments.map((e) => [e.schoolClass.nameEn, e.startDate, e.endDate, e.endReason]),
    ).toEqual([
      ['Grade 7A', '2026-11-02', null, null],
      ['Grade 7B', '2026-10-05', '2026-11-01', 'transferred'],
      ['Grade 7A (2025)', '2025-10-01', null, null],
    ]);

    const ended = await call('POST', `/api/students/${dara.id}/enrollments/end`, {
      yearId: school.lastYearId,
      endDate: '2026-07-31',
      reason: 'left',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().student.status).toBe('studying');
    const dropped = await call('POST', `/api/students/${dara.id}/enrollments/end`, {
      yearId: school.yearId,
      endDate: '2026-11-20',
      reason: 'dropped_out',
    });
    expect(dropped.json().student).toMatchObject({ status: 'dropped_out', currentClass: null });
    const none = await call('POST', `/api/students/${dara.id}/enrollments/end`, {
      yearId: school.yearId,
      endDate: '2026-11-21',
      reason: 'left',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NOT_ENROLLED');
    // Enrolled again this year, then gone again: back to studying, then dropped out.
    const back = await call('POST', `/api/students/${dara.id}/enrollments`, {
      classId: school.classBId,
      startDate: '2026-11-21',
    });
    expect(back.json().student).toMatchObject({ status: 'studying' });
    await call('POST', `/api/students/${dara.id}/enrollments/end`, {
      yearId: school.yearId,
      endDate: '2026-11-21',
      reason: 'dropped_out',
    });

    const audit = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'enrollment'));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['student.enroll', 'student.transfer', 'student.enrollment_end']),
    );
  });

  it('lists by class then name, searches both scripts and the guardian, and filters', async () => {
    const page = studentListResponseSchema.parse(
      (await call('GET', '/api/students?pageSize=100')).json(),
    );
    const names = page.items.map((s) => s.nameEn);
    // 7A first (sorted by name), then students without a class of this year.
    expect(names.slice(0, 2)).toEqual(['Keo Makara', 'Third in 7A']);
    expect(page.total).toBe(page.items.length);
    const search = async (query: string) =>
      studentListResponseSchema
        .parse((await call('GET', `/api/students?${query}`)).json())
        .items.map((s) => s.nameEn);
    expect(await search(`search=${encodeURIComponent('សុខា')}`)).toEqual(['Chan Sokha']);
    expect(await search('search=pisey')).toEqual(['Sok Dara']);
    expect(await search(`search=${encodeURIComponent('012 345')}`)).toEqual(['Sok Dara']);
    // Digits inside a word are not a phone number: 'ab345xy' finds nobody's phone.
    expect(await search('search=ab345xy')).toEqual([]);
    expect(await search(`classId=${school.classAId}`)).toEqual(['Keo Makara', 'Third in 7A']);
    expect(await search('status=dropped_out')).toEqual(['Sok Dara']);
    expect(await search('gender=male')).toEqual(['Chan Sokha']);
    const paged = studentListResponseSchema.parse(
      (await call('GET', '/api/students?pageSize=2&page=2')).json(),
    );
    expect(paged.items).toHaveLength(2);
    expect(paged.total).toBe(page.total);
    // A page past the last one is empty and still tells how many there are.
    const past = studentListResponseSchema.parse(
      (await call('GET', '/api/students?pageSize=2&page=99')).json(),
    );
    expect(past.items).toEqual([]);
    expect(past.total).toBe(page.total);
    // Khmer sort when asked in Khmer.
    const khmer = studentListResponseSchema.parse(
      (
        await call('GET', `/api/students?classId=${school.classAId}`, undefined, admin, 'km')
      ).json(),
    );
    expect(khmer.items.map((s) => s.nameKm)[0]).toBe('កែវ មករា');
  });

  it('shows a teacher only the students of the classes they teach or lead', async () => {
    const mine = studentListResponseSchema.parse(
      (await call('GET', '/api/students?pageSize=100', undefined, teacher)).json(),
    );
    expect(mine.items.map((s) => s.nameEn)).toEqual(['Keo Makara', 'Third in 7A']);
    const keo = mine.items[0]!;
    expect((await call('GET', `/api/students/${keo.id}`, undefined, teacher)).statusCode).toBe(200);
    // Dara left 7A: her record is no longer the teacher's to see.
    expect((await call('GET', `/api/students/${dara.id}`, undefined, teacher)).statusCode).toBe(
      404,
    );
    const learners = learnerListResponseSchema.parse(
      (await call('GET', '/api/learner/list', undefined, teacher)).json(),
    );
    expect(learners.items).toHaveLength(2);
    expect(
      (await call('POST', '/api/students', { nameEn: 'Not allowed' }, teacher)).statusCode,
    ).toBe(403);
  });

  it('updates with a version check, by id on the spec path too, and deletes only the unenrolled', async () => {
    const renamed = await call('PATCH', `/api/students/${sokha.id}`, {
      nameEn: 'Chan Sokha Renamed',
      guardianPhone: '+1 202 555 0143',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().student).toMatchObject({ version: 2, guardianPhone: '+12025550143' });
    const stale = await call('PATCH', `/api/students/${sokha.id}`, {
      nameEn: 'Lost update',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const spec = await call('POST', '/api/student/update', {
      id: sokha.id,
      version: 2,
      status: 'suspended',
    });
    expect(spec.json().student).toMatchObject({ status: 'suspended', version: 3 });
    const cleared = await call('PATCH', `/api/students/${sokha.id}`, {
      nameKm: '',
      nameEn: '',
      version: 3,
    });
    expect(cleared.statusCode).toBe(400);

    const inUse = await call(
      'DELETE',
      `/api/students/${dara.id}?version=${(await detail(dara.id)).student.version}`,
    );
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe('STUDENT_IN_USE');
    expect((await call('DELETE', `/api/students/${sokha.id}?version=1`)).statusCode).toBe(409);
    const deleted = await call('DELETE', `/api/students/${sokha.id}?version=3`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/api/students/${sokha.id}`)).statusCode).toBe(404);
    const audit = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, sokha.id));
    expect(audit.map((row) => row.action)).toEqual([
      'student.create',
      'student.update',
      'student.update',
      'student.delete',
    ]);
  });

  it('serves the spec’s list and create paths', async () => {
    const created = await call('POST', '/api/student/create', { nameEn: 'Spec Student' });
    expect(created.statusCode).toBe(200);
    const list = studentListResponseSchema.parse(
      (await call('GET', '/api/student/list?search=Spec')).json(),
    );
    expect(list.items.map((s) => s.nameEn)).toEqual(['Spec Student']);
    const learners = learnerListResponseSchema.parse(
      (await call('GET', `/api/learner/list?classId=${school.classAId}`)).json(),
    );
    expect(learners.items.map((s) => s.nameEn)).toEqual(['Keo Makara', 'Third in 7A']);
  });
});

describe('bad input on the student, learner and import routes', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let studentId: string;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    await seedStudentSchool(server.database.db, admin.schoolId);
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/students',
      headers: admin.headers,
      payload: { nameEn: 'Fuzzed' },
    });
    studentId = created.json().student.id;
  });
  afterAll(() => server.close());

  const fields = [
    'id',
    'code',
    'nameKm',
    'nameEn',
    'gender',
    'birthDate',
    'guardianPhone',
    'status',
    'classId',
    'yearId',
    'startDate',
    'endDate',
    'reason',
    'transfer',
    'version',
    'search',
    'page',
    'pageSize',
    'confirm',
  ];
  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.uuid(),
    fc.constantFrom('2026-11-02', '2026-02-31', 'female', 'studying', '012 345 678', '+999'),
  );

  it('never answers 5xx and changes nothing when it refuses', async () => {
    const routes = server.app.declaredRoutes.filter(
      (route) =>
        route.method !== 'HEAD' &&
        /^\/api\/(students|student|learner|employees\/(import|export))(\/|$)/.test(route.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(15);
    const snapshot = async () => {
      const result = await server.database.db.execute(
        sql.raw(`select md5(
          coalesce((select string_agg(t::text, ',' order by t.id) from students t), '') ||
          coalesce((select string_agg(t::text, ',' order by t.id) from enrollments t), '') ||
          coalesce((select string_agg(t::text, ',' order by t.id) from audit_log t), '')) as digest`),
      );
      return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
    };
    let state = await snapshot();
    for (const route of routes) {
      const url = route.url.replace(':id', studentId);
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 5 }),
          async (payload) => {
            const isRead = route.method === 'GET' || route.method === 'DELETE';
            const search = new URLSearchParams(
              Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString();
            const response = await server.app.inject({
              method: route.method as 'GET',
              url: isRead ? `${url}?${search}` : url,
              headers: admin.headers,
              ...(isRead ? {} : { payload }),
            });
            const where = `${route.method} ${route.url} with ${JSON.stringify(payload)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(typeof response.json().code, where).toBe('string');
              expect(await snapshot(), `${where} changed rows`).toBe(state);
            } else {
              state = await snapshot();
            }
          },
        ),
        { numRuns: 10, seed: 20261121 },
      );
    }
  });
});
