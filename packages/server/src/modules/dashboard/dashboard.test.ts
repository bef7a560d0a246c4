import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardResponseSchema } from '@sala/contract';
import { academicYears, classes, employees, scoreSheets, subjects } from '../../db/schema.js';
import { bootstrapDatabase } from '../../seed/bootstrap.js';
import {
  DEMO_PASSWORD,
  createTestServer,
  signIn,
  type SignedInUser,
  type TestServer,
} from '../../../test/helpers.js';
import { schoolDay } from '../../lib/schoolTime.js';
import { dashboard } from './service.js';

describe('dashboard', () => {
  let server: TestServer;
  let admin: SignedInUser;
  let teacher: SignedInUser;

  beforeAll(async () => {
    server = await createTestServer();
    await bootstrapDatabase(server.database.db, {
      demo: true,
      demoData: true,
      adminPassword: DEMO_PASSWORD,
    });
    admin = await signIn(server.app, 'admin');
    teacher = await signIn(server.app, 'teacher');
  }, 180_000);
  afterAll(() => server.close());

  it('knows the school day in Phnom Penh, Monday first', () => {
    // 20:00 UTC on a Sunday is already Monday 03:00 in Phnom Penh.
    expect(schoolDay(new Date('2026-11-22T20:00:00Z'))).toEqual({
      date: '2026-11-23',
      dayOfWeek: 1,
    });
    expect(schoolDay(new Date('2026-11-22T10:00:00Z'))).toEqual({
      date: '2026-11-22',
      dayOfWeek: 7,
    });
  });

  it("shows the office the school's totals and a teacher only their own day", async () => {
    const forAdmin = dashboardResponseSchema.parse(
      (
        await server.app.inject({ method: 'GET', url: '/api/dashboard', headers: admin.headers })
      ).json(),
    );
    expect(forAdmin.school!.classes).toBe(18);
    expect(forAdmin.school!.studentsByGrade.map((row) => row.grade)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(forAdmin.school!.students.total).toBe(
      forAdmin.school!.students.female + forAdmin.school!.students.male,
    );
    expect(forAdmin.school!.staff.teachers).toBeGreaterThan(20);
    expect(forAdmin.school!.staff.teachers).toBeLessThan(forAdmin.school!.staff.total);
    expect(forAdmin.teacher).toBeNull();

    const forTeacher = dashboardResponseSchema.parse(
      (
        await server.app.inject({ method: 'GET', url: '/api/dashboard', headers: teacher.headers })
      ).json(),
    );
    expect(forTeacher.school).toBeNull();
    expect(forTeacher.teacher!.classes.some((c) => c.nameEn === 'Grade 7A' && c.homeroom)).toBe(
      true,
    );
    expect(forTeacher.year?.name).toMatch(/^\d{4}–\d{4}$/);
  });

  it("lists a teacher's lessons of the day in time order", async () => {
    const [year] = await server.database.db
      .select()
      .from(academicYears)
      .where(eq(academicYears.isCurrent, true));
    // The year starts on a Monday; a week later is a full teaching day.
    const monday = new Date(`${year!.startDate}T03:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() + 7);
    const result = await dashboard(
      server.database.db,
      {
        userId: teacher.userId,
        schoolId: teacher.schoolId,
        sessionId: crypto.randomUUID(),
        status: 'active',
        mustChangePassword: false,
        roleKeys: ['teacher'],
        roleTags: ['teacher'],
        permissions: ['students.read:own'],
      },
      monday,
    );
    expect(result.dayOfWeek).toBe(1);
    const lessons = result.teacher!.lessonsToday;
    expect(lessons.length).toBeGreaterThan(0);
    const starts = lessons.map((lesson) => lesson.startTime);
    expect(starts).toEqual([...starts].sort());
    expect(starts[0]).toMatch(/^\d\d:\d\d$/);
  });

  it('tells the office what waits for it, and a head of department only their subjects', async () => {
    const db = server.database.db;
    const [year] = await db.select().from(academicYears).where(eq(academicYears.isCurrent, true));
    // Three sheets of the year submitted: two of the head's department, one of another.
    const [headEmployee] = await db
      .select({ departmentId: employees.departmentId })
      .from(employees)
      .where(eq(employees.userId, (await signIn(server.app, 'head')).userId));
    const sheets = await db
      .select({ id: scoreSheets.id, departmentId: subjects.departmentId })
      .from(scoreSheets)
      .innerJoin(classes, eq(classes.id, scoreSheets.classId))
      .innerJoin(subjects, eq(subjects.id, scoreSheets.subjectId))
      .where(and(eq(classes.yearId, year!.id), eq(scoreSheets.status, 'draft')));
    const ours = sheets.filter((sheet) => sheet.departmentId === headEmployee!.departmentId);
    const theirs = sheets.filter((sheet) => sheet.departmentId !== headEmployee!.departmentId);
    expect(ours.length).toBeGreaterThanOrEqual(2);
    expect(theirs.length).toBeGreaterThanOrEqual(1);
    const submitted = [ours[0]!.id, ours[1]!.id, theirs[0]!.id];
    await db
      .update(scoreSheets)
      .set({ status: 'submitted' })
      .where(inArray(scoreSheets.id, submitted));

    const read = async (user: SignedInUser) =>
      dashboardResponseSchema.parse(
        (
          await server.app.inject({ method: 'GET', url: '/api/dashboard', headers: user.headers })
        ).json(),
      );
    const [withoutAccount] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.workingStatus, 'working'), isNull(employees.userId)));
    expect(withoutAccount).toBeDefined();

    const office = await read(await signIn(server.app, 'office'));
    expect(office.office).not.toBeNull();
    expect(office.office!.scoresAwaitingPublication).toBe(3);
    const staffWithoutAccount = (
      await db
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.workingStatus, 'working'), isNull(employees.userId)))
    ).length;
    expect(office.office!.staffWithoutAccount).toBe(staffWithoutAccount);
    // The office has no classes of its own: no teacher's day with nothing in it.
    expect(office.teacher === null || office.teacher.classes.length === 0).toBe(true);

    const head = await read(await signIn(server.app, 'head'));
    expect(head.office!.scoresAwaitingPublication).toBe(2);
    expect(head.office!.staffWithoutAccount).toBeNull();

    // A teacher publishes nothing and reads no staff list: nothing of the office.
    expect((await read(teacher)).office).toBeNull();
    expect((await read(admin)).office!.scoresAwaitingPublication).toBe(3);
  });
});
