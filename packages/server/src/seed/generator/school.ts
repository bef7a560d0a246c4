import { eq, sql } from 'drizzle-orm';
import { schoolSettingsSchema, type SchoolSettings } from '@sala/contract';
import {
  academicYears,
  departments,
  gradeLevels,
  schools,
  subjectGradeLevels,
  subjects,
  terms,
  userRoles,
  users,
} from '../../db/schema.js';
import type { Tx } from '../../lib/audit.js';
import { toKhmerDigits } from '../../modules/classes/names.js';
import { ensureBuiltInRoles } from '../../modules/privileges/service.js';
import { departmentPlan, subjectPlan, termPlan } from './plan.js';
import { rowsOf } from './sql.js';
import type { SchoolJob } from './types.js';

/** The school being generated: its id and code, settings and administrator. */
export interface SchoolRecord {
  schoolId: string;
  code: string;
  settings: SchoolSettings;
  admin: { id: string; username: string } | undefined;
}

/**
 * The school, its roles and its administrator: the bootstrapped school as it is, or a new one
 * (`school<number>`) with its built-in roles and an `admin` account.
 */
export async function createSchool(tx: Tx, job: SchoolJob): Promise<SchoolRecord> {
  let schoolId: string;
  let code: string;
  if (job.existing) {
    ({ id: schoolId, code } = job.existing);
  } else {
    code = `school${job.number}`;
    schoolId = await insertSchool(tx, job, code);
  }
  const [settingsRow] = await tx
    .select({ settings: schools.settings })
    .from(schools)
    .where(eq(schools.id, schoolId));
  const settings = schoolSettingsSchema.parse(settingsRow?.settings ?? {});
  const [admin] = await rowsOf<{ id: string; username: string }>(
    tx,
    sql`select u.id, u.username from users u
        join user_roles ur on ur.user_id = u.id
        join roles ro on ro.id = ur.role_id and ro.key = 'admin'
        where u.school_id = ${schoolId} order by u.created_at limit 1`,
  );
  return { schoolId, code, settings, admin };
}

/** A new school with its built-in roles and its administrator; answers its id. */
async function insertSchool(tx: Tx, job: SchoolJob, code: string): Promise<string> {
  const [created] = await tx
    .insert(schools)
    .values({
      code,
      nameKm: `វិទ្យាល័យ ${toKhmerDigits(job.number)}`,
      nameEn: `High School ${job.number}`,
      settings: { demo: false, allowSignup: false },
    })
    .returning({ id: schools.id });
  const schoolId = created!.id;
  const roleIds = await ensureBuiltInRoles(tx, schoolId);
  const [admin] = await tx
    .insert(users)
    .values({
      schoolId,
      username: 'admin',
      nameKm: 'អ្នកគ្រប់គ្រង',
      nameEn: 'Administrator',
      locale: 'km',
      status: 'active',
      passwordHash: job.passwordHash,
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ schoolId, userId: admin!.id, roleId: roleIds.get('admin')! });
  return schoolId;
}

/** The school year's dates: `today`, the year's first calendar year, its first and last day. */
export interface Calendar {
  today: string;
  firstYear: number;
  yearStart: string;
  yearEnd: string;
}

/** The year around `today` (1 November to 31 August unless the job says otherwise). */
export function calendarOf(job: SchoolJob): Calendar {
  const today = job.today ?? '2026-09-01';
  const month = Number(today.slice(5, 7));
  const firstYear = Number(today.slice(0, 4)) - (month >= 11 ? 0 : 1);
  const yearStart = job.yearStart ?? `${firstYear}-11-01`;
  const yearEnd = job.yearEnd ?? `${firstYear + 1}-08-31`;
  return { today, firstYear, yearStart, yearEnd };
}

/** The current year and its two terms, in term order. */
export async function createYear(tx: Tx, schoolId: string, calendar: Calendar) {
  const { firstYear, yearStart, yearEnd } = calendar;
  const [yearRow] = await tx
    .insert(academicYears)
    .values({
      schoolId,
      name: `${firstYear}–${firstYear + 1}`,
      startDate: yearStart,
      endDate: yearEnd,
      isCurrent: true,
    })
    .returning({ id: academicYears.id });
  const yearId = yearRow!.id;
  const termRows = await tx
    .insert(terms)
    .values(
      termPlan.map((term) => ({
        schoolId,
        yearId,
        number: term.number,
        nameKm: `ឆមាសទី${toKhmerDigits(term.number)}`,
        nameEn: `Semester ${term.number}`,
        months: term.months,
        examMonth: term.examMonth,
      })),
    )
    .returning({ id: terms.id, number: terms.number });
  termRows.sort((a, b) => a.number - b.number);
  return { yearId, termRows };
}

/** The grade levels (out of 50, no divisor); answers each grade's id by its number. */
export async function createGrades(tx: Tx, schoolId: string, grades: number[]) {
  const gradeRows = await tx
    .insert(gradeLevels)
    .values(
      grades.map((grade) => ({
        schoolId,
        number: grade,
        nameKm: `ថ្នាក់ទី${toKhmerDigits(grade)}`,
        nameEn: `Grade ${grade}`,
        maxScore: 50,
        divisor: null,
      })),
    )
    .onConflictDoUpdate({
      target: [gradeLevels.schoolId, gradeLevels.number],
      set: { maxScore: 50, divisor: null },
    })
    .returning({ id: gradeLevels.id, number: gradeLevels.number });
  return new Map(gradeRows.map((g) => [g.number, g.id]));
}

/**
 * The departments and the subject plan's subjects, each taught in every grade. Answers the
 * departments' ids by code and the subjects' ids in the plan's order.
 */
export async function createSubjects(tx: Tx, schoolId: string, gradeIds: string[]) {
  const departmentRows = await tx
    .insert(departments)
    .values(departmentPlan.map((d) => ({ schoolId, code: d.code, nameKm: d.km, nameEn: d.en })))
    .returning({ id: departments.id, code: departments.code });
  const departmentId = new Map(departmentRows.map((d) => [d.code, d.id]));
  const subjectRows = await tx
    .insert(subjects)
    .values(
      subjectPlan.map((s) => ({
        schoolId,
        code: s.code,
        nameKm: s.km,
        nameEn: s.en,
        type: 'learning_exam' as const,
        maxScore: s.maxScore,
        coefficient: s.coefficient,
        departmentId: departmentId.get(s.department)!,
      })),
    )
    .returning({ id: subjects.id, code: subjects.code });
  const subjectIds = subjectPlan.map((s) => subjectRows.find((row) => row.code === s.code)!.id);
  await tx
    .insert(subjectGradeLevels)
    .values(
      subjectIds.flatMap((subjectId) =>
        gradeIds.map((gradeLevelId) => ({ schoolId, subjectId, gradeLevelId })),
      ),
    );
  return { departmentId, subjectIds };
}
