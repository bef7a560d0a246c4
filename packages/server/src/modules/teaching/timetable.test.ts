import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timetableEntryResponseSchema, timetableResponseSchema } from '@sala/contract';
import { auditLog, teachingAssignments, timetableEntries } from '../../db/schema.js';
import { translateConstraints } from '../../lib/records.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { seedTeachingSchool, type TeachingSchool } from './fixtures.js';
import { timetableUniques } from './timetable.js';

describe('timetable', () => {
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
        [c.c7B, s.khmer, t.vannak],
        [c.c8A, s.khmer, t.vannak],
        [c.c8A, s.physics, t.srey],
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
  const week = async (query: string, who: SignedInUser = admin) => {
    const response = await call('GET', `/api/timetable?${query}`, undefined, who);
    expect(response.statusCode, response.body).toBe(200);
    return timetableResponseSchema
      .parse(response.json())
      .items.map(
        (e) =>
          `${e.dayOfWeek} ${e.period.startTime} ${e.schoolClass.nameEn} ${e.subject.code} ${e.teacher?.nameEn ?? '-'} ${e.room}`,
      );
  };
  const lesson = async (payload: object, who: SignedInUser = admin) => {
    const response = await call('POST', '/api/timetable', payload, who);
    expect(response.statusCode, response.body).toBe(200);
    return timetableEntryResponseSchema.parse(response.json()).entry;
  };
  const counts = async () => {
    const { db } = server.database;
    const [entries] = await db.select({ n: count() }).from(timetableEntries);
    const [audit] = await db.select({ n: count() }).from(auditLog);
    return { entries: entries!.n, audit: audit!.n };
  };

  it('places a lesson with the class’s teacher of the subject and the class’s room by default', async () => {
    const entry = await lesson({
      classId: school.classes.c7A,
      dayOfWeek: 1,
      periodId: school.periods.morning1,
      subjectId: school.subjects.math,
    });
    expect(entry).toMatchObject({
      yearId: school.years.current,
      dayOfWeek: 1,
      period: { session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' },
      schoolClass: { nameEn: '7A' },
      subject: { code: 'MATH' },
      teacher: { id: school.staff.dara, nameEn: 'Sok Dara' },
      room: 'A1',
    });
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entry.id));
    expect(audit.map((row) => row.action)).toEqual(['timetable_entry.create']);

    // Chosen explicitly: another teacher, no teacher at all, another room.
    const chosen = await lesson({
      classId: school.classes.c7A,
      dayOfWeek: 1,
      periodId: school.periods.morning2,
      subjectId: school.subjects.khmer,
      employeeId: school.staff.srey,
      room: 'Library',
    });
    expect(chosen).toMatchObject({ teacher: { nameEn: 'Mao Srey' }, room: 'Library' });
    const nobody = await lesson({
      classId: school.classes.c7B,
      dayOfWeek: 2,
      periodId: school.periods.afternoon1,
      subjectId: school.subjects.math,
    });
    expect(nobody).toMatchObject({ teacher: null, room: 'B1' });
  });

  it('refuses a class’s taken slot, a teacher or a room in two places, writing nothing', async () => {
    const before = await counts();
    const slot = await call(
      'POST',
      '/api/timetable',
      {
        classId: school.classes.c7A,
        dayOfWeek: 1,
        periodId: school.periods.morning1,
        subjectId: school.subjects.khmer,
      },
      admin,
      'km',
    );
    expect(slot.statusCode).toBe(409);
    expect(slot.json()).toMatchObject({
      code: 'TIMETABLE_SLOT_TAKEN',
      message: 'ថ្នាក់នេះមានមេរៀនរួចហើយនៅម៉ោងនោះ',
    });
    // Dara teaches 7A on Monday 07:00–08:00; 8A's full-day period 07:30–08:30 overlaps it.
    const teacherClash = await call('POST', '/api/timetable', {
      classId: school.classes.c8A,
      dayOfWeek: 1,
      periodId: school.periods.fullDay1,
      subjectId: school.subjects.physics,
      employeeId: school.staff.dara,
    });
    expect(teacherClash.statusCode).toBe(409);
    expect(teacherClash.json()).toMatchObject({
      code: 'TIMETABLE_TEACHER_CLASH',
      message: 'This teacher already teaches another class at that time',
      fieldErrors: { employeeId: ['TIMETABLE_TEACHER_CLASH'] },
    });
    // The message names no other class or teacher.
    expect(teacherClash.body).not.toContain('7A');
    const roomClash = await call('POST', '/api/timetable', {
      classId: school.classes.c8A,
      dayOfWeek: 1,
      periodId: school.periods.fullDay1,
      subjectId: school.subjects.physics,
      employeeId: null,
      room: 'a1',
    });
    expect(roomClash.statusCode).toBe(409);
    expect(roomClash.json()).toMatchObject({
      code: 'TIMETABLE_ROOM_CLASH',
      fieldErrors: { room: ['TIMETABLE_ROOM_CLASH'] },
    });
    expect(await counts()).toEqual(before);

    // Another day, or a time that does not overlap, is free.
    await lesson({
      classId: school.classes.c8A,
      dayOfWeek: 2,
      periodId: school.periods.fullDay1,
      subjectId: school.subjects.physics,
      employeeId: school.staff.dara,
      room: 'A1',
    });
  });

  it('backs the checks with unique indexes, translated to the same codes', async () => {
    const { db } = server.database;
    const [taken] = await db
      .select()
      .from(timetableEntries)
      .where(
        and(
          eq(timetableEntries.employeeId, school.staff.dara),
          eq(timetableEntries.classId, school.classes.c7A),
        ),
      );
    const { id: _id, createdAt: _createdAt, ...copy } = taken!;
    const attempt = (values: Partial<typeof copy>) =>
      translateConstraints(
        () => db.insert(timetableEntries).values({ ...copy, ...values }),
        timetableUniques,
      ).catch((error: { statusCode: number; code: string }) => [error.statusCode, error.code]);
    expect(await attempt({ employeeId: null, room: '' })).toEqual([409, 'TIMETABLE_SLOT_TAKEN']);
    expect(await attempt({ classId: school.classes.c7B, room: '' })).toEqual([
      409,
      'TIMETABLE_TEACHER_CLASH',
    ]);
    expect(await attempt({ classId: school.classes.c7B, employeeId: null })).toEqual([
      409,
      'TIMETABLE_ROOM_CLASH',
    ]);
  });

  it('lets only one of two lessons written at once put a teacher in overlapping periods', async () => {
    const before = await counts();
    const [first, second] = await Promise.all(
      [
        [school.classes.c7A, school.periods.morning1, school.subjects.math],
        [school.classes.c8A, school.periods.fullDay1, school.subjects.physics],
      ].map(([classId, periodId, subjectId]) =>
        call('POST', '/api/timetable', {
          classId,
          dayOfWeek: 3,
          periodId,
          subjectId,
          employeeId: school.staff.dara,
        }),
      ),
    );
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    expect([first!.json().code, second!.json().code]).toContain('TIMETABLE_TEACHER_CLASH');
    expect((await counts()).entries).toBe(before.entries + 1);
    const [written] = [first!, second!].filter((response) => response.statusCode === 200);
    expect(
      (await call('DELETE', `/api/timetable/${written!.json().entry.id}?version=1`)).statusCode,
    ).toBe(200);
  });

  it('keeps a class to the periods of its shift; a full-day class takes any', async () => {
    const before = await counts();
    const wrongShift = await call('POST', '/api/timetable', {
      classId: school.classes.c7A,
      dayOfWeek: 3,
      periodId: school.periods.afternoon1,
      subjectId: school.subjects.math,
    });
    expect(wrongShift.statusCode).toBe(400);
    expect(wrongShift.json()).toMatchObject({
      code: 'PERIOD_SESSION_MISMATCH',
      fieldErrors: { periodId: ['PERIOD_SESSION_MISMATCH'] },
    });
    const wrongGrade = await call('POST', '/api/timetable', {
      classId: school.classes.c7A,
      dayOfWeek: 3,
      periodId: school.periods.morning1,
      subjectId: school.subjects.physics,
    });
    expect(wrongGrade.json().code).toBe('SUBJECT_NOT_IN_GRADE');
    const leaver = await call('POST', '/api/timetable', {
      classId: school.classes.c7A,
      dayOfWeek: 3,
      periodId: school.periods.morning1,
      subjectId: school.subjects.math,
      employeeId: school.staff.gone,
    });
    expect(leaver.json().code).toBe('EMPLOYEE_NOT_WORKING');
    const stranger = await call('POST', '/api/timetable', {
      classId: school.classes.c7A,
      dayOfWeek: 3,
      periodId: crypto.randomUUID(),
      subjectId: school.subjects.math,
    });
    expect(stranger.json()).toMatchObject({
      code: 'INVALID_REFERENCE',
      fieldErrors: { periodId: ['INVALID_REFERENCE'] },
    });
    const badDay = await call('POST', '/api/timetable', {
      classId: school.classes.c7A,
      dayOfWeek: 8,
      periodId: school.periods.morning1,
      subjectId: school.subjects.math,
    });
    expect(badDay.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    const afternoon = await lesson({
      classId: school.classes.c8A,
      dayOfWeek: 3,
      periodId: school.periods.afternoon1,
      subjectId: school.subjects.khmer,
    });
    expect(afternoon).toMatchObject({ teacher: { nameEn: 'Chea Vannak' }, room: 'C1' });
  });

  it('shows one view at a time: a class, a teacher’s week, a room, or the caller’s own', async () => {
    expect(await week(`classId=${school.classes.c7A}`)).toEqual([
      '1 07:00 7A MATH Sok Dara A1',
      '1 08:00 7A KH Mao Srey Library',
    ]);
    expect(await week(`employeeId=${school.staff.dara}`)).toEqual([
      '1 07:00 7A MATH Sok Dara A1',
      '2 07:30 8A PHY Sok Dara A1',
    ]);
    expect(await week('room=a1')).toEqual([
      '1 07:00 7A MATH Sok Dara A1',
      '2 07:30 8A PHY Sok Dara A1',
    ]);
    expect(await week('mine=true', teacher)).toEqual([
      '1 07:00 7A MATH Sok Dara A1',
      '2 07:30 8A PHY Sok Dara A1',
    ]);
    expect(await week('mine=true', office)).toEqual([]);
    expect(await week(`room=A1&yearId=${school.years.last}`)).toEqual([]);
    for (const query of ['', `classId=${school.classes.c7A}&room=A1`, 'mine=false', 'room=']) {
      const response = await call('GET', `/api/timetable?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await call('GET', `/api/timetable?classId=${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );
  });

  it('shows a teacher only their classes’ timetables, and their own lessons elsewhere', async () => {
    // Dara teaches in 7A: its whole week; 8A is not theirs (404), though their own lesson there shows.
    expect(await week(`classId=${school.classes.c7A}`, teacher)).toHaveLength(2);
    const other = await call(
      'GET',
      `/api/timetable?classId=${school.classes.c8A}`,
      undefined,
      teacher,
    );
    expect(other.statusCode).toBe(404);
    expect(await week(`employeeId=${school.staff.vannak}`, teacher)).toEqual([]);
    expect(await week('room=C1', teacher)).toEqual([]);
    expect(await week(`employeeId=${school.staff.srey}`, teacher)).toEqual([
      '1 08:00 7A KH Mao Srey Library',
    ]);
    // The office and the maths head read 8A; the teacher may not change anything.
    expect(await week(`classId=${school.classes.c8A}`, office)).toHaveLength(2);
    expect(await week(`classId=${school.classes.c8A}`, head)).toHaveLength(2);
    const refused = await call(
      'POST',
      '/api/timetable',
      {
        classId: school.classes.c7A,
        dayOfWeek: 4,
        periodId: school.periods.morning1,
        subjectId: school.subjects.math,
      },
      teacher,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('lets a head build the timetable of their department’s subjects only', async () => {
    const mine = await lesson(
      {
        classId: school.classes.c7A,
        dayOfWeek: 4,
        periodId: school.periods.morning1,
        subjectId: school.subjects.math,
      },
      head,
    );
    expect(mine.teacher?.nameEn).toBe('Sok Dara');
    // Khmer is the Khmer department's subject, in 7B as anywhere.
    await lesson({
      classId: school.classes.c7B,
      dayOfWeek: 4,
      periodId: school.periods.afternoon1,
      subjectId: school.subjects.khmer,
    });
    const before = await counts();
    const theirs = await call(
      'POST',
      '/api/timetable',
      {
        classId: school.classes.c7B,
        dayOfWeek: 5,
        periodId: school.periods.afternoon1,
        subjectId: school.subjects.khmer,
      },
      head,
    );
    expect(theirs.statusCode).toBe(403);
    const [lesson7B] = await server.database.db
      .select()
      .from(timetableEntries)
      .where(
        and(
          eq(timetableEntries.classId, school.classes.c7B),
          eq(timetableEntries.subjectId, school.subjects.khmer),
        ),
      );
    expect(
      (
        await call(
          'DELETE',
          `/api/timetable/${lesson7B!.id}?version=${lesson7B!.version}`,
          undefined,
          head,
        )
      ).statusCode,
    ).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('moves a lesson, checking the new time; a new subject brings its teacher; deletes it', async () => {
    const entry = await lesson({
      classId: school.classes.c7A,
      dayOfWeek: 5,
      periodId: school.periods.morning1,
      subjectId: school.subjects.math,
    });
    const before = await counts();
    // Monday 07:00 is 7A's maths already.
    const taken = await call('PATCH', `/api/timetable/${entry.id}`, { dayOfWeek: 1, version: 1 });
    expect(taken.json().code).toBe('TIMETABLE_SLOT_TAKEN');
    // Tuesday 07:30–08:30 Dara teaches 8A: 08:00 overlaps.
    const busy = await call('PATCH', `/api/timetable/${entry.id}`, {
      dayOfWeek: 2,
      periodId: school.periods.morning2,
      version: 1,
    });
    expect(busy.json().code).toBe('TIMETABLE_TEACHER_CLASH');
    expect(await counts()).toEqual(before);

    const moved = await call('PATCH', `/api/timetable/${entry.id}`, {
      dayOfWeek: 5,
      periodId: school.periods.morning2,
      version: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().entry).toMatchObject({
      dayOfWeek: 5,
      period: { number: 2 },
      teacher: { nameEn: 'Sok Dara' },
      room: 'A1',
      version: 2,
    });
    // An edit made from what was read before the move is refused, and changes nothing.
    const stale = await call('PATCH', `/api/timetable/${entry.id}`, { room: 'B2', version: 1 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'VERSION_CONFLICT']);
    const khmer = await call('PATCH', `/api/timetable/${entry.id}`, {
      subjectId: school.subjects.khmer,
      version: 2,
    });
    expect(khmer.json().entry).toMatchObject({
      subject: { code: 'KH' },
      teacher: { nameEn: 'Chea Vannak' },
    });
    const noTeacher = await call('PATCH', `/api/timetable/${entry.id}`, {
      employeeId: null,
      room: '',
      version: 3,
    });
    expect(noTeacher.json().entry).toMatchObject({ teacher: null, room: '' });

    const staleDelete = await call('DELETE', `/api/timetable/${entry.id}?version=3`);
    expect([staleDelete.statusCode, staleDelete.json().code]).toEqual([409, 'VERSION_CONFLICT']);
    const deleted = await call('DELETE', `/api/timetable/${entry.id}?version=4`);
    expect(deleted.json()).toEqual({ success: true, message: 'Lesson removed' });
    expect((await call('DELETE', `/api/timetable/${entry.id}?version=4`)).statusCode).toBe(404);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, entry.id));
    expect(audit.map((row) => row.action)).toEqual([
      'timetable_entry.create',
      'timetable_entry.update',
      'timetable_entry.update',
      'timetable_entry.update',
      'timetable_entry.delete',
    ]);
  });
});
