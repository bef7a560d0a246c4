import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classListResponseSchema, classResponseSchema, type SchoolClass } from '@sala/contract';
import {
  auditLog,
  classes,
  employees,
  enrollments,
  gradeLevels,
  students,
  subjects,
  teachingAssignments,
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

describe('classes', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let office: SignedInUser;
  let teacher: SignedInUser;
  let schoolId: string;
  const ids = {} as Record<
    | 'oldYear'
    | 'year'
    | 'grade7'
    | 'grade10'
    | 'homeroom'
    | 'teacherEmployee'
    | 'class7A'
    | 'class7B'
    | 'class10A'
    | 'class10B'
    | 'oldClass',
    string
  >;

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
  const db = () => server.database.db;
  const list = async (query = '', who: SignedInUser = admin) =>
    classListResponseSchema.parse(
      (await call('GET', `/api/classes${query}`, undefined, who)).json(),
    );

  async function userWithRole(username: string, roleKey: string) {
    const roles = (await call('GET', '/api/roles')).json().roles as { id: string; key: string }[];
    const created = await call('POST', '/api/users', {
      username,
      password: 'a long staff passphrase',
      nameEn: username,
      roleIds: [roles.find((r) => r.key === roleKey)!.id],
    });
    await db().update(users).set({ mustChangePassword: false }).where(eq(users.username, username));
    return {
      id: created.json().user.id as string,
      signIn: () => signIn(server.app, username, 'a long staff passphrase'),
    };
  }

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(db(), { demo: false, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    schoolId = admin.schoolId;
    const officeUser = await userWithRole('office1', 'office');
    office = await officeUser.signIn();
    const teacherUser = await userWithRole('teacher1', 'teacher');
    teacher = await teacherUser.signIn();

    const old = await call('POST', '/api/academic-years', {
      name: '2024–2025',
      startDate: '2024-11-01',
      endDate: '2025-08-31',
    });
    ids.oldYear = old.json().year.id;
    const year = await call('POST', '/api/academic-years', {
      name: '2025–2026',
      startDate: '2025-11-01',
      endDate: '2026-08-31',
      isCurrent: true,
    });
    ids.year = year.json().year.id;
    for (const number of [7, 10]) {
      const grade = await call('POST', '/api/grade-levels', {
        number,
        nameEn: `Grade ${number}`,
        maxScore: 50,
      });
      ids[`grade${number}` as 'grade7' | 'grade10'] = grade.json().gradeLevel.id;
    }
    const [homeroom] = await db()
      .insert(employees)
      .values({ schoolId, code: 'T001', nameKm: 'សុខ ដារ៉ា', nameEn: 'Sok Dara' })
      .returning();
    ids.homeroom = homeroom!.id;
    const [mine] = await db()
      .insert(employees)
      .values({ schoolId, code: 'T002', nameEn: 'Teacher One', userId: teacherUser.id })
      .returning();
    ids.teacherEmployee = mine!.id;
  });
  afterAll(() => server.close());

  const create = (payload: object, who: SignedInUser = admin) =>
    call('POST', '/api/classes', { yearId: ids.year, ...payload }, who);

  it('creates classes, making the names from the grade and section when left empty', async () => {
    const made = await create({
      gradeLevelId: ids.grade7,
      section: 'A',
      homeroomEmployeeId: ids.homeroom,
      room: 'B-12',
      capacity: 40,
    });
    expect(made.statusCode, made.body).toBe(200);
    const { schoolClass } = classResponseSchema.parse(made.json());
    expect(schoolClass).toMatchObject({
      nameEn: 'Grade 7A',
      nameKm: 'ថ្នាក់ទី៧A',
      homeroomTeacher: { id: ids.homeroom, nameEn: 'Sok Dara', nameKm: 'សុខ ដារ៉ា' },
      gradeLevel: { id: ids.grade7, number: 7 },
      session: 'morning',
      capacity: 40,
      studentCount: 0,
      femaleCount: 0,
      version: 1,
    });
    ids.class7A = schoolClass.id;
    const byOffice = await create(
      { gradeLevelId: ids.grade10, section: 'B', session: 'afternoon', nameEn: 'Science 10B' },
      office,
    );
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    expect(byOffice.json().schoolClass).toMatchObject({
      nameEn: 'Science 10B',
      nameKm: 'ថ្នាក់ទី១០B',
    });
    ids.class10B = byOffice.json().schoolClass.id;
    ids.class7B = (await create({ gradeLevelId: ids.grade7, section: 'B' })).json().schoolClass.id;
    ids.class10A = (
      await create({ gradeLevelId: ids.grade10, section: 'A' })
    ).json().schoolClass.id;
    const elsewhere = await call('POST', '/api/classes', {
      yearId: ids.oldYear,
      gradeLevelId: ids.grade7,
      section: 'A',
    });
    expect(elsewhere.statusCode).toBe(200);
    ids.oldClass = elsewhere.json().schoolClass.id;
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, ids.class7A));
    expect(audit.map((row) => row.action)).toEqual(['class.create']);
  });

  it('refuses a class that exists, a teacher or grade of another school, and a teacher', async () => {
    const before = await db().select().from(classes);
    const twice = await create({ gradeLevelId: ids.grade7, section: 'a' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'CLASS_EXISTS',
      fieldErrors: { section: ['CLASS_EXISTS'] },
    });
    const other = await addSchool(server.database, 'other');
    const [stranger] = await db()
      .insert(employees)
      .values({ schoolId: other.schoolId, code: 'X1', nameEn: 'Stranger' })
      .returning();
    const foreign = await create({
      gradeLevelId: ids.grade7,
      section: 'C',
      homeroomEmployeeId: stranger!.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'INVALID_REFERENCE',
      fieldErrors: { homeroomEmployeeId: ['INVALID_REFERENCE'] },
    });
    const [foreignGrade] = await db()
      .insert(gradeLevels)
      .values({ schoolId: other.schoolId, number: 7, nameEn: 'Theirs', maxScore: 50 })
      .returning();
    const wrongGrade = await create({ gradeLevelId: foreignGrade!.id, section: 'C' });
    expect(wrongGrade.json().fieldErrors).toEqual({ gradeLevelId: ['INVALID_REFERENCE'] });
    const refused = await create({ gradeLevelId: ids.grade7, section: 'C' }, teacher);
    expect(refused.statusCode).toBe(403);
    expect(await db().select().from(classes)).toEqual(before);
  });

  it('lists the current year by grade and section, with roster counts, filters and search', async () => {
    const people = await db()
      .insert(students)
      .values([
        { schoolId, code: 'S1', nameEn: 'Girl one', gender: 'female' },
        { schoolId, code: 'S2', nameEn: 'Boy one', gender: 'male' },
        { schoolId, code: 'S3', nameEn: 'Girl two', gender: 'female' },
      ])
      .returning();
    await db()
      .insert(enrollments)
      .values([
        {
          schoolId,
          studentId: people[0]!.id,
          yearId: ids.year,
          classId: ids.class7A,
          startDate: '2025-11-01',
        },
        {
          schoolId,
          studentId: people[1]!.id,
          yearId: ids.year,
          classId: ids.class7A,
          startDate: '2025-11-01',
        },
        // Moved out: no longer counted.
        {
          schoolId,
          studentId: people[2]!.id,
          yearId: ids.year,
          classId: ids.class7A,
          startDate: '2025-11-01',
          endDate: '2025-12-01',
          endReason: 'transferred' as const,
        },
        {
          schoolId,
          studentId: people[2]!.id,
          yearId: ids.year,
          classId: ids.class10A,
          startDate: '2025-12-02',
        },
      ]);
    const all = await list();
    expect(all.items.map((c) => c.nameEn)).toEqual([
      'Grade 7A',
      'Grade 7B',
      'Grade 10A',
      'Science 10B',
    ]);
    expect(all.total).toBe(4);
    expect(all.items[0]).toMatchObject({ studentCount: 2, femaleCount: 1 });
    expect(all.items[2]).toMatchObject({ studentCount: 1, femaleCount: 1 });
    expect((await list(`?gradeLevelId=${ids.grade10}`)).items.map((c) => c.section)).toEqual([
      'A',
      'B',
    ]);
    expect((await list('?session=afternoon')).items.map((c) => c.nameEn)).toEqual(['Science 10B']);
    expect(
      (await list(`?search=${encodeURIComponent('ថ្នាក់ទី៧')}`)).items.map((c) => c.nameEn),
    ).toEqual(['Grade 7A', 'Grade 7B']);
    expect((await list('?search=b-12')).items.map((c) => c.nameEn)).toEqual(['Grade 7A']);
    expect((await list(`?yearId=${ids.oldYear}`)).items.map((c) => c.id)).toEqual([ids.oldClass]);
    const paged = await list('?pageSize=1&page=2');
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 1 });
    expect(paged.items.map((c) => c.nameEn)).toEqual(['Grade 7B']);
    // A page past the last one is empty and still tells how many there are.
    expect(await list('?pageSize=2&page=9')).toMatchObject({ items: [], total: 4 });
    // Each class in the list is the class as it is read on its own.
    for (const item of all.items) {
      expect((await call('GET', `/api/classes/${item.id}`)).json()).toEqual({ schoolClass: item });
    }
  });

  it('shows a teacher only the classes they teach or lead', async () => {
    expect((await list('', teacher)).items).toEqual([]);
    const [subject] = await db()
      .insert(subjects)
      .values({ schoolId, code: 'MATH', nameEn: 'Maths', maxScore: 50 })
      .returning();
    await db().insert(teachingAssignments).values({
      schoolId,
      yearId: ids.year,
      classId: ids.class10B,
      subjectId: subject!.id,
      employeeId: ids.teacherEmployee,
    });
    await db()
      .update(classes)
      .set({ homeroomEmployeeId: ids.teacherEmployee })
      .where(eq(classes.id, ids.class7B));
    expect((await list('', teacher)).items.map((c) => c.nameEn)).toEqual([
      'Grade 7B',
      'Science 10B',
    ]);
    expect((await call('GET', `/api/classes/${ids.class10B}`, undefined, teacher)).statusCode).toBe(
      200,
    );
    const hidden = await call('GET', `/api/classes/${ids.class7A}`, undefined, teacher);
    expect(hidden.statusCode).toBe(404);
    expect((await list('', office)).total).toBe(4);
    expect((await call('GET', `/api/classes/${ids.class7A}`, undefined, office)).statusCode).toBe(
      200,
    );
  });

  it('edits with a version check, keeps the capacity above the roster and renames a made-up name', async () => {
    const read = async (id: string): Promise<SchoolClass> =>
      classResponseSchema.parse((await call('GET', `/api/classes/${id}`)).json()).schoolClass;
    const sevenA = await read(ids.class7A);
    const tooSmall = await call('PATCH', `/api/classes/${ids.class7A}`, {
      capacity: 1,
      version: sevenA.version,
    });
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json()).toMatchObject({
      code: 'CAPACITY_BELOW_STUDENTS',
      fieldErrors: { capacity: ['CAPACITY_BELOW_STUDENTS'] },
    });
    expect(await read(ids.class7A)).toEqual(sevenA);

    const moved = await call('PATCH', `/api/classes/${ids.class7A}`, {
      section: 'C',
      capacity: 2,
      version: sevenA.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().schoolClass).toMatchObject({
      nameEn: 'Grade 7C',
      nameKm: 'ថ្នាក់ទី៧C',
      capacity: 2,
      version: sevenA.version + 1,
    });
    const stale = await call('PATCH', `/api/classes/${ids.class7A}`, {
      room: 'Late',
      version: sevenA.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await read(ids.class7A)).room).toBe('B-12');

    // A name someone typed stays when the grade changes; an empty one is made again.
    const tenB = await read(ids.class10B);
    const regraded = await call(
      'PATCH',
      `/api/classes/${ids.class10B}`,
      { gradeLevelId: ids.grade7, section: 'D', nameKm: '', version: tenB.version },
      office,
    );
    expect(regraded.json().schoolClass).toMatchObject({ nameEn: 'Science 10B', nameKm: 'ថ្នាក់ទី៧D' });
    const clash = await call('PATCH', `/api/classes/${ids.class7B}`, {
      section: 'c',
      version: (await read(ids.class7B)).version,
    });
    expect(clash.json().code).toBe('CLASS_EXISTS');
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, ids.class7A));
    expect(audit.map((row) => row.action)).toEqual(['class.create', 'class.update']);
  });

  it('refuses to delete a class with any enrollment, even a finished one, and deletes an empty one', async () => {
    const tenA = await call('DELETE', `/api/classes/${ids.class10A}?version=1`);
    expect(tenA.statusCode).toBe(409);
    expect(tenA.json().code).toBe('CLASS_IN_USE');
    await db()
      .update(enrollments)
      .set({ endDate: '2026-01-01', endReason: 'left' })
      .where(eq(enrollments.classId, ids.class10A));
    const finished = await call(
      'DELETE',
      `/api/classes/${ids.class10A}?version=1`,
      undefined,
      admin,
      'km',
    );
    expect(finished.statusCode).toBe(409);
    expect(finished.json().message).toMatch(/ប្រវត្តិ/);
    expect(await db().select().from(classes).where(eq(classes.id, ids.class10A))).toHaveLength(1);

    const stale = await call('DELETE', `/api/classes/${ids.oldClass}?version=9`);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const byTeacher = await call(
      'DELETE',
      `/api/classes/${ids.oldClass}?version=1`,
      undefined,
      teacher,
    );
    expect(byTeacher.statusCode).toBe(403);
    const deleted = await call(
      'DELETE',
      `/api/classes/${ids.oldClass}?version=1`,
      undefined,
      office,
    );
    expect(deleted.json()).toEqual({ success: true, message: 'Class deleted' });
    expect(await db().select().from(classes).where(eq(classes.id, ids.oldClass))).toEqual([]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, ids.oldClass));
    expect(audit.map((row) => row.action)).toEqual(['class.create', 'class.delete']);
  });
});
