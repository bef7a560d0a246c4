import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { scopeOf, type PermissionAction, type PermissionScope } from '@sala/contract';
import { classes, employees, enrollments, teachingAssignments } from '../db/schema.js';
import type { Principal } from './access.js';
import type { Tx } from './audit.js';
import { HttpError } from './http-errors.js';

/** The staff record linked to a user account, if any. */
export async function employeeOfUser(
  tx: Tx,
  schoolId: string,
  userId: string,
): Promise<{ id: string; departmentId: string | null } | null> {
  const [row] = await tx
    .select({ id: employees.id, departmentId: employees.departmentId })
    .from(employees)
    .where(and(eq(employees.schoolId, schoolId), eq(employees.userId, userId)));
  return row ?? null;
}

/**
 * The scope vocabulary of every module: a caller reaches classes with an action (or with any of
 * several, at the widest scope they hold one): every class of the school at school scope; at
 * department scope the classes taught or led by a member of their department; at own scope the
 * classes they teach or are the homeroom teacher of. A caller holding none of the actions is
 * refused (403); a class or student out of reach is answered as missing (404).
 */
export type ScopedActions = PermissionAction | readonly PermissionAction[];

const scopeRank = { own: 0, department: 1, school: 2 } as const;

/** The widest scope at which the caller holds any of the actions (403 when none). */
export function scopeFor(principal: Principal, actions: ScopedActions): PermissionScope {
  let widest: PermissionScope | undefined;
  for (const action of [actions].flat()) {
    const scope = scopeOf(principal.permissions, action);
    if (scope && (!widest || scopeRank[scope] > scopeRank[widest])) widest = scope;
  }
  if (!widest) throw new HttpError(403, 'FORBIDDEN');
  return widest;
}

/** The classes the caller reaches with the actions; `null` means every class of the school. */
export async function reachableClassIds(
  tx: Tx,
  principal: Principal,
  actions: ScopedActions,
): Promise<string[] | null> {
  return classIdsAtScope(tx, principal, scopeFor(principal, actions));
}

/** A condition keeping a class column to the classes the caller reaches (none: no restriction). */
export async function reachableClassCondition(
  tx: Tx,
  principal: Principal,
  actions: ScopedActions,
  column: AnyPgColumn,
): Promise<SQL | undefined> {
  const reachable = await reachableClassIds(tx, principal, actions);
  if (reachable === null) return undefined;
  return reachable.length > 0 ? inArray(column, reachable) : sql`false`;
}

/** The staff whose classes a scope reaches: the caller's department's, or the caller alone. */
function reachedStaff(schoolId: string, userId: string, scope: 'own' | 'department'): SQL {
  const me = sql`(select ${employees.id} from ${employees} where ${employees.schoolId} = ${schoolId} and ${employees.userId} = ${userId})`;
  if (scope === 'own') return sql`= ${me}`;
  // A member of staff without a department reaches only their own classes.
  return sql`in (select d.id from ${employees} d where d.id = ${me} or d.department_id = (select ${employees.departmentId} from ${employees} where ${employees.schoolId} = ${schoolId} and ${employees.userId} = ${userId}))`;
}

/** The classes a scope reaches (see `reachableClassIds`), in one query. */
export async function classIdsAtScope(
  tx: Tx,
  principal: Principal,
  scope: PermissionScope,
): Promise<string[] | null> {
  if (scope === 'school') return null;
  const staff = reachedStaff(principal.schoolId, principal.userId, scope);
  const rows = await tx
    .selectDistinct({ id: classes.id })
    .from(classes)
    .leftJoin(teachingAssignments, eq(teachingAssignments.classId, classes.id))
    .where(
      and(
        eq(classes.schoolId, principal.schoolId),
        or(
          sql`${classes.homeroomEmployeeId} ${staff}`,
          sql`${teachingAssignments.employeeId} ${staff}`,
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** A condition: the scope reaches the class in `classId` (a column or a value), for a select. */
export function classReachSql(
  principal: Principal,
  scope: PermissionScope,
  classId: AnyPgColumn,
): SQL<boolean> {
  if (scope === 'school') return sql<boolean>`true`;
  const staff = reachedStaff(principal.schoolId, principal.userId, scope);
  return sql<boolean>`(exists (select 1 from ${classes} rc where rc.id = ${classId} and rc.homeroom_employee_id ${staff})
    or exists (select 1 from ${teachingAssignments} ta where ta.class_id = ${classId} and ta.employee_id ${staff}))`;
}

/** Whether a scope reaches one class, in one query. */
export async function classAtScope(
  tx: Tx,
  principal: Principal,
  scope: PermissionScope,
  classId: string,
): Promise<boolean> {
  if (scope === 'school') return true;
  const staff = reachedStaff(principal.schoolId, principal.userId, scope);
  const [row] = await tx
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.id, classId),
        eq(classes.schoolId, principal.schoolId),
        or(
          sql`${classes.homeroomEmployeeId} ${staff}`,
          sql`exists (select 1 from ${teachingAssignments} where ${teachingAssignments.classId} = ${classes.id} and ${teachingAssignments.employeeId} ${staff})`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Refuses a class the caller does not reach with the actions (404, as if it did not exist). */
export async function assertClassReachable(
  tx: Tx,
  principal: Principal,
  actions: ScopedActions,
  classId: string,
): Promise<void> {
  const scope = scopeFor(principal, actions);
  if (!(await classAtScope(tx, principal, scope, classId))) throw new HttpError(404, 'NOT_FOUND');
}

/** Refuses (as missing) a student who was never in a class the caller reaches with the actions. */
export async function assertStudentReachable(
  tx: Tx,
  principal: Principal,
  actions: ScopedActions,
  studentId: string,
): Promise<void> {
  const reach = await reachableClassIds(tx, principal, actions);
  if (reach === null) return;
  const [place] =
    reach.length === 0
      ? []
      : await tx
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(and(eq(enrollments.studentId, studentId), inArray(enrollments.classId, reach)))
          .limit(1);
  if (!place) throw new HttpError(404, 'NOT_FOUND');
}
