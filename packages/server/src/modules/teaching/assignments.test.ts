import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignmentListResponseSchema, assignmentResponseSchema } from '@sala/contract';
import { auditLog, teachingAssignments, timetableEntries } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { seedTeachingSchool, type TeachingSchool } from './fixtures.js';

describe('teaching assignments', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let head: SignedInUser;
  let office: SignedInUser;
  let school: TeachingSchool;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    head = await signIn(server.app, 'head');
    office = await signIn(server.app, 'office');
    school = await seedTeachingSchool(server.database.db, admin.schoolId);
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
  const list = async (query = '', who: SignedInUser = admin) => {
    const response = await call('GET', `/api/teaching/assignments${query}`, undefined, who);
    expect(response.statusCode, response.body).toBe(200);
    return assignmentListResponseSchema.parse(response.json()).items;
  };
  const rowCount = async () => {
    const [assignments] = await server.database.db.select({ n: count() }).from(teachingAssignments);
    const [audit] = await server.database.db.select({ n: count() }).from(auditLog);
    return { assignments: assignments!.n, audit: audit!.n };
  };

  it('assigns a teacher to a subject of a class, in the class’s year, and audits it', async () => {
    const created = await call('POST', '/api/teaching/assignments', {
      classId: school.classes.c7A,
      subjectId: school.subjects.math,
      employeeId: school.staff.dara,
      hoursPerWeek: 4,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { assignment } = assignmentResponseSchema.parse(created.json());
    expect(assignment).toMatchObject({
      yearId: school.years.current,
      schoolClass: { id: school.classes.c7A, nameEn: '7A' },
      subject: { code: 'MATH' },
      teacher: { nameEn: 'Sok Dara' },
      hoursPerWeek: 4,
    });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, assignment.id));
    expect(audit.map((row) => row.action)).toEqual(['teaching_assignment.create']);

    // A subject that lists no grade level is taught in every grade.
    for (const [classId, employeeId] of [
      [school.classes.c7A, school.staff.vannak],
      [school.classes.c8A, school.staff.vannak],
    ] as const) {
      const response = await call('POST', '/api/teaching/assignments', {
        classId,
        subjectId: school.subjects.khmer,
        employeeId,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const physics = await call('POST', '/api/teaching/assignments', {
      classId: school.classes.c8A,
      subjectId: school.subjects.physics,
      employeeId: school.staff.srey,
    });
    expect(physics.statusCode, physics.body).toBe(200);
    const lastYear = await call('POST', '/api/teaching/assignments', {
      classId: school.classes.old,
      subjectId: school.subjects.math,
      employeeId: school.staff.dara,
    });
    expect(lastYear.json().assignment.yearId).toBe(school.years.last);
  });

  it('lists the current year by default, another year when asked, and filters', async () => {
    const current = await list();
    expect(current.map((a) => `${a.schoolClass.nameEn} ${a.subject.code}`)).toEqual([
      '7A KH',
      '7A MATH',
      '8A KH',
      '8A PHY',
    ]);
    expect((await list(`?yearId=${school.years.last}`)).map((a) => a.schoolClass.nameEn)).toEqual([
      '7A (last year)',
    ]);
    expect(
      (await list(`?classId=${school.classes.c8A}`)).map((a) => a.subject.code).sort(),
    ).toEqual(['KH', 'PHY']);
    expect((await list(`?employeeId=${school.staff.vannak}`)).length).toBe(2);
    // The caller's own: the teacher's one assignment; nobody's for an account without staff record.
    expect((await list('?mine=true', teacher)).map((a) => a.subject.code)).toEqual(['MATH']);
    expect(await list('?mine=true', office)).toEqual([]);
  });

  it('refuses a subject outside the class’s grade, a second teacher, strangers and leavers, writing nothing', async () => {
    const before = await rowCount();
    const outside = await call(
      'POST',
      '/api/teaching/assignments',
      {
        classId: school.classes.c7B,
        subjectId: school.subjects.physics,
        employeeId: school.staff.srey,
      },
      admin,
      'km',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      code: 'SUBJECT_NOT_IN_GRADE',
      fieldErrors: { subjectId: ['SUBJECT_NOT_IN_GRADE'] },
      message: 'មុខវិជ្ជានេះមិនត្រូវបានបង្រៀននៅកម្រិតថ្នាក់នៃថ្នាក់នេះទេ',
    });
    const twice = await call('POST', '/api/teaching/assignments', {
      classId: school.classes.c7A,
      subjectId: school.subjects.math,
      employeeId: school.staff.srey,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ASSIGNMENT_EXISTS');
    const leaver = await call('POST', '/api/teaching/assignments', {
      classId: school.classes.c7B,
      subjectId: school.subjects.math,
      employeeId: school.staff.gone,
    });
    expect(leaver.statusCode).toBe(400);
    expect(leaver.json().code).toBe('EMPLOYEE_NOT_WORKING');
    for (const field of ['classId', 'subjectId', 'employeeId'] as const) {
      const stranger = await call('POST', '/api/teaching/assignments', {
        classId: school.classes.c7B,
        subjectId: school.subjects.math,
        employeeId: school.staff.srey,
        [field]: crypto.randomUUID(),
      });
      expect(stranger.statusCode, field).toBe(400);
      expect(stranger.json()).toMatchObject({
        code: 'INVALID_REFERENCE',
        fieldErrors: { [field]: ['INVALID_REFERENCE'] },
      });
    }
    expect(await rowCount()).toEqual(before);
  });

  it('shows a teacher only their classes’ assignments, a head their department’s', async () => {
    // The teacher teaches maths in 7A: they see 7A's teachers, not 8A's.
    expect(
      (await list('', teacher)).map((a) => `${a.schoolClass.nameEn} ${a.subject.code}`),
    ).toEqual(['7A KH', '7A MATH']);
    // Maths teachers (Dara, Srey) teach 7A and 8A: the maths head sees both.
    expect((await list('', head)).length).toBe(4);
    expect((await list('', office)).length).toBe(4);
  });

  it('lets a head manage their department’s subjects and teachers only; a teacher or the office not at all', async () => {
    const before = await rowCount();
    const payload = {
      classId: school.classes.c7B,
      subjectId: school.subjects.khmer,
      employeeId: school.staff.vannak,
    };
    // Khmer is the Khmer department's subject, and Vannak its teacher: not the maths head's.
    expect((await call('POST', '/api/teaching/assignments', payload, head)).statusCode).toBe(403);
    expect((await call('POST', '/api/teaching/assignments', payload, teacher)).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/api/teaching/assignments', payload, office)).statusCode).toBe(403);
    expect(await rowCount()).toEqual(before);
    // Nor may the maths head give maths to a teacher of another department.
    const lent = await call(
      'POST',
      '/api/teaching/assignments',
      { ...payload, subjectId: school.subjects.math },
      head,
      'km',
    );
    expect(lent.statusCode).toBe(403);
    expect(lent.json()).toMatchObject({
      code: 'OUTSIDE_YOUR_DEPARTMENT',
      fieldErrors: { employeeId: ['OUTSIDE_YOUR_DEPARTMENT'] },
    });
    expect(lent.json().message).toMatch(/[\u1780-\u17ff]/);
    expect(await rowCount()).toEqual(before);
    // A maths teacher given maths in 7B is the head's to decide, in any class.
    const mine = await call(
      'POST',
      '/api/teaching/assignments',
      { ...payload, subjectId: school.subjects.math, employeeId: school.staff.srey },
      head,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    // The maths department teaching in 7B does not make 7B's Khmer the maths head's.
    const theirs = await call('POST', '/api/teaching/assignments', payload, head);
    expect(theirs.statusCode, theirs.body).toBe(403);
    const hours = await call(
      'PATCH',
      `/api/teaching/assignments/${mine.json().assignment.id}`,
      { hoursPerWeek: 6, version: 1 },
      head,
    );
    expect(hours.json().assignment).toMatchObject({ hoursPerWeek: 6, version: 2 });
    // A second edit from the same stale read is refused and changes nothing.
    const stale = await call(
      'PATCH',
      `/api/teaching/assignments/${mine.json().assignment.id}`,
      { hoursPerWeek: 2, version: 1 },
      head,
    );
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'VERSION_CONFLICT']);
  });

  it('hands the timetable to a new teacher, unless that makes a clash; removing a teacher empties their lessons', async () => {
    const { db } = server.database;
    const [maths7A] = await list(`?classId=${school.classes.c7A}&employeeId=${school.staff.dara}`);
    const lesson = async (classId: string, subjectId: string, periodId: string) => {
      const response = await call('POST', '/api/timetable', {
        classId,
        dayOfWeek: 1,
        periodId,
        subjectId,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().entry.id as string;
    };
    const mondayMaths = await lesson(
      school.classes.c7A,
      school.subjects.math,
      school.periods.morning1,
    );
    const mondayPhysics = await lesson(
      school.classes.c8A,
      school.subjects.physics,
      school.periods.fullDay1,
    );

    // Srey teaches physics in 8A at 07:30 on Monday: she cannot also take 7A's maths at 07:00.
    const before = await rowCount();
    const clash = await call('PATCH', `/api/teaching/assignments/${maths7A!.id}`, {
      employeeId: school.staff.srey,
      version: maths7A!.version,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('TIMETABLE_TEACHER_CLASH');
    expect(await rowCount()).toEqual(before);
    const [unchanged] = await db
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.id, maths7A!.id));
    expect(unchanged!.employeeId).toBe(school.staff.dara);

    const handed = await call('PATCH', `/api/teaching/assignments/${maths7A!.id}`, {
      employeeId: school.staff.chantha,
      version: maths7A!.version,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().assignment.teacher.nameEn).toBe('Ly Chantha');
    const [moved] = await db
      .select()
      .from(timetableEntries)
      .where(eq(timetableEntries.id, mondayMaths));
    expect(moved).toMatchObject({ employeeId: school.staff.chantha, version: 2 });

    const [physics8A] = await list(
      `?classId=${school.classes.c8A}&employeeId=${school.staff.srey}`,
    );
    const staleDelete = await call(
      'DELETE',
      `/api/teaching/assignments/${physics8A!.id}?version=${physics8A!.version + 1}`,
    );
    expect([staleDelete.statusCode, staleDelete.json().code]).toEqual([409, 'VERSION_CONFLICT']);
    const removed = await call(
      'DELETE',
      `/api/teaching/assignments/${physics8A!.id}?version=${physics8A!.version}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Teaching assignment removed' });
    const [teacherless] = await db
      .select()
      .from(timetableEntries)
      .where(eq(timetableEntries.id, mondayPhysics));
    expect(teacherless).toMatchObject({ employeeId: null, subjectId: school.subjects.physics });
    const audit = await db
      .select()
      .from(auditLog)
      .where(
        and(
          sql`${auditLog.entityId} in (${mondayPhysics}, ${physics8A!.id})`,
          sql`${auditLog.action} not like '%.create'`,
        ),
      );
    expect(audit.map((row) => row.action).sort()).toEqual([
      'teaching_assignment.delete',
      'timetable_entry.update',
    ]);
    expect(
      (await call('DELETE', `/api/teaching/assignments/${physics8A!.id}?version=1`)).statusCode,
    ).toBe(404);
  });
});
