import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import {
  schoolSettingsSchema,
  scopeOf,
  type PermissionAction,
  type PermissionScope,
  type SchoolSettings,
  type SessionOfDay,
} from '@sala/contract';
import { academicYears, enrollments, schools } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import type { Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { classAtScope, classIdsAtScope } from '../../lib/scope.js';

/** The school's settings (attendance shifts, edit window, whether late counts as present). */
export async function settingsOf(tx: Tx, schoolId: string): Promise<SchoolSettings> {
  const [school] = await tx
    .select({ settings: schools.settings })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return schoolSettingsSchema.parse(school?.settings ?? {});
}

const scopeRank = { own: 0, department: 1, school: 2 } as const;

/** The widest scope at which the caller holds any of the actions. */
function widestScope(
  principal: Principal,
  actions: PermissionAction[],
): PermissionScope | undefined {
  let widest: PermissionScope | undefined;
  for (const action of actions) {
    const scope = scopeOf(principal.permissions, action);
    if (scope && (!widest || scopeRank[scope] > scopeRank[widest])) widest = scope;
  }
  return widest;
}

/**
 * The classes the caller reaches with any of the actions they hold: `null` for every class of
 * the school, else the ids. Refuses a caller holding none of them.
 */
export async function reachable(
  tx: Tx,
  principal: Principal,
  actions: PermissionAction[],
): Promise<string[] | null> {
  const scope = widestScope(principal, actions);
  if (!scope) throw new HttpError(403, 'FORBIDDEN');
  return classIdsAtScope(tx, principal, scope);
}

/** The classes whose attendance the caller sees: those they read, take or correct. */
export const readReach = (tx: Tx, principal: Principal) =>
  reachable(tx, principal, ['attendance.read', 'attendance.record', 'attendance.correct']);

/** Refuses (as missing) a class whose attendance the caller does not see. */
export async function assertReadable(tx: Tx, principal: Principal, classId: string) {
  const scope = widestScope(principal, [
    'attendance.read',
    'attendance.record',
    'attendance.correct',
  ]);
  if (!scope) throw new HttpError(403, 'FORBIDDEN');
  if (!(await classAtScope(tx, principal, scope, classId))) throw new HttpError(404, 'NOT_FOUND');
}

/** What the caller may do with a class's sheets. */
export interface SheetRights {
  /** Take (and within the window change) the class's attendance. */
  record: boolean;
  /** Change any sheet of the school, at any time, as an office correction. */
  correct: boolean;
  read: boolean;
}

/** A day `days` after a date (`YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The ISO weekday of a date: 1 Monday … 7 Sunday. */
export function weekdayOf(date: string): number {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

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
