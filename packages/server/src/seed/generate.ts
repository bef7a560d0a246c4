import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { academicYears, schools } from '../db/schema.js';
import type { Tx } from '../lib/audit.js';
import { hashPassword } from '../lib/passwords.js';
import { insertPeriods } from './periods.js';
import {
  assignTeachers,
  createClasses,
  createStudents,
  createTimetable,
} from './generator/classes.js';
import { takeAttendance } from './generator/attendance.js';
import type { SchoolContext } from './generator/context.js';
import { withoutIndexes } from './generator/indexes.js';
import { layoutClasses, subjectPlan, teacherPools } from './generator/plan.js';
import { describeSchool } from './generator/result.js';
import {
  calendarOf,
  createGrades,
  createSchool,
  createSubjects,
  createYear,
} from './generator/school.js';
import { enterScores } from './generator/scores.js';
import { drawsOf, rowsOf } from './generator/sql.js';
import { createOffice, createTeachers, stageSubjects } from './generator/staff.js';
import type {
  GenerateOptions,
  GeneratedData,
  GeneratedSchool,
  SchoolJob,
} from './generator/types.js';

export type {
  GenerateOptions,
  GeneratedClass,
  GeneratedData,
  GeneratedSchool,
} from './generator/types.js';

const countedTables = [
  'schools',
  'users',
  'employees',
  'departments',
  'grade_levels',
  'subjects',
  'classes',
  'students',
  'enrollments',
  'teaching_assignments',
  'periods',
  'timetable_entries',
  'attendance_sheets',
  'attendance_marks',
  'leave_requests',
  'score_sheets',
  'scores',
] as const;

/** Refuses options the generator cannot honour, before anything is written. */
function checkOptions(options: GenerateOptions, count: number) {
  if (!(options.students >= 1) || !Number.isInteger(options.students))
    throw new Error('students must be a whole number of at least 1');
  if (!(count >= 1) || !Number.isInteger(count))
    throw new Error('schools must be a whole number of at least 1');
  if (
    options.classSize !== undefined &&
    !(Number.isInteger(options.classSize) && options.classSize >= 1)
  )
    throw new Error('classSize must be a whole number of at least 1');
  if (options.grades !== undefined && options.grades.length === 0)
    throw new Error('grades must name at least one grade');
  for (const day of [options.today, options.yearStart, options.yearEnd]) {
    if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
      throw new Error(`${day} is not a date as YYYY-MM-DD`);
  }
}

/** The bootstrapped school; refuses a database without one or that already holds a year. */
async function bootstrappedSchool(db: Db) {
  const [first] = await db
    .select({ id: schools.id, code: schools.code })
    .from(schools)
    .orderBy(schools.createdAt)
    .limit(1);
  if (!first) throw new Error('the database has no school: bootstrap it first');
  const [year] = await db.select({ id: academicYears.id }).from(academicYears).limit(1);
  if (year) throw new Error('the database already holds an academic year: use an empty one');
  return first;
}

/**
 * Fills the database with `options.schools` schools (the bootstrapped one first, then new ones
 * with their built-in roles and an admin), each with `options.students` students and their
 * year. The database must hold no academic year yet.
 */
export async function generateSchools(db: Db, options: GenerateOptions): Promise<GeneratedData> {
  const count = options.schools ?? 1;
  const seed = options.seed ?? 1;
  checkOptions(options, count);
  const first = await bootstrappedSchool(db);
  const passwordHash = await hashPassword(options.password);
  // One transaction: all the schools or none.
  const generated = await db.transaction(async (tx) => {
    await prepareBulkWrites(tx);
    return withoutIndexes(
      tx,
      ['attendance_marks', 'scores'],
      async () => {
        const list: GeneratedSchool[] = [];
        for (let number = 1; number <= count; number += 1) {
          list.push(
            await generateSchool(tx, {
              ...options,
              number,
              seed: seed * 1000 + number,
              passwordHash,
              existing: number === 1 ? first : undefined,
            }),
          );
        }
        return list;
      },
      options.progress,
    );
  });
  const analyzed = performance.now();
  await db.execute(sql`analyze`);
  options.progress?.('analyze', (performance.now() - analyzed) / 1000);
  const [counted] = await rowsOf<Record<string, number>>(
    db,
    sql.raw(
      `select ${countedTables.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`,
    ),
  );
  return { schools: generated, counts: { ...counted } };
}

