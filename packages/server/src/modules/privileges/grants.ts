import { and, count, eq, inArray } from 'drizzle-orm';
import { hasAnyPermission } from '@sala/contract';
import { rolePermissions, roles, userRoles, users } from '../../db/schema.js';
import { type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { loadGrants } from '../auth/sessions.js';

// Who may grant what and act on whose account: the rules every module that gives roles or changes
// accounts applies.

/** Refuses a change that would leave the school without an active administrator. */
export async function assertAdminRemains(tx: Tx, schoolId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(eq(userRoles.schoolId, schoolId), eq(roles.system, true), eq(users.status, 'active')),
    );
  if (!row || row.n === 0) throw new HttpError(409, 'LAST_ADMIN');
}

/**
 * Nobody grants more than they hold: every permission given (directly or through a role) must
 * be one the grantor holds, and only an administrator may give, take or edit the
 * administrator role or change an administrator's roles. Otherwise a user trusted with
 * `roles.manage` could make themselves an administrator.
 */
export async function assertCanGrant(
  tx: Tx,
  grantor: { schoolId: string; roleKeys: string[]; permissions: string[] },
  grant: { roleIds?: string[]; permissions?: readonly string[]; targetUserId?: string },
): Promise<void> {
  const isAdmin = grantor.roleKeys.includes('admin');
  const wanted = new Set(grant.permissions ?? []);
  if (grant.roleIds && grant.roleIds.length > 0) {
    const granted = await tx
      .select({ system: roles.system, permission: rolePermissions.permission })
      .from(roles)
      .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .where(and(eq(roles.schoolId, grantor.schoolId), inArray(roles.id, grant.roleIds)));
    if (granted.some((row) => row.system) && !isAdmin) throw new HttpError(403, 'FORBIDDEN');
    for (const row of granted) if (row.permission) wanted.add(row.permission);
  }
  if (grant.targetUserId && !isAdmin) {
    const [targetIsAdmin] = await tx
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(
          eq(userRoles.schoolId, grantor.schoolId),
          eq(userRoles.userId, grant.targetUserId),
          eq(roles.system, true),
        ),
      );
    if (targetIsAdmin) throw new HttpError(403, 'FORBIDDEN');
  }
  const beyond = [...wanted].filter(
    (permission) => !hasAnyPermission(grantor.permissions, [permission]),
  );
  if (beyond.length > 0) throw new HttpError(403, 'FORBIDDEN', { permissions: beyond.sort() });
}

/** Who acts on an account or a role: their id, role keys and everything they hold. */
export interface Grantor {
  schoolId: string;
  userId: string;
  roleKeys: string[];
  permissions: string[];
}

/** The permissions of `held` that `holder` does not hold at the same or a wider scope. */
export function beyondHolder(holder: readonly string[], held: Iterable<string>): string[] {
  return [...new Set(held)].filter((permission) => !hasAnyPermission(holder, [permission])).sort();
}

/**
 * Nobody acts on an account that holds more than they do: a password reset, an edit, disabling
 * or approving it, its devices, its roles and its own permissions are refused (403
 * ACCOUNT_ABOVE_YOURS) when the account holds a permission, or a scope of one, that the actor
 * does not hold, and an administrator's account is managed by an administrator only. What the
 * account holds is counted whatever its status, so approving a pending account that was given
 * a role above the approver's is refused too. One's own account is always one's own.
 */
export async function assertCanManageAccount(
  tx: Tx,
  actor: Grantor,
  targetUserId: string,
): Promise<void> {
  if (targetUserId === actor.userId) return;
  const target = await loadGrants(tx, actor.schoolId, targetUserId, 'active');
  const actorIsAdmin = actor.roleKeys.includes('admin');
  if (target.roleKeys.includes('admin') && !actorIsAdmin) {
    throw new HttpError(403, 'ACCOUNT_ABOVE_YOURS');
  }
  const beyond = beyondHolder(actor.permissions, target.permissions);
  if (beyond.length > 0) throw new HttpError(403, 'ACCOUNT_ABOVE_YOURS', { permissions: beyond });
}
