import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import {
  schoolSettingsSchema,
  type PermissionAction,
  type SchoolSettings,
  type SessionOfDay,
} from '@sala/contract';
import { academicYears, enrollments, schools } from '../../db/schema.js';
import type { Tx } from '../../lib/audit.js';

/**
 * The school's settings (attendance shifts, edit window, whether late counts as present, the
 * order of students).
 */
export async function settingsOf(tx: Tx, schoolId: string): Promise<SchoolSettings> {
  const [school] = await tx
    .select({ settings: schools.settings, studentOrder: schools.studentOrder })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return {
    ...schoolSettingsSchema.parse(school?.settings ?? {}),
    studentOrder: school?.studentOrder ?? 'name',
  };
}

/** Attendance is seen by whoever reads, takes or corrects it, at the widest scope they hold. */
export const attendanceReadActions: PermissionAction[] = [
  'attendance.read',
  'attendance.record',
  'attendance.correct',
];

/** What the caller may do with a class's sheets (defined with the rules of saving them). */
export type { SheetRights } from './sheetRules.js';

/**
 * The shifts a class's attendance is taken in: its own when the school takes attendance in it;
 * a full-day class in each of the school's shifts; else the school's full-day shift.
 */
export function expectedSessions(
  classSession: SessionOfDay,
  schoolSessions: readonly SessionOfDay[],
): SessionOfDay[] {
  if (schoolSessions.includes(classSession)) return [classSession];
  if (classSession === 'full_day') return [...schoolSessions];
  return schoolSessions.includes('full_day') ? ['full_day'] : [];
}

/** The academic year a date falls in (or the current one when none does). */
export async function yearOfDate(
  tx: Tx,
  schoolId: string,
  date: string,
): Promise<{ id: string; startDate: string; endDate: string } | null> {
  const [year] = await tx
    .select({
      id: academicYears.id,
      startDate: academicYears.startDate,
      endDate: academicYears.endDate,
    })
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(
      sql`(${academicYears.startDate} <= ${date} and ${academicYears.endDate} >= ${date}) desc`,
      sql`${academicYears.isCurrent} desc`,
      sql`${academicYears.startDate} desc`,
    )
    .limit(1);
  return year ?? null;
}

/** Enrollments of a class covering a day. */
export const enrolledOn = (classId: string, date: string) =>
  and(
    eq(enrollments.classId, classId),
    lte(enrollments.startDate, date),
    or(isNull(enrollments.endDate), gte(enrollments.endDate, date)),
  );

/** Present (+ late, a school setting) ÷ every mark; null without a mark. */
export function rateOf(
  totals: { present: number; absent: number; permission: number; late: number },
  lateCountsAsPresent: boolean,
): number | null {
  const all = totals.present + totals.absent + totals.permission + totals.late;
  if (all === 0) return null;
  return (totals.present + (lateCountsAsPresent ? totals.late : 0)) / all;
}

export const emptyTotals = () => ({ present: 0, absent: 0, permission: 0, late: 0 });