/**
 * The rows are consistent by construction: where the role may, foreign keys are not checked
 * row by row (their triggers are skipped in this transaction; unique and check constraints
 * still hold), and sorts get room in memory.
 */
async function prepareBulkWrites(tx: Tx) {
  const [role] = await rowsOf<{ superuser: boolean }>(
    tx,
    sql`select current_setting('is_superuser') = 'on' as superuser`,
  );
  if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
  await tx.execute(sql`set local work_mem = '128MB'`);
}

/** Tells `progress` each step's name and the seconds since the previous one ended. */
function lapTimer(job: SchoolJob) {
  let lapStarted = performance.now();
  return (step: string) => {
    const now = performance.now();
    job.progress?.(`school ${job.number}: ${step}`, (now - lapStarted) / 1000);
    lapStarted = now;
  };
}

/** One school, step by step: its year and curriculum, staff, classes, timetable, attendance, scores. */
async function generateSchool(tx: Tx, job: SchoolJob): Promise<GeneratedSchool> {
  const lap = lapTimer(job);
  const school = await createSchool(tx, job);
  const calendar = calendarOf(job);
  const { yearId, termRows } = await createYear(tx, school.schoolId, calendar);
  const ctx: SchoolContext = {
    tx,
    job,
    r: drawsOf(job.seed),
    schoolId: school.schoolId,
    calendar,
    yearId,
  };
  const curriculum = await createCurriculum(ctx);
  lap('year, grades, departments, subjects, periods');
  const layout = await createStaff(ctx, curriculum);
  lap('teachers');
  await createClasses(ctx, layout.classes, curriculum.gradeId, school.settings);
  await createStudents(ctx, Math.max(5, String(job.students).length));
  lap('classes, students, enrollments');
  await assignTeachers(ctx);
  await createTimetable(ctx, curriculum.periodRows);
  lap('teaching assignments, timetable');
  const attendanceUntil = await takeAttendance(ctx, lap);
  await enterScores(ctx, termRows, school.admin?.id ?? null, lap);
  return describeSchool(ctx, school, {
    termIds: termRows.map((t) => t.id),
    subjectIds: curriculum.subjectIds,
    attendanceUntil,
  });
}

/** The grade levels, departments, subjects taught in every grade, and the day's periods. */
async function createCurriculum({ tx, job, schoolId }: SchoolContext) {
  const grades = job.grades ?? [7, 8, 9, 10, 11, 12];
  const gradeId = await createGrades(tx, schoolId, grades);
  const { departmentId, subjectIds } = await createSubjects(tx, schoolId, [...gradeId.values()]);
  const periodRows = await insertPeriods(tx, schoolId);
  return { grades, gradeId, departmentId, subjectIds, periodRows };
}

/**
 * The layout of classes (their shifts and homeroom teachers) and the staff it needs: teachers
 * in pools by subject, department heads and the office clerk.
 */
async function createStaff(
  ctx: SchoolContext,
  curriculum: Awaited<ReturnType<typeof createCurriculum>>,
) {
  const { job } = ctx;
  const perTeacher = job.studentsPerTeacher ?? 25;
  const layout = layoutClasses(
    job.students,
    {
      classSize: job.classSize,
      grades: curriculum.grades,
      session: job.classSession ?? 'split',
      seed: job.seed,
    },
    (classCount) => Math.max(Math.ceil(job.students / perTeacher), classCount, subjectPlan.length),
  );
  const pools = teacherPools(layout.teachers);
  await stageSubjects(ctx, curriculum.subjectIds, curriculum.departmentId, pools);
  await createTeachers(ctx, layout.teachers, Math.max(3, String(layout.teachers).length));
  await createOffice(ctx);
  return layout;
}
