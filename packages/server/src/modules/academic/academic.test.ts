import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  academicYearListResponseSchema,
  academicYearResponseSchema,
  gradeLevelListResponseSchema,
  periodListResponseSchema,
  type AcademicYear,
} from '@sala/contract';
import {
  academicYears,
  auditLog,
  classes,
  gradeLevels,
  periods,
  subjectGradeLevels,
  subjects,
  terms,
  timetableEntries,
  users,
} from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';

const semesters = [
  { number: 1, nameEn: 'Semester 1', months: [11, 12, 1, 2], examMonth: 2 },
  { number: 2, nameEn: 'Semester 2', months: [4, 5, 6, 7], examMonth: 7 },
];

describe('academic years, grade levels and periods', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let schoolId: string;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    schoolId = admin.schoolId;
    const roles = (await call('GET', '/api/roles')).json().roles as { id: string; key: string }[];
    await call('POST', '/api/users', {
      username: 'teacher1',
      password: 'a long teacher passphrase',
      nameEn: 'Teacher',
      roleIds: [roles.find((r) => r.key === 'teacher')!.id],
    });
    await server.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.username, 'teacher1'));
    teacher = await signIn(server.app, 'teacher1', 'a long teacher passphrase');
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
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
  const db = () => server.database.db;
  const years = async () =>
    academicYearListResponseSchema.parse((await call('GET', '/api/academic-years')).json()).items;
  const yearNamed = async (name: string) => (await years()).find((y) => y.name === name)!;

  describe('academic years', () => {
    it('creates years with their terms and lists them newest first', async () => {
      const older = await call('POST', '/api/academic-years', {
        name: '2024–2025',
        startDate: '2024-11-01',
        endDate: '2025-08-31',
        isCurrent: true,
        terms: semesters,
      });
      expect(older.statusCode, older.body).toBe(200);
      const { year } = academicYearResponseSchema.parse(older.json());
      expect(year).toMatchObject({ isCurrent: true, classCount: 0, version: 1 });
      expect(year.terms.map((t) => [t.number, t.months, t.examMonth])).toEqual([
        [1, [11, 12, 1, 2], 2],
        [2, [4, 5, 6, 7], 7],
      ]);
      await call('POST', '/api/academic-years', {
        name: '2025–2026',
        startDate: '2025-11-01',
        endDate: '2026-08-31',
        terms: semesters,
      });
      expect((await years()).map((y) => y.name)).toEqual(['2025–2026', '2024–2025']);
      const read = await call('GET', `/api/academic-years/${year.id}`, undefined, teacher);
      expect(read.statusCode).toBe(200);
      const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, year.id));
      expect(audit.map((row) => row.action)).toEqual(['academic_year.create']);
    });

    it('refuses a name that exists (any case), bad terms and reversed dates, changing nothing', async () => {
      const before = await db().select().from(academicYears);
      const taken = await call('POST', '/api/academic-years', {
        name: '2024–2025'.toUpperCase(),
        startDate: '2030-11-01',
        endDate: '2031-08-31',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'NAME_EXISTS',
        fieldErrors: { name: ['NAME_EXISTS'] },
      });
      const badTerms = await call('POST', '/api/academic-years', {
        name: 'Bad terms',
        startDate: '2030-11-01',
        endDate: '2031-08-31',
        terms: [
          { number: 1, months: [11, 12], examMonth: 3 },
          { number: 1, months: [12], examMonth: 12 },
        ],
      });
      expect(badTerms.statusCode).toBe(400);
      expect(Object.values(badTerms.json().fieldErrors).flat()).toEqual(
        expect.arrayContaining(['EXAM_MONTH_OUTSIDE_TERM', 'DUPLICATE_TERM', 'DUPLICATE_MONTH']),
      );
      const reversed = await call('POST', '/api/academic-years', {
        name: 'Reversed',
        startDate: '2031-11-01',
        endDate: '2031-08-31',
      });
      expect(reversed.statusCode).toBe(400);
      const latest = await yearNamed('2025–2026');
      const reversedEdit = await call('PATCH', `/api/academic-years/${latest.id}`, {
        endDate: '2025-10-01',
        version: latest.version,
      });
      expect(reversedEdit.statusCode).toBe(400);
      expect(reversedEdit.json().code).toBe('INVALID_DATE_RANGE');
      expect(await db().select().from(academicYears)).toEqual(before);
    });

    it('names the field a cross-field refusal blames, with the reason in the asked language', async () => {
      const overlapping = {
        name: 'Overlapping terms',
        startDate: '2032-11-01',
        endDate: '2033-08-31',
        terms: [
          { number: 1, months: [11, 12, 1, 2], examMonth: 2 },
          { number: 2, months: [1, 4, 5], examMonth: 5 },
        ],
      };
      const refused = await call('POST', '/api/academic-years', overlapping);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { 'terms.1.months': ['DUPLICATE_MONTH', 'TERM_ORDER?number=2&previous=1'] },
      });
      const tooLong = await call('POST', '/api/academic-years', {
        ...overlapping,
        name: 'x'.repeat(51),
        terms: [],
      });
      expect(tooLong.json().fieldErrors).toEqual({ name: ['TOO_LONG?max=50'] });
      const inKhmer = await call('POST', '/api/academic-years', overlapping, admin, 'km');
      expect(inKhmer.json().message).toBe('ទិន្នន័យមិនត្រឹមត្រូវ');
      expect((await years()).some((year) => year.name === overlapping.name)).toBe(false);
    });

    it('keeps one current year: making one current unsets the other', async () => {
      const latest = await yearNamed('2025–2026');
      const older = await yearNamed('2024–2025');
      const made = await call('PATCH', `/api/academic-years/${latest.id}`, {
        isCurrent: true,
        version: latest.version,
      });
      expect(made.statusCode, made.body).toBe(200);
      const now = await years();
      expect(now.filter((y) => y.isCurrent).map((y) => y.name)).toEqual(['2025–2026']);
      // The year that stopped being current changed: an edit made from the old copy is refused.
      expect(now.find((y) => y.id === older.id)!.version).toBe(older.version + 1);
      const stale = await call('PATCH', `/api/academic-years/${older.id}`, {
        name: 'Stale',
        version: older.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('VERSION_CONFLICT');
    });

    it('replaces the terms as a whole, keeping the rows of the terms that stay', async () => {
      const year = await yearNamed('2025–2026');
      const first = year.terms.find((t) => t.number === 1)!;
      const edited = await call('PATCH', `/api/academic-years/${year.id}`, {
        terms: [{ number: 1, nameEn: 'Whole year', months: [11, 12, 1, 2, 3, 4], examMonth: 4 }],
        version: year.version,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const after = academicYearResponseSchema.parse(edited.json()).year;
      expect(after.terms).toEqual([
        {
          id: first.id,
          number: 1,
          nameKm: '',
          nameEn: 'Whole year',
          months: [11, 12, 1, 2, 3, 4],
          examMonth: 4,
        },
      ]);
      // Without terms in the request, they stay as they are.
      const renamed = await call('PATCH', `/api/academic-years/${year.id}`, {
        name: '2025–26',
        version: after.version,
      });
      expect(renamed.json().year.terms).toHaveLength(1);
      const edit = await call('PATCH', `/api/academic-years/${year.id}`, {
        name: '2025–2026',
        terms: semesters,
        version: after.version + 1,
      });
      expect(edit.statusCode).toBe(200);
    });

    it('refuses to delete a year with classes, and deletes it (with its terms) once empty', async () => {
      const [grade] = await db()
        .insert(gradeLevels)
        .values({ schoolId, number: 9, nameEn: 'Grade 9', maxScore: 50 })
        .returning();
      const year: AcademicYear = academicYearResponseSchema.parse(
        (
          await call('POST', '/api/academic-years', {
            name: 'To delete',
            startDate: '2030-11-01',
            endDate: '2031-08-31',
            terms: semesters,
          })
        ).json(),
      ).year;
      const [klass] = await db()
        .insert(classes)
        .values({ schoolId, yearId: year.id, gradeLevelId: grade!.id, section: 'A' })
        .returning();
      expect((await yearNamed('To delete')).classCount).toBe(1);
      const refused = await call(
        'DELETE',
        `/api/academic-years/${year.id}?version=1`,
        undefined,
        admin,
        'km',
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'YEAR_IN_USE',
        message: 'ឆ្នាំសិក្សានេះនៅមានថ្នាក់។ សូមលុបពួកវាជាមុនសិន។',
      });
      expect(await db().select().from(terms).where(eq(terms.yearId, year.id))).toHaveLength(2);
      await db().delete(classes).where(eq(classes.id, klass!.id));
      await db().delete(gradeLevels).where(eq(gradeLevels.id, grade!.id));
      const stale = await call('DELETE', `/api/academic-years/${year.id}?version=2`);
      expect(stale.json().code).toBe('VERSION_CONFLICT');
      const deleted = await call('DELETE', `/api/academic-years/${year.id}?version=1`);
      expect(deleted.json()).toEqual({ success: true, message: 'Academic year deleted' });
      expect(await db().select().from(terms).where(eq(terms.yearId, year.id))).toEqual([]);
      const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, year.id));
      expect(audit.map((row) => row.action)).toEqual([
        'academic_year.create',
        'academic_year.delete',
      ]);
    });

    it('lets a teacher read years but not change them', async () => {
      expect((await call('GET', '/api/academic-years', undefined, teacher)).statusCode).toBe(200);
      const refused = await call(
        'POST',
        '/api/academic-years',
        { name: 'Mine', startDate: '2040-01-01', endDate: '2040-12-01' },
        teacher,
      );
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('grade levels', () => {
    it('creates, lists by number, refuses a number twice and detects a concurrent edit', async () => {
      for (const number of [8, 7]) {
        const created = await call('POST', '/api/grade-levels', {
          number,
          nameKm: `ថ្នាក់ទី${number}`,
          nameEn: `Grade ${number}`,
          maxScore: 50,
          divisor: number === 7 ? 14 : null,
        });
        expect(created.statusCode, created.body).toBe(200);
      }
      const list = gradeLevelListResponseSchema.parse(
        (await call('GET', '/api/grade-levels')).json(),
      );
      expect(list.items.map((g) => [g.number, g.divisor])).toEqual([
        [7, 14],
        [8, null],
      ]);
      const twice = await call('POST', '/api/grade-levels', {
        number: 7,
        nameEn: 'Again',
        maxScore: 50,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        code: 'GRADE_LEVEL_EXISTS',
        fieldErrors: { number: ['GRADE_LEVEL_EXISTS'] },
      });
      const outOfRange = await call('POST', '/api/grade-levels', {
        number: 13,
        nameEn: 'X',
        maxScore: 50,
      });
      expect(outOfRange.statusCode).toBe(400);

      const seven = list.items[0]!;
      const first = await call('PATCH', `/api/grade-levels/${seven.id}`, {
        divisor: null,
        version: 1,
      });
      expect(first.json().gradeLevel).toMatchObject({ divisor: null, version: 2 });
      const second = await call('PATCH', `/api/grade-levels/${seven.id}`, {
        maxScore: 10,
        version: 1,
      });
      expect(second.json().code).toBe('VERSION_CONFLICT');
      const renumbered = await call('PATCH', `/api/grade-levels/${seven.id}`, {
        number: 8,
        version: 2,
      });
      expect(renumbered.json().code).toBe('GRADE_LEVEL_EXISTS');
      const [row] = await db().select().from(gradeLevels).where(eq(gradeLevels.id, seven.id));
      expect(row).toMatchObject({ number: 7, maxScore: 50, divisor: null, version: 2 });
    });

    it('refuses to delete a grade level used by a class or a subject', async () => {
      const list = gradeLevelListResponseSchema.parse(
        (await call('GET', '/api/grade-levels')).json(),
      );
      const eight = list.items.find((g) => g.number === 8)!;
      const year = await yearNamed('2025–2026');
      const [klass] = await db()
        .insert(classes)
        .values({ schoolId, yearId: year.id, gradeLevelId: eight.id, section: 'Z' })
        .returning();
      const byClass = await call('DELETE', `/api/grade-levels/${eight.id}?version=1`);
      expect(byClass.statusCode).toBe(409);
      expect(byClass.json().code).toBe('GRADE_LEVEL_IN_USE');
      await db().delete(classes).where(eq(classes.id, klass!.id));
      const [subject] = await db()
        .insert(subjects)
        .values({ schoolId, code: 'MATH8', nameEn: 'Maths', maxScore: 50 })
        .returning();
      await db()
        .insert(subjectGradeLevels)
        .values({ schoolId, subjectId: subject!.id, gradeLevelId: eight.id });
      const bySubject = await call('DELETE', `/api/grade-levels/${eight.id}?version=1`);
      expect(bySubject.json().code).toBe('GRADE_LEVEL_IN_USE');
      await db().delete(subjects).where(eq(subjects.id, subject!.id));
      const deleted = await call('DELETE', `/api/grade-levels/${eight.id}?version=1`);
      expect(deleted.statusCode).toBe(200);
      const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, eight.id));
      expect(audit.map((row) => row.action)).toEqual(['grade_level.create', 'grade_level.delete']);
    });
  });

  describe('periods', () => {
    const day = [
      { session: 'afternoon', number: 1, startTime: '13:00', endTime: '14:00' },
      { session: 'morning', number: 2, startTime: '08:00', endTime: '09:00' },
      { session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' },
    ];

    it('replaces the set of periods and lists them by shift and number', async () => {
      const set = await call('PUT', '/api/periods', { periods: day });
      expect(set.statusCode, set.body).toBe(200);
      const listed = periodListResponseSchema.parse(
        (await call('GET', '/api/periods', undefined, teacher)).json(),
      );
      expect(
        listed.items.map((p) => `${p.session} ${p.number} ${p.startTime}-${p.endTime}`),
      ).toEqual(['morning 1 07:00-08:00', 'morning 2 08:00-09:00', 'afternoon 1 13:00-14:00']);
      const overlapping = await call('PUT', '/api/periods', {
        periods: [day[0], { ...day[0], startTime: '15:00', endTime: '14:00' }],
      });
      expect(overlapping.statusCode).toBe(400);
      expect(Object.values(overlapping.json().fieldErrors).flat()).toEqual(
        expect.arrayContaining(['DUPLICATE_PERIOD', 'INVALID_TIME_RANGE']),
      );
      const overlappingTimes = await call('PUT', '/api/periods', {
        periods: [day[0], { ...day[0], number: 2, startTime: '13:30', endTime: '14:20' }],
      });
      expect(overlappingTimes.json()).toMatchObject({
        fieldErrors: { 'periods.1.startTime': ['PERIOD_OVERLAP?number=2&other=1'] },
      });
      expect((await call('PUT', '/api/periods', { periods: day }, teacher)).statusCode).toBe(403);
    });

    it('keeps a period in use by the timetable: new times are fine, removing it is refused', async () => {
      const before = periodListResponseSchema.parse(
        (await call('GET', '/api/periods')).json(),
      ).items;
      const morning1 = before[0]!;
      const year = await yearNamed('2025–2026');
      const [grade] = await db()
        .insert(gradeLevels)
        .values({ schoolId, number: 1, nameEn: 'Grade 1', maxScore: 10 })
        .returning();
      const [klass] = await db()
        .insert(classes)
        .values({ schoolId, yearId: year.id, gradeLevelId: grade!.id, section: 'A' })
        .returning();
      const [subject] = await db()
        .insert(subjects)
        .values({ schoolId, code: 'KH1', nameEn: 'Khmer', maxScore: 10 })
        .returning();
      await db().insert(timetableEntries).values({
        schoolId,
        yearId: year.id,
        classId: klass!.id,
        dayOfWeek: 1,
        periodId: morning1.id,
        subjectId: subject!.id,
      });

      const retimed = await call('PUT', '/api/periods', {
        periods: day.map((p) =>
          p.session === 'morning' && p.number === 1 ? { ...p, startTime: '06:45' } : p,
        ),
      });
      expect(retimed.statusCode, retimed.body).toBe(200);
      const kept = retimed.json().items.find((p: { id: string }) => p.id === morning1.id);
      expect(kept).toMatchObject({ startTime: '06:45', endTime: '08:00' });

      const rows = await db().select().from(periods);
      const removed = await call(
        'PUT',
        '/api/periods',
        { periods: day.filter((p) => !(p.session === 'morning' && p.number === 1)) },
        admin,
        'km',
      );
      expect(removed.statusCode).toBe(409);
      expect(removed.json()).toMatchObject({
        code: 'PERIOD_IN_USE',
        fieldErrors: { periods: ['PERIOD_IN_USE'] },
      });
      expect(removed.json().message).toMatch(/កាលវិភាគ/);
      expect(await db().select().from(periods)).toEqual(rows);

      const audit = await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(auditLog)
        .where(eq(auditLog.action, 'periods.set'));
      expect(audit[0]!.n).toBe(2);
    });
  });
});
