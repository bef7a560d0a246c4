import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  academicYears,
  attendanceMarks,
  attendanceSheets,
  classes,
  employees,
  enrollments,
  schools,
  students,
  teachingAssignments,
  timetableEntries,
  users,
} from '../db/schema.js';
import { DEMO_PASSWORD, createTestDatabase } from '../../test/helpers.js';
import type { Database } from '../db/client.js';
import { bootstrapDatabase } from './bootstrap.js';
import { seedDemoSchool } from './demoSchool.js';

describe('the demo school', () => {
  let database: Database;
  let schoolId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await bootstrapDatabase(database.db, {
      demo: true,
      demoData: true,
      adminPassword: DEMO_PASSWORD,
    });
    const [school] = await database.db.select().from(schools);
    schoolId = school!.id;
  }, 180_000);
  afterAll(() => database.close());

  it('has a current year that contains today, with two semesters', async () => {
    const years = await database.db.select().from(academicYears);
    expect(years).toHaveLength(1);
    expect(years[0]!.isCurrent).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(years[0]!.startDate <= today && today <= years[0]!.endDate).toBe(true);
  });

  it('has three classes a grade from 7 to 12, each with its students and their enrollment', async () => {
    const rows = await database.db.select().from(classes);
    expect(rows).toHaveLength(18);
    const counts = await database.db
      .select({ classId: enrollments.classId, n: sql<number>`count(*)::int` })
      .from(enrollments)
      .groupBy(enrollments.classId);
    expect(counts).toHaveLength(18);
    for (const count of counts) expect(count.n).toBeGreaterThanOrEqual(38);
    const [{ n } = { n: 0 }] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(students);
    expect(n).toBe(counts.reduce((sum, c) => sum + c.n, 0));
  });

  it('makes the demo accounts staff: the teacher teaches and leads 7A', async () => {
    const [teacher] = await database.db.select().from(users).where(eq(users.username, 'teacher'));
    const [staff] = await database.db
      .select()
      .from(employees)
      .where(eq(employees.userId, teacher!.id));
    expect(staff).toBeDefined();
    const taught = await database.db
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.employeeId, staff!.id));
    expect(taught.length).toBeGreaterThan(0);
    const [sevenA] = await database.db.select().from(classes).where(eq(classes.nameEn, 'Grade 7A'));
    expect(sevenA!.homeroomEmployeeId).toBe(staff!.id);
  });

  it('has a full week for every class without a teacher or a room in two places at once', async () => {
    const entries = await database.db.select().from(timetableEntries);
    const perClass = new Map<string, number>();
    for (const entry of entries)
      perClass.set(entry.classId, (perClass.get(entry.classId) ?? 0) + 1);
    expect(perClass.size).toBe(18);
    for (const n of perClass.values()) expect(n).toBeGreaterThanOrEqual(28);
    const teacherSlots = new Set(
      entries.map((e) => `${e.employeeId}:${e.dayOfWeek}:${e.periodId}`),
    );
    expect(teacherSlots.size).toBe(entries.length);
    const roomSlots = new Set(entries.map((e) => `${e.room}:${e.dayOfWeek}:${e.periodId}`));
    expect(roomSlots.size).toBe(entries.length);
  });

  it('has the attendance of the last weeks (not of today): one sheet a class and school day', async () => {
    const sheets = await database.db.select().from(attendanceSheets);
    const today = new Date().toISOString().slice(0, 10);
    expect(sheets.every((sheet) => sheet.date < today)).toBe(true);
    const perDay = new Map<string, number>();
    for (const sheet of sheets) perDay.set(sheet.date, (perDay.get(sheet.date) ?? 0) + 1);
    for (const n of perDay.values()) expect(n).toBe(18);
    const [marks] = await database.db
      .select({
        all: sql<number>`count(*)::int`,
        absent: sql<number>`count(*) filter (where ${attendanceMarks.status} = 'absent')::int`,
      })
      .from(attendanceMarks);
    if (sheets.length > 0) {
      expect(marks!.absent).toBeGreaterThan(0);
      expect(marks!.absent / marks!.all).toBeLessThan(0.1);
    }
  });

  it('is seeded once: a second run changes nothing', async () => {
    const before = await database.db.select({ id: students.id }).from(students);
    await seedDemoSchool(database.db, schoolId);
    const after = await database.db.select({ id: students.id }).from(students);
    expect(after).toHaveLength(before.length);
  });
});
