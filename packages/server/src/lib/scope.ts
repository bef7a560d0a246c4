import { and, eq, or, sql } from 'drizzle-orm';
import { scopeOf, type PermissionAction } from '@sala/contract';
import { classes, employees, teachingAssignments } from '../db/schema.js';
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
 * The classes a caller may reach with an action: every class of the school at school scope;
 * at department scope the classes taught or led by a member of their department; at own scope
 * the classes they teach or are the homeroom teacher of. `null` means no restriction.
 */
export async function reachableClassIds(
  tx: Tx,
  principal: Principal,
  action: PermissionAction,
): Promise<string[] | null> {
  const scope = scopeOf(principal.permissions, action);
  if (!scope) throw new HttpError(403, 'FORBIDDEN');
  if (scope === 'school') return null;
  const me = await employeeOfUser(tx, principal.schoolId, principal.userId);
  if (!me) return [];
  const staffFilter =
    scope === 'department' && me.departmentId
      ? sql`in (select ${employees.id} from ${employees} where ${employees.departmentId} = ${me.departmentId})`
      : sql`= ${me.id}`;
  const rows = await tx
    .selectDistinct({ id: classes.id })
    .from(classes)
    .leftJoin(teachingAssignments, eq(teachingAssignments.classId, classes.id))
    .where(
      and(
        eq(classes.schoolId, principal.schoolId),
        or(
          sql`${classes.homeroomEmployeeId} ${staffFilter}`,
          sql`${teachingAssignments.employeeId} ${staffFilter}`,
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** Refuses a class the caller cannot reach with the action (404, as if it did not exist). */
export async function assertClassReachable(
  tx: Tx,
  principal: Principal,
  action: PermissionAction,
  classId: string,
): Promise<void> {
  const reachable = await reachableClassIds(tx, principal, action);
  if (reachable && !reachable.includes(classId)) throw new HttpError(404, 'NOT_FOUND');
}
