import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceClassesResponseSchema,
  attendanceConflictDetailsSchema,
  openingSheetKey,
  dailyRateResponseSchema,
  leaveResponseSchema,
  monthRegisterSchema,
  notTakenResponseSchema,
  saveSheetResponseSchema,
  sheetResponseSchema,
  studentAttendanceResponseSchema,
  type AttendanceStatus,
} from '@sala/contract';
import {
  academicYears,
  attendanceMarks,
  attendanceSheets,
  auditLog,
  classes,
  employees,
  enrollments,
  gradeLevels,
  periods,
  students,
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
import { addDays, schoolToday } from '../../lib/schoolTime.js';

describe('attendance', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;
  let head: SignedInUser;
  let office: SignedInUser;
  const today = schoolToday();
  const ids = { c7A: '', c7B: '', year: '' };
  /** 7A's students, sorted by code; the last one moves to 7B mid-month. */
  let pupils: string[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    const { db } = server.database;
    await bootstrapDatabase(db, { demo: true, adminPassword: DEMO_PASSWORD });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
    head = await signIn(server.app, 'head');
    office = await signIn(server.app, 'office');
    const schoolId = admin.schoolId;
    const userId = async (username: string) =>
      (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
    const [year] = await db
      .insert(academicYears)
      .values({
        schoolId,
        name: 'This year',
        startDate: addDays(today, -150),
        endDate: addDays(today, 200),
        isCurrent: true,
      })
      .returning();
    ids.year = year!.id;
    const [grade] = await db
      .insert(gradeLevels)
      .values({ schoolId, number: 7, nameEn: 'Grade 7', maxScore: 50 })
      .returning();
    const [dara] = await db
      .insert(employees)
      .values([
        { schoolId, code: 'T01', nameEn: 'Sok Dara', userId: await userId('teacher') },
        { schoolId, code: 'T02', nameEn: 'Ly Chantha', userId: await userId('head') },
      ])
      .returning();
    const [c7A, c7B] = await db
      .insert(classes)
      .values(
        ['A', 'B'].map((section) => ({
          schoolId,
          yearId: year!.id,
          gradeLevelId: grade!.id,
          section,
          nameEn: `7${section}`,
          session: 'morning' as const,
          homeroomEmployeeId: section === 'A' ? dara!.id : null,
        })),
      )
      .returning();
    ids.c7A = c7A!.id;
    ids.c7B = c7B!.id;
    const rows = await db
      .insert(students)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          schoolId,
          code: `S0${i + 1}`,
          nameEn: `Pupil ${i + 1}`,
        })),
      )
      .returning();
    pupils = rows.map((row) => row.id);
    await db.insert(enrollments).values(
      pupils.map((studentId) => ({
        schoolId,
        studentId,
        yearId: year!.id,
        classId: c7A!.id,
        startDate: addDays(today, -150),
      })),
    );
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    who: SignedInUser,
    payload?: object,
    language = 'en',
  ) =>
    server.app.inject({
      method,
      url,
      headers: { ...who.headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  const sheetOf = async (classId: string, date: string, who: SignedInUser = admin) => {
    const response = await call(
      'GET',
      `/api/attendance/sheet?classId=${classId}&date=${date}&session=morning`,
      who,
    );
    expect(response.statusCode, response.body).toBe(200);
    return sheetResponseSchema.parse(response.json()).sheet;
  };
  const save = (
    who: SignedInUser,
    body: { id?: string; classId?: string; date?: string; recordedAt?: string },
    marks: Record<string, AttendanceStatus | { status: AttendanceStatus; minutesLate: number }>,
  ) =>
    call('POST', '/api/attendance/sheets', who, {
      id: body.id ?? randomUUID(),
      classId: body.classId ?? ids.c7A,
      date: body.date ?? today,
      session: 'morning',
      ...(body.recordedAt ? { recordedAt: body.recordedAt } : {}),
      marks: Object.entries(marks).map(([studentId, mark]) =>
        typeof mark === 'string' ? { studentId, status: mark } : { studentId, ...mark },
      ),
    });
  const saved = async (response: Awaited<ReturnType<typeof save>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return saveSheetResponseSchema.parse(response.json());
  };
  const counts = async () => {
    const { db } = server.database;
    const [sheets] = await db.select({ n: count() }).from(attendanceSheets);
    const [marks] = await db.select({ n: count() }).from(attendanceMarks);
    const [audit] = await db.select({ n: count() }).from(auditLog);
    return { sheets: sheets!.n, marks: marks!.n, audit: audit!.n };
  };
  const statusOf = (sheet: { rows: { student: { id: string }; status: string }[] }, id: string) =>
    sheet.rows.find((row) => row.student.id === id)?.status;

  it('opens a new sheet with everyone present, saves it in one batch, and saves it again idempotently', async () => {
    const fresh = await sheetOf(ids.c7A, today, teacher);
    expect(fresh.saved).toBe(false);
    expect(fresh.editable).toBe(true);
    expect(fresh.rows.map((row) => row.status)).toEqual(Array(6).fill('present'));
    const before = await counts();
    const first = await saved(
      await save(
        teacher,
        { id: fresh.id },
        {
          [pupils[0]!]: 'absent',
          [pupils[1]!]: { status: 'late', minutesLate: 10 },
        },
      ),
    );
    expect(first.duplicate).toBe(false);
    expect(first.sheet.saved).toBe(true);
    expect(first.sheet.totals).toMatchObject({ present: 4, absent: 1, late: 1 });
    const after = await counts();
    expect(after).toEqual({
      sheets: before.sheets + 1,
      marks: before.marks + 6,
      audit: before.audit + 1,
    });
    // A retry after a timeout, a double tap: the same save again changes nothing.
    const retry = await saved(
      await save(
        teacher,
        { id: fresh.id },
        {
          [pupils[0]!]: 'absent',
          [pupils[1]!]: { status: 'late', minutesLate: 10 },
        },
      ),
    );
    expect(retry.duplicate).toBe(true);
    expect(await counts()).toEqual(after);
    // Changing one mark replaces it; the sheet stays one.
    const changed = await saved(await save(teacher, { id: fresh.id }, { [pupils[0]!]: 'present' }));
    expect(statusOf(changed.sheet, pupils[0]!)).toBe('present');
    expect(statusOf(changed.sheet, pupils[1]!)).toBe('late');
    expect((await counts()).sheets).toBe(after.sheets);
    // A second phone that opened the sheet before the first saved it joins the same sheet.
    const other = await saved(await save(teacher, {}, { [pupils[2]!]: 'absent' }));
    expect(other.sheet.id).toBe(fresh.id);
    expect((await counts()).sheets).toBe(after.sheets);
    // A third one marking that student otherwise is refused: it saw them present, not absent.
    const before3 = await counts();
    const clash = await save(teacher, {}, { [pupils[2]!]: 'permission' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'ATTENDANCE_CONFLICT',
      fieldErrors: { 'marks.0': ['ATTENDANCE_CONFLICT'] },
      details: { conflicts: [{ studentId: pupils[2], status: 'absent' }] },
    });
    expect(
      statusOf(attendanceConflictDetailsSchema.parse(clash.json().details).sheet, pupils[2]!),
    ).toBe('absent');
    expect(await counts()).toEqual(before3);
  });

  it('sends the sheet the page opens on with the classes, as the sheet itself would be read', async () => {
    const response = await call('GET', '/api/attendance/classes', teacher);
    expect(response.statusCode, response.body).toBe(200);
    const options = attendanceClassesResponseSchema.parse(response.json());
    // The teacher's homeroom class first, today, its own shift: the sheet the page shows first.
    expect(openingSheetKey(options)).toEqual({ classId: ids.c7A, date: today, session: 'morning' });
    expect(options.opening).toEqual(await sheetOf(ids.c7A, today, teacher));
    // In the caller's language, like the sheet.
    const km = await call('GET', '/api/attendance/classes', teacher, undefined, 'km');
    expect(attendanceClassesResponseSchema.parse(km.json()).opening).toEqual(
      sheetResponseSchema.parse(
        (
          await call(
            'GET',
            `/api/attendance/sheet?classId=${ids.c7A}&date=${today}&session=morning`,
            teacher,
            undefined,
            'km',
          )
        ).json(),
      ).sheet,
    );
  });

  it('refuses a teacher who does not take attendance in the class, and bad sheets, changing nothing', async () => {
    const before = await counts();
    const refused = await save(head, {}, { [pupils[0]!]: 'absent' });
    expect(refused.statusCode).toBe(403);
    expect((await save(teacher, { classId: ids.c7B }, {})).statusCode).toBe(403);
    const future = await save(teacher, { date: addDays(today, 1) }, {});
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe('DATE_IN_FUTURE');
    const stranger = await save(teacher, {}, { [randomUUID()]: 'absent' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fieldErrors).toEqual({ 'marks.0.studentId': ['STUDENT_NOT_IN_CLASS'] });
    const twice = await call('POST', '/api/attendance/sheets', teacher, {
      id: randomUUID(),
      classId: ids.c7A,
      date: today,
      session: 'morning',
      marks: [
        { studentId: pupils[0], status: 'absent' },
        { studentId: pupils[0], status: 'present', minutesLate: 5 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const shift = await call('POST', '/api/attendance/sheets', teacher, {
      id: randomUUID(),
      classId: ids.c7A,
      date: today,
      session: 'full_day',
      marks: [],
    });
    expect(shift.json().code).toBe('SESSION_NOT_TAKEN');
    const khmer = await call(
      'POST',
      '/api/attendance/sheets',
      teacher,
      {
        id: randomUUID(),
        classId: ids.c7A,
        date: addDays(today, 1),
        session: 'morning',
        marks: [],
      },
      'km',
    );
    expect(khmer.json().message).toBe('មិនអាចស្រង់វត្តមានសម្រាប់ថ្ងៃដែលមិនទាន់មកដល់');
    expect(await counts()).toEqual(before);
  });

  it('closes a sheet to the teacher after the edit window; the office corrects it and the teacher’s marks are kept', async () => {
    const old = addDays(today, -10);
    const sheetId = randomUUID();
    // Taken on the day by the teacher (written as then: the window was open).
    const { db } = server.database;
    await db.insert(attendanceSheets).values({
      id: sheetId,
      schoolId: admin.schoolId,
      classId: ids.c7A,
      date: old,
      session: 'morning',
      takenBy: teacher.userId,
    });
    await db.insert(attendanceMarks).values(
      pupils.map((studentId, i) => ({
        sheetId,
        studentId,
        schoolId: admin.schoolId,
        status: i === 0 ? ('absent' as const) : ('present' as const),
        takenStatus: i === 0 ? ('absent' as const) : ('present' as const),
      })),
    );
    const seen = await sheetOf(ids.c7A, old, teacher);
    expect(seen.editable).toBe(false);
    const locked = await save(teacher, { id: sheetId, date: old }, { [pupils[0]!]: 'present' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('ATTENDANCE_LOCKED');

    const asOffice = await sheetOf(ids.c7A, old, office);
    expect(asOffice).toMatchObject({ editable: true, correcting: true });
    const corrected = await saved(
      await save(office, { id: sheetId, date: old }, { [pupils[0]!]: 'permission' }),
    );
    const row = corrected.sheet.rows.find((r) => r.student.id === pupils[0]);
    expect(row).toMatchObject({ status: 'permission', taken: { status: 'absent' } });
    expect(row!.correction).not.toBeNull();
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sheetId), eq(auditLog.action, 'attendance_sheet.correct')));
    expect(audit!.actorId).toBe(office.userId);
  });

  it('keeps an office correction made after a teacher’s offline marks, and says so', async () => {
    const day = addDays(today, -1);
    const sheet = await sheetOf(ids.c7A, day, teacher);
    const madeOffline = new Date(Date.now() - 60_000).toISOString();
    await saved(await save(teacher, { id: sheet.id, date: day }, { [pupils[3]!]: 'absent' }));
    // The office corrects it (the student had a note from home)...
    await saved(await save(office, { id: sheet.id, date: day }, { [pupils[3]!]: 'permission' }));
    // ...and a save the teacher made earlier on a phone without signal arrives now.
    const late = await saved(
      await save(
        teacher,
        { id: sheet.id, date: day, recordedAt: madeOffline },
        { [pupils[3]!]: 'late', [pupils[4]!]: 'absent' },
      ),
    );
    expect(late.keptCorrections).toBe(1);
    expect(late.message).toMatch(/office had corrected 1/);
    expect(statusOf(late.sheet, pupils[3]!)).toBe('permission');
    expect(statusOf(late.sheet, pupils[4]!)).toBe('absent');
  });

  it('fills in Permission for a leave recorded ahead', async () => {
    const day = addDays(today, -2);
    const created = await call('POST', '/api/attendance/leave', teacher, {
      studentId: pupils[5],
      fromDate: day,
      toDate: today,
      reason: 'Family wedding',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(leaveResponseSchema.parse(created.json()).leave.schoolClass?.id).toBe(ids.c7A);
    const sheet = await sheetOf(ids.c7A, day, teacher);
    const row = sheet.rows.find((r) => r.student.id === pupils[5]);
    expect(row).toMatchObject({ status: 'permission', leave: { reason: 'Family wedding' } });
    const result = await saved(await save(teacher, { id: sheet.id, date: day }, {}));
    expect(statusOf(result.sheet, pupils[5]!)).toBe('permission');
    const refused = await call('POST', '/api/attendance/leave', head, {
      studentId: pupils[5],
      fromDate: day,
      toDate: day,
      reason: 'x',
    });
    expect(refused.statusCode).toBe(403);
    const backwards = await call('POST', '/api/attendance/leave', teacher, {
      studentId: pupils[5],
      fromDate: today,
      toDate: day,
      reason: 'x',
    });
    expect(backwards.json().fieldErrors).toEqual({ toDate: ['INVALID_DATE_RANGE'] });
  });

  it('counts a month per student and per day across a mid-month transfer, and the rates', async () => {
    const { db } = server.database;
    const month = addDays(today, -70).slice(0, 7);
    const on = (day: number) => `${month}-${String(day).padStart(2, '0')}`;
    const mover = pupils[5]!;
    // The mover leaves 7A on the 14th and is in 7B from the 15th.
    await db
      .update(enrollments)
      .set({ endDate: on(14), endReason: 'transferred' })
      .where(eq(enrollments.studentId, mover));
    await db.insert(enrollments).values({
      schoolId: admin.schoolId,
      studentId: mover,
      yearId: ids.year,
      classId: ids.c7B,
      startDate: on(15),
    });
    const marksFor = (roster: string[], absent: string[]) =>
      Object.fromEntries(
        roster.map((id) => [id, absent.includes(id) ? ('absent' as const) : ('present' as const)]),
      );
    await saved(await save(admin, { date: on(5) }, marksFor(pupils, [mover])));
    await saved(
      await save(admin, { date: on(10) }, { ...marksFor(pupils, [pupils[0]!]), [mover]: 'late' }),
    );
    const stayed = pupils.slice(0, 5);
    await saved(await save(admin, { date: on(20) }, marksFor(stayed, [pupils[1]!])));
    await saved(await save(admin, { date: on(20), classId: ids.c7B }, { [mover]: 'absent' }));

    // A lesson's own roll call the same morning does not count the day twice.
    const [period] = await db
      .insert(periods)
      .values({
        schoolId: admin.schoolId,
        session: 'morning',
        number: 3,
        startTime: '09:00',
        endTime: '10:00',
      })
      .returning();
    const byPeriod = await call('POST', '/api/attendance/sheets', admin, {
      id: randomUUID(),
      classId: ids.c7A,
      date: on(10),
      session: 'morning',
      periodId: period!.id,
      marks: [{ studentId: pupils[0], status: 'present' }],
    });
    expect(byPeriod.statusCode, byPeriod.body).toBe(200);
    const response = await call(
      'GET',
      `/api/attendance/month?classId=${ids.c7A}&month=${month}`,
      teacher,
    );
    expect(response.statusCode, response.body).toBe(200);
    const register = monthRegisterSchema.parse(response.json());
    expect(register.sessions).toEqual(['morning']);
    const moverRow = register.students.find((row) => row.student.id === mover)!;
    expect(moverRow).toMatchObject({ from: on(1), to: on(14) });
    expect(moverRow.totals).toEqual({ present: 0, absent: 1, permission: 0, late: 1 });
    expect(moverRow.marks[19]).toEqual([null]);
    expect(register.dayTotals[4]).toEqual({ present: 5, absent: 1, permission: 0, late: 0 });
    expect(register.dayTotals[19]).toEqual({ present: 4, absent: 1, permission: 0, late: 0 });
    expect(register.totals).toEqual({ present: 13, absent: 3, permission: 0, late: 1 });
    // Late counts as present by default: (13 + 1) / 17.
    expect(register.rate).toBeCloseTo(14 / 17);
    const inB = monthRegisterSchema.parse(
      (await call('GET', `/api/attendance/month?classId=${ids.c7B}&month=${month}`, admin)).json(),
    );
    expect(inB.students.map((row) => [row.student.id, row.from, row.totals.absent])).toEqual([
      [mover, on(15), 1],
    ]);
    const history = studentAttendanceResponseSchema.parse(
      (
        await call('GET', `/api/attendance/students/${mover}?from=${on(1)}&to=${on(28)}`, admin)
      ).json(),
    );
    expect(history.items.map((item) => [item.date, item.schoolClass.nameEn, item.status])).toEqual([
      [on(20), '7B', 'absent'],
      [on(10), '7A', 'late'],
      [on(5), '7A', 'absent'],
    ]);
    expect(history.rate).toBeCloseTo(1 / 3);
    const daily = dailyRateResponseSchema.parse(
      (await call('GET', `/api/attendance/daily?date=${on(20)}`, office)).json(),
    );
    expect(daily).toMatchObject({ sheets: 2, totals: { present: 4, absent: 2 } });
    expect(daily.rate).toBeCloseTo(4 / 6);
    const exported = await call(
      'GET',
      `/api/attendance/month/export?classId=${ids.c7A}&month=${month}&language=km`,
      admin,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('lists the classes whose sheet is not taken yet', async () => {
    const day = addDays(today, -3);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const response = await call('GET', `/api/attendance/not-taken?date=${day}`, office);
    const list = notTakenResponseSchema.parse(response.json());
    if (weekday === 0) {
      expect(list.expected).toBe(0);
      return;
    }
    expect(list.items.map((item) => item.schoolClass.nameEn)).toEqual(['7A', '7B']);
    await saved(await save(admin, { date: day }, {}));
    const after = notTakenResponseSchema.parse(
      (await call('GET', `/api/attendance/not-taken?date=${day}`, office)).json(),
    );
    expect(after).toMatchObject({ expected: 2, taken: 1 });
    expect(after.items.map((item) => item.schoolClass.nameEn)).toEqual(['7B']);
  });
});
