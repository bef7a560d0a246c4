import { and, eq, inArray } from 'drizzle-orm';
import { scopeOf, type PermissionAction, type PermissionScope } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { enrollments } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { HttpError } from '../../lib/http-errors.js';
import { classAtScope, classIdsAtScope } from '../../lib/scope.js';

const scopeRank = { own: 0, department: 1, school: 2 } as const;

/** Results are seen by whoever reads reports or scores, at the widest scope they hold. */
export const readActions: PermissionAction[] = ['reports.read', 'scores.read'];
/** A result sheet is exported by whoever may export reports. */
export const exportActions: PermissionAction[] = ['reports.export'];

function widestScope(principal: Principal, actions: PermissionAction[]): PermissionScope {
  let widest: PermissionScope | undefined;
  for (const action of actions) {
    const scope = scopeOf(principal.permissions, action);
    if (scope && (!widest || scopeRank[scope] > scopeRank[widest])) widest = scope;
  }
  if (!widest) throw new HttpError(403, 'FORBIDDEN');
  return widest;
}

/**
 * Refuses (as missing) a class the caller does not reach with the actions: own = the classes
 * they teach or are the homeroom teacher of, department = their department's, school = all.
 * A class of another school is refused by the result sheet itself.
 */
export async function assertClassInReach(
  db: Db,
  principal: Principal,
  actions: PermissionAction[],
  classId: string,
): Promise<void> {
  const scope = widestScope(principal, actions);
  if (!(await classAtScope(db, principal, scope, classId))) throw new HttpError(404, 'NOT_FOUND');
}

/** Refuses (as missing) a student who was never in a class the caller reaches. */
export async function assertStudentInReach(
  db: Db,
  principal: Principal,
  actions: PermissionAction[],
  studentId: string,
): Promise<void> {
  const reach = await classIdsAtScope(db, principal, widestScope(principal, actions));
  if (reach === null) return;
  const [place] =
    reach.length === 0
      ? []
      : await db
          .select({ id: enrollments.id })
          .from(enrollments)
          .where(and(eq(enrollments.studentId, studentId), inArray(enrollments.classId, reach)))
          .limit(1);
  if (!place) throw new HttpError(404, 'NOT_FOUND');
}
