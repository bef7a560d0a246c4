import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolloverResponseSchema } from '@sala/contract';
import {
  academicYears,
  auditLog,
  classes,
  employees,
  enrollments,
  students,
  terms,
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

/**
 * The year rollover: a school with grades 10, 11 and 12 (the last), classes 10A, 11A, 11B and
 * 12A, and students promoted, repeating, leaving and graduating.
 */
describe('year rollover', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let office: SignedInUser;
  let schoolId: string;
  let yearId: string;
  const grade: Record<number, string> = {};
  const klass: Record<string, string> = {};
  const student: Record<string, string> = {};
  let homeroomId: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, who = admin) =>
    server.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const db = () => server.database.db;
  const rollover = (payload: object, who = admin) =>
    call('POST', `/api/academic-years/${yearId}/rollover`, payload, who);
  const next = { name: '2026–2027', startDate: '2026-11-02', endDate: '2027-08-31' };

  /** Everything a refused rollover must leave as it was. */
  const snapshot = async () => ({
    years: await db().select().from(academicYears).orderBy(academicYears.id),
    classes: await db().select().from(classes).orderBy(classes.id),
    enrollments: await db().select().from(enrollments).orderBy(enrollments.id),
    students: await db().select().from(students).orderBy(students.id),
  });

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(db(), { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    schoolId = admin.schoolId;
    const roles = (await call('GET', '/api/roles')).json().roles as { id: string; key: string }[];
    await call('POST', '/api/users', {
      username: 'office1',
      password: 'a long office passphrase',
      nameEn: 'Office',
      roleIds: [roles.find((r) => r.key === 'office')!.id],
    });
    await db()
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.username, 'office1'));
    office = await signIn(server.app, 'office1', 'a long office passphrase');

    const year = await call('POST', '/api/academic-years', {
      name: '2025–2026',
      startDate: '2025-11-03',
      endDate: '2026-08-31',
      isCurrent: true,
      terms: [
        { number: 1, nameEn: 'Semester 1', months: [11, 12, 1, 2], examMonth: 2 },
        { number: 2, nameEn: 'Semester 2', months: [4, 5, 6, 7], examMonth: 7 },
      ],
    });
    yearId = year.json().year.id;
    for (const number of [12, 10, 11]) {
      const created = await call('POST', '/api/grade-levels', {
        number,
        nameEn: `Grade ${number}`,
        maxScore: 100,
      });
      grade[number] = created.json().gradeLevel.id;
    }
    const [homeroom] = await db()
      .insert(employees)
      .values({ schoolId, code: 'T1', nameEn: 'Homeroom teacher' })
      .returning();
    homeroomId = homeroom!.id;
    for (const [name, number, section] of [
      ['10A', 10, 'A'],
      ['11A', 11, 'A'],
      ['11B', 11, 'B'],
      ['12A', 12, 'A'],
      ['12C', 12, 'C'],
    ] as const) {
      const created = await call('POST', '/api/classes', {
        yearId,
        gradeLevelId: grade[number],
        section,
        homeroomEmployeeId: name === '11A' || name === '12C' ? homeroomId : null,
        room: name === '11A' ? 'R-11' : name === '12C' ? 'R-12C' : '',
        session: name === '11B' ? 'afternoon' : 'morning',
        capacity: 45,
      });
      klass[name] = created.json().schoolClass.id;
    }
    // name → class: promoted unless said otherwise.
    const roster: [string, string][] = [
      ['dara', '10A'],
      ['sokha', '11A'],
      ['vanna', '11A'], // repeats grade 11: into the new 11A (promoted from 10A)
      ['bopha', '11A'], // transferred to another school
      ['kosal', '11B'], // repeats grade 11: no 10B was promoted, so a new 11B is made
      ['nita', '11B'], // drops out
      ['rith', '12A'], // graduates (last grade)
      ['chan', '12A'], // repeats grade 12 → the new 12A (promoted from 11A)
      ['lina', '12C'], // repeats grade 12 → a new 12C, which keeps its teacher and room
      ['pich', '12C'], // graduates
      ['mony', '10A'], // already transferred out of 10A during the year: not rolled over
    ];
    for (const [name, className] of roster) {
      const [row] = await db()
        .insert(students)
        .values({ schoolId, code: name.toUpperCase(), nameEn: name, gender: 'female' })
        .returning();
      student[name] = row!.id;
      await db()
        .insert(enrollments)
        .values({
          schoolId,
          studentId: row!.id,
          yearId,
          classId: klass[className]!,
          startDate: '2025-11-03',
          ...(name === 'mony' ? { endDate: '2026-02-01', endReason: 'left' as const } : {}),
        });
    }
  });
  afterAll(() => server.close());

  const request = {
    ...next,
    repeaterIds: () => [student.vanna!, student.chan!, student.kosal!, student.lina!],
    leavers: () => [
      { studentId: student.bopha!, reason: 'transferred' },
      { studentId: student.nita!, reason: 'dropped_out' },
    ],
  };
  const body = () => ({
    ...next,
    repeaterIds: request.repeaterIds(),
    leavers: request.leavers(),
  });

  it('refuses bad requests and callers without both rights, changing nothing', async () => {
    const before = await snapshot();
    const both = await rollover({
      ...body(),
      leavers: [{ studentId: student.vanna, reason: 'transferred' }],
    });
    expect(both.statusCode).toBe(400);
    const stranger = await rollover({ ...next, repeaterIds: [crypto.randomUUID()] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({
      code: 'INVALID_REFERENCE',
      fieldErrors: { repeaterIds: ['INVALID_REFERENCE'] },
    });
    // A student whose enrollment already ended is not part of the year's roster any more.
    const gone = await rollover({
      ...next,
      leavers: [{ studentId: student.mony, reason: 'graduated' }],
    });
    expect(gone.json().fieldErrors).toEqual({ leavers: ['INVALID_REFERENCE'] });
    const taken = await rollover({ ...body(), name: '2025–2026' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'NAME_EXISTS',
      fieldErrors: { name: ['NAME_EXISTS'] },
    });
    const backwards = await rollover({ ...body(), startDate: '2025-01-01', endDate: '2025-08-31' });
    expect(backwards.json().code).toBe('INVALID_DATE_RANGE');
    // The office manages classes but not academic years.
    expect((await rollover(body(), office)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/academic-years/${crypto.randomUUID()}/rollover`, body()))
        .statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('creates the next year with its terms, classes one grade up and every student placed', async () => {
    const auditRows = async () => (await db().select().from(auditLog)).length;
    const auditBefore = await auditRows();
    const response = await rollover(body());
    expect(response.statusCode, response.body).toBe(200);
    const result = rolloverResponseSchema.parse(response.json());
    expect(result).toMatchObject({
      classesCreated: 5,
      studentsPromoted: 2,
      studentsRepeating: 4,
      studentsLeaving: 2,
      studentsGraduated: 2,
    });
    const { year } = result;
    expect(year).toMatchObject({ ...next, isCurrent: true, classCount: 5 });
    expect(year.terms.map((t) => [t.number, t.nameEn, t.months, t.examMonth])).toEqual([
      [1, 'Semester 1', [11, 12, 1, 2], 2],
      [2, 'Semester 2', [4, 5, 6, 7], 7],
    ]);
    const [old] = await db().select().from(academicYears).where(eq(academicYears.id, yearId));
    expect(old).toMatchObject({ isCurrent: false, version: 2 });
    expect(await db().select().from(terms).where(eq(terms.yearId, yearId))).toHaveLength(2);

    const made = await db().select().from(classes).where(eq(classes.yearId, year.id));
    const named = (name: string) => made.find((c) => c.nameEn === name)!;
    expect(made.map((c) => c.nameEn).sort()).toEqual([
      'Grade 11A',
      'Grade 11B',
      'Grade 12A',
      'Grade 12B',
      'Grade 12C',
    ]);
    // 11A → 12A keeps its homeroom teacher, room, shift and capacity.
    expect(named('Grade 12A')).toMatchObject({
      gradeLevelId: grade[12],
      section: 'A',
      nameKm: 'ថ្នាក់ទី១២A',
      homeroomEmployeeId: homeroomId,
      room: 'R-11',
      capacity: 45,
      previousClassId: klass['11A'],
    });
    expect(named('Grade 12B')).toMatchObject({
      session: 'afternoon',
      previousClassId: klass['11B'],
    });
    expect(named('Grade 11A')).toMatchObject({ previousClassId: klass['10A'] });
    // The last grade's 12C is not promoted: the class made for its repeater keeps its place.
    expect(named('Grade 12C')).toMatchObject({
      gradeLevelId: grade[12],
      homeroomEmployeeId: homeroomId,
      room: 'R-12C',
      previousClassId: klass['12C'],
    });
    // Made for 11B's repeater: its teacher and room went up with the promoted 12B.
    expect(named('Grade 11B')).toMatchObject({
      gradeLevelId: grade[11],
      homeroomEmployeeId: null,
      session: 'afternoon',
      previousClassId: klass['11B'],
    });

    const open = await db()
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.yearId, year.id), isNull(enrollments.endDate)));
    const placed = Object.fromEntries(
      open.map((e) => [
        Object.entries(student).find(([, id]) => id === e.studentId)![0],
        made.find((c) => c.id === e.classId)!.nameEn,
      ]),
    );
    expect(placed).toEqual({
      dara: 'Grade 11A',
      sokha: 'Grade 12A',
      kosal: 'Grade 11B',
      vanna: 'Grade 11A',
      chan: 'Grade 12A',
      lina: 'Grade 12C',
    });
    expect(open.every((e) => e.startDate === next.startDate)).toBe(true);

    const ended = await db()
      .select()
      .from(enrollments)
      .where(
        and(eq(enrollments.yearId, yearId), inArray(enrollments.studentId, Object.values(student))),
      );
    const reasons = Object.fromEntries(
      ended.map((e) => [
        Object.entries(student).find(([, id]) => id === e.studentId)![0],
        `${e.endDate} ${e.endReason}`,
      ]),
    );
    expect(reasons).toEqual({
      dara: '2026-08-31 promoted',
      sokha: '2026-08-31 promoted',
      vanna: '2026-08-31 repeated',
      bopha: '2026-08-31 transferred',
      kosal: '2026-08-31 repeated',
      nita: '2026-08-31 dropped_out',
      rith: '2026-08-31 graduated',
      chan: '2026-08-31 repeated',
      lina: '2026-08-31 repeated',
      pich: '2026-08-31 graduated',
      mony: '2026-02-01 left',
    });
    const statuses = Object.fromEntries(
      (await db().select().from(students)).map((s) => [s.nameEn, s.status]),
    );
    expect(statuses).toEqual({
      dara: 'studying',
      sokha: 'studying',
      vanna: 'studying',
      bopha: 'transferred',
      kosal: 'studying',
      nita: 'dropped_out',
      rith: 'graduated',
      chan: 'studying',
      lina: 'studying',
      pich: 'graduated',
      mony: 'studying',
    });

    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'academic_year.rollover'));
    expect(audit).toHaveLength(1);
    expect(await auditRows()).toBe(auditBefore + 1);
    expect(audit[0]).toMatchObject({
      entityId: year.id,
      before: { fromYearId: yearId, noLongerCurrent: [yearId] },
    });
    expect(audit[0]!.after).toMatchObject({
      classesCreated: 5,
      studentsPromoted: 2,
      studentsGraduated: 2,
    });

    // The new year's classes list as the current year's.
    const listed = (await call('GET', '/api/classes')).json();
    expect(listed.items.map((c: { nameEn: string }) => c.nameEn)).toEqual([
      'Grade 11A',
      'Grade 11B',
      'Grade 12A',
      'Grade 12B',
      'Grade 12C',
    ]);
  });

  it('refuses to roll over a year twice, or into a name that exists, changing nothing', async () => {
    const before = await snapshot();
    const twice = await rollover({ ...next, name: '2027–2028' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('YEAR_ALREADY_ROLLED_OVER');
    const [newYear] = await db()
      .select()
      .from(academicYears)
      .where(eq(academicYears.name, next.name));
    const taken = await call('POST', `/api/academic-years/${newYear!.id}/rollover`, {
      ...next,
      name: '2025–2026'.toUpperCase(),
      startDate: '2027-11-01',
      endDate: '2028-08-31',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('NAME_EXISTS');
    expect(await snapshot()).toEqual(before);
  });
});
