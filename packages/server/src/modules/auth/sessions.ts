import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  builtInRoles,
  schoolSettingsSchema,
  type AccessTokenClaims,
  type SessionUser,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  rolePermissions,
  roles,
  schools,
  sessions,
  userPermissions,
  userRoles,
  users,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { type Tx } from '../../lib/audit.js';

// Sessions and what a signed-in caller holds: read by the access check and by every module that
// signs a user out.

export type School = typeof schools.$inferSelect;

export function schoolSettings(school: Pick<School, 'settings'>) {
  return schoolSettingsSchema.parse(school.settings ?? {});
}

/** Rows of a raw statement, the same on PGlite and node-postgres. */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type UserRow = typeof users.$inferSelect;

/** Revokes every open session of a user, but `keep` (the caller's own, on a password change). */
export async function revokeUserSessions(
  tx: Tx,
  schoolId: string,
  userId: string,
  keep?: string,
): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.schoolId, schoolId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Every permission the admin (system) role holds: each action at its widest scope. */
const systemPermissions = builtInRoles.admin.permissions;

export const noGrants = {
  roleKeys: [] as string[],
  roleTags: [] as string[],
  permissions: [] as string[],
};

/**
 * A user's roles (keys and tags) and permissions, through their roles and direct grants, in
 * one round trip. An account that is not active holds nothing.
 */
export async function loadGrants(
  db: Tx,
  schoolId: string,
  userId: string,
  status: UserRow['status'] = 'active',
) {
  if (status !== 'active') return noGrants;
  return grantsOf(await rowsOf<GrantRow>(db, grantRowsOf(schoolId, userId)));
}

/** The grant rows of a user: their roles, their roles' permissions and their own grants. */
export function grantRowsOf(schoolId: string, userId: string): SQL {
  return sql`
    select r.key, r.tags, r.system, null::text as permission
      from ${userRoles} ur join ${roles} r on r.id = ur.role_id
      where ur.school_id = ${schoolId} and ur.user_id = ${userId}
    union all
    select null, null, null, rp.permission
      from ${rolePermissions} rp join ${userRoles} ur on ur.role_id = rp.role_id
      where ur.school_id = ${schoolId} and ur.user_id = ${userId}
    union all
    select null, null, null, up.permission
      from ${userPermissions} up
      where up.school_id = ${schoolId} and up.user_id = ${userId}`;
}

/** A grant row: a role (key, tags, system) or a permission held. */
export interface GrantRow {
  key: string | null;
  tags: string[] | null;
  system: boolean | null;
  permission: string | null;
}

/** Roles and permissions from grant rows (the system role holds every permission). */
export function grantsOf(rows: readonly GrantRow[]) {
  const roleRows = rows.filter((row) => row.key !== null);
  const held = new Set(rows.flatMap((row) => (row.permission ? [row.permission] : [])));
  if (roleRows.some((role) => role.system)) for (const p of systemPermissions) held.add(p);
  return {
    roleKeys: roleRows.map((role) => role.key!).sort(),
    roleTags: [...new Set(roleRows.flatMap((role) => role.tags ?? []))].sort(),
    permissions: [...held].sort(),
  };
}

/**
 * The caller behind an access token: its session must be open and its account not disabled.
 * A pending account is signed in but holds nothing until an administrator approves it.
 */
export async function loadPrincipal(
  db: Db,
  claims: AccessTokenClaims,
): Promise<Principal | undefined> {
  // One round trip on every signed-in request: the session and its account, with the account's
  // grant rows when it is active (the same rows as loadGrants), or one row without them.
  const rows = await rowsOf<
    GrantRow & {
      status: UserRow['status'];
      must_change_password: boolean;
      revoked: boolean;
      expires_ms: number;
    }
  >(
    db,
    sql`
    select u.status, u.must_change_password, s.revoked_at is not null as revoked,
           (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
           g.key, g.tags, g.system, g.permission
    from ${sessions} s
    join ${users} u on u.id = s.user_id and u.school_id = ${claims.sid}
    left join lateral (
      select r.key, r.tags, r.system, null::text as permission
        from ${userRoles} ur join ${roles} r on r.id = ur.role_id
        where ur.school_id = ${claims.sid} and ur.user_id = ${claims.sub}
      union all
      select null, null, null, rp.permission
        from ${rolePermissions} rp join ${userRoles} ur on ur.role_id = rp.role_id
        where ur.school_id = ${claims.sid} and ur.user_id = ${claims.sub}
      union all
      select null, null, null, up.permission
        from ${userPermissions} up
        where up.school_id = ${claims.sid} and up.user_id = ${claims.sub}
    ) g on u.status = 'active'
    where s.id = ${claims.sess} and s.school_id = ${claims.sid} and s.user_id = ${claims.sub}`,
  );
  const row = rows[0];
  if (!row || row.revoked || Number(row.expires_ms) <= Date.now()) return undefined;
  if (row.status === 'disabled') return undefined;
  const grants = row.status === 'active' ? grantsOf(rows) : noGrants;
  return {
    userId: claims.sub,
    schoolId: claims.sid,
    sessionId: claims.sess,
    status: row.status,
    mustChangePassword: row.must_change_password,
    ...grants,
  };
}

/**
 * The signed-in user as the client sees it, scoped to their school. `principal`: the caller as
 * the access hook loaded them in this request, whose grants are used instead of reading them
 * again (when the account's status is still the one they were loaded for).
 */
export async function loadSessionUser(
  db: Tx,
  schoolId: string,
  userId: string,
  principal?: Pick<Principal, 'status' | 'roleKeys' | 'roleTags' | 'permissions'>,
): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: users, school: schools })
    .from(users)
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.schoolId, schoolId), eq(users.id, userId)));
  if (!row) return undefined;
  const grants =
    principal && principal.status === row.user.status
      ? {
          roleKeys: principal.roleKeys,
          roleTags: principal.roleTags,
          permissions: principal.permissions,
        }
      : await loadGrants(db, schoolId, userId, row.user.status);
  return describeSessionUser(row.user, row.school, grants);
}

export function describeSessionUser(
  user: UserRow,
  school: School,
  grants: Awaited<ReturnType<typeof loadGrants>>,
): SessionUser {
  return {
    id: user.id,
    username: user.username,
    nameKm: user.nameKm,
    nameEn: user.nameEn,
    email: user.email,
    phone: user.phone,
    locale: user.locale,
    digits: user.digits,
    gender: user.gender,
    avatarFileId: user.avatarFileId,
    status: user.status,
    mustChangePassword: user.mustChangePassword,
    school: {
      id: school.id,
      code: school.code,
      nameKm: school.nameKm,
      nameEn: school.nameEn,
      logoFileId: school.logoFileId,
    },
    roles: grants.roleKeys,
    roleTags: grants.roleTags,
    permissions: grants.permissions,
  };
}
