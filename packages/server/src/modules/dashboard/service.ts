import { and, asc, count, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { scopeOf, type DashboardResponse } from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  departments,
  employees,
  enrollments,
  gradeLevels,
  periods,
  scoreSheets,
  students,
  subjects,
  teachingAssignments,
  teachingLog,
  timetableEntries,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { mondayOf, schoolDay } from '../../lib/schoolTime.js';
import { employeeOfUser } from '../../lib/scope.js';

export async function dashboard(
  db: Db,
  principal: Principal,
  now = new Date(),
): Promise<DashboardResponse> {
  const { schoolId } = principal;
  const { date, dayOfWeek } = schoolDay(now);
  const [year] = await db
    .select({ id: academicYears.id, name: academicYears.name })
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(sql`${academicYears.isCurrent} desc`, sql`${academicYears.startDate} desc`)
    .limit(1);

  const me = await employeeOfUser(db, schoolId, principal.userId);
  let teacher: DashboardResponse['teacher'] = null;
  if (me && year) {
    const [lessons, taught, led, hours] = await Promise.all([
      db
        .select({
          periodNumber: periods.number,
          startTime: periods.startTime,
          endTime: periods.endTime,
          classId: classes.id,
          classKm: classes.nameKm,
          classEn: classes.nameEn,
          subjectId: subjects.id,
          subjectKm: subjects.nameKm,
          subjectEn: subjects.nameEn,
          room: timetableEntries.room,
        })
        .from(timetableEntries)
        .innerJoin(periods, eq(periods.id, timetableEntries.periodId))
        .innerJoin(classes, eq(classes.id, timetableEntries.classId))
        .innerJoin(subjects, eq(subjects.id, timetableEntries.subjectId))
        .where(
          and(
            eq(timetableEntries.schoolId, schoolId),
            eq(timetableEntries.yearId, year.id),
            eq(timetableEntries.employeeId, me.id),
            eq(timetableEntries.dayOfWeek, dayOfWeek),
          ),
        )
        .orderBy(asc(periods.startTime)),
      db
        .select({
          classId: classes.id,
          classKm: classes.nameKm,
          classEn: classes.nameEn,
          subjectId: subjects.id,
          subjectKm: subjects.nameKm,
          subjectEn: subjects.nameEn,
        })
        .from(teachingAssignments)
        .innerJoin(classes, eq(classes.id, teachingAssignments.classId))
        .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
        .where(
          and(
            eq(teachingAssignments.schoolId, schoolId),
            eq(teachingAssignments.yearId, year.id),
            eq(teachingAssignments.employeeId, me.id),
          ),
        ),
      db
        .select({ classId: classes.id, classKm: classes.nameKm, classEn: classes.nameEn })
        .from(classes)
        .where(
          and(
            eq(classes.schoolId, schoolId),
            eq(classes.yearId, year.id),
            eq(classes.homeroomEmployeeId, me.id),
          ),
        ),
      db
        .select({ hours: sql<string>`coalesce(sum(${teachingLog.hours}), 0)` })
        .from(teachingLog)
        .where(
          and(
            eq(teachingLog.schoolId, schoolId),
            eq(teachingLog.employeeId, me.id),
            gte(teachingLog.date, mondayOf(date)),
            lte(teachingLog.date, date),
          ),
        ),
    ]);
    const classIds = [...new Set([...taught.map((t) => t.classId), ...led.map((l) => l.classId)])];
    const sizes =
      classIds.length === 0
        ? []
        : await db
            .select({ classId: enrollments.classId, n: count() })
            .from(enrollments)
            .where(and(inArray(enrollments.classId, classIds), isNull(enrollments.endDate)))
            .groupBy(enrollments.classId);
    const names = new Map<string, { nameKm: string; nameEn: string }>();
    for (const row of [...taught, ...led]) {
      names.set(row.classId, { nameKm: row.classKm, nameEn: row.classEn });
    }
    teacher = {
      lessonsToday: lessons.map((lesson) => ({
        periodNumber: lesson.periodNumber,
        startTime: lesson.startTime.slice(0, 5),
        endTime: lesson.endTime.slice(0, 5),
        schoolClass: { id: lesson.classId, nameKm: lesson.classKm, nameEn: lesson.classEn },
        subject: { id: lesson.subjectId, nameKm: lesson.subjectKm, nameEn: lesson.subjectEn },
        room: lesson.room,
      })),
      classes: classIds
        .map((id) => ({
          id,
          ...names.get(id)!,
          studentCount: sizes.find((s) => s.classId === id)?.n ?? 0,
          homeroom: led.some((l) => l.classId === id),
          subjects: taught
            .filter((t) => t.classId === id)
            .map((t) => ({ id: t.subjectId, nameKm: t.subjectKm, nameEn: t.subjectEn })),
        }))
        .sort((a, b) => a.nameEn.localeCompare(b.nameEn, 'en', { numeric: true })),
      hoursThisWeek: Number(hours[0]?.hours ?? 0),
    };
  }

  let school: DashboardResponse['school'] = null;
  if (scopeOf(principal.permissions, 'students.read') === 'school') {
    const openInYear = year
      ? and(
          eq(enrollments.schoolId, schoolId),
          eq(enrollments.yearId, year.id),
          isNull(enrollments.endDate),
        )
      : sql`false`;
    const [byGrade, classCount, staff, departmentCount, subjectCount] = await Promise.all([
      db
        .select({
          grade: gradeLevels.number,
          female: sql<number>`count(*) filter (where ${students.gender} = 'female')::int`,
          male: sql<number>`count(*) filter (where ${students.gender} is distinct from 'female')::int`,
        })
        .from(enrollments)
        .innerJoin(students, eq(students.id, enrollments.studentId))
        .innerJoin(classes, eq(classes.id, enrollments.classId))
        .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
        .where(openInYear)
        .groupBy(gradeLevels.number)
        .orderBy(asc(gradeLevels.number)),
      year
        ? db
            .select({ n: count() })
            .from(classes)
            .where(and(eq(classes.schoolId, schoolId), eq(classes.yearId, year.id)))
        : Promise.resolve([{ n: 0 }]),
      db
        .select({
          total: count(),
          female: sql<number>`count(*) filter (where ${employees.gender} = 'female')::int`,
          // Qualified by hand: inside the subquery a bare "id" would be the assignment's.
          teachers: sql<number>`count(*) filter (where exists (select 1 from ${teachingAssignments} where ${teachingAssignments.employeeId} = "employees"."id"))::int`,
        })
        .from(employees)
        .where(and(eq(employees.schoolId, schoolId), eq(employees.workingStatus, 'working'))),
      db.select({ n: count() }).from(departments).where(eq(departments.schoolId, schoolId)),
      db.select({ n: count() }).from(subjects).where(eq(subjects.schoolId, schoolId)),
    ]);
    const female = byGrade.reduce((sum, row) => sum + row.female, 0);
    const male = byGrade.reduce((sum, row) => sum + row.male, 0);
    school = {
      students: { total: female + male, female, male },
      classes: classCount[0]?.n ?? 0,
      staff: {
        total: staff[0]?.total ?? 0,
        female: staff[0]?.female ?? 0,
        teachers: staff[0]?.teachers ?? 0,
      },
      departments: departmentCount[0]?.n ?? 0,
      subjects: subjectCount[0]?.n ?? 0,
      studentsByGrade: byGrade,
    };
  }

  const office = await officeWork(db, principal, year?.id ?? null, me?.departmentId ?? null);
  return { today: date, dayOfWeek, year: year ?? null, teacher, school, office };
}

/**
 * What waits for the office: the year's score sheets submitted and not yet published, within
 * the caller's publishing scope (the school, or their department's subjects), and the working
 * staff without a sign-in account, for those who read the whole staff. Null when neither applies.
 */
async function officeWork(
  db: Db,
  principal: Principal,
  yearId: string | null,
  departmentId: string | null,
): Promise<DashboardResponse['office']> {
  const { schoolId } = principal;
  const publish = scopeOf(principal.permissions, 'scores.publish');
  const readsStaff = scopeOf(principal.permissions, 'employees.read') === 'school';
  const publishes =
    yearId !== null && (publish === 'school' || (publish === 'department' && departmentId));
  if (!publishes && !readsStaff) return null;

  const [awaiting, withoutAccount] = await Promise.all([
    publishes
      ? db
          .select({ n: count() })
          .from(scoreSheets)
          .innerJoin(classes, eq(classes.id, scoreSheets.classId))
          .innerJoin(subjects, eq(subjects.id, scoreSheets.subjectId))
          .where(
            and(
              eq(scoreSheets.schoolId, schoolId),
              eq(scoreSheets.status, 'submitted'),
              eq(classes.yearId, yearId!),
              publish === 'school' ? undefined : eq(subjects.departmentId, departmentId!),
            ),
          )
      : null,
    readsStaff
      ? db
          .select({ n: count() })
          .from(employees)
          .where(
            and(
              eq(employees.schoolId, schoolId),
              eq(employees.workingStatus, 'working'),
              isNull(employees.userId),
            ),
          )
      : null,
  ]);
  return {
    scoresAwaitingPublication: awaiting ? (awaiting[0]?.n ?? 0) : null,
    staffWithoutAccount: withoutAccount ? (withoutAccount[0]?.n ?? 0) : null,
  };
}
