import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Session, User } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { roles, sessions, userPermissions, userRoles, users } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { inTurn } from '../../lib/records.js';

// Reading an account and its devices, and the check that roles belong to the school: shared with
// the own-account and staff modules.

type UserRow = typeof users.$inferSelect;

/** Users as the management screens see them, with their roles and direct grants. */
export async function describeUsers(tx: Tx, schoolId: string, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((user) => user.id);
  const [held, granted] = await inTurn([
    tx
      .select({
        userId: userRoles.userId,
        id: roles.id,
        key: roles.key,
        nameKm: roles.nameKm,
        nameEn: roles.nameEn,
      })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.schoolId, schoolId), inArray(userRoles.userId, ids)))
      .orderBy(asc(roles.key)),
    tx
      .select({ userId: userPermissions.userId, permission: userPermissions.permission })
      .from(userPermissions)
      .where(and(eq(userPermissions.schoolId, schoolId), inArray(userPermissions.userId, ids))),
  ]);
  return rows.map((user) => ({
    id: user.id,
    username: user.username,
    nameKm: user.nameKm,
    nameEn: user.nameEn,
    email: user.email,
    phone: user.phone,
    gender: user.gender,
    locale: user.locale,
    avatarFileId: user.avatarFileId,
    status: user.status,
    mustChangePassword: user.mustChangePassword,
    roles: held
      .filter((role) => role.userId === user.id)
      .map(({ id, key, nameKm, nameEn }) => ({ id, key, nameKm, nameEn })),
    directPermissions: granted
      .filter((grant) => grant.userId === user.id)
      .map((grant) => grant.permission)
      .sort(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    version: user.version,
  }));
}

export async function userRow(tx: Tx, schoolId: string, userId: string): Promise<UserRow> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.id, userId)));
  if (!user) throw new HttpError(404, 'NOT_FOUND');
  return user;
}

export async function getUser(tx: Tx, schoolId: string, userId: string): Promise<User> {
  const [user] = await describeUsers(tx, schoolId, [await userRow(tx, schoolId, userId)]);
  if (!user) throw new HttpError(404, 'NOT_FOUND');
  return user;
}

/** Refuses a role id that is not one of the school's roles (400 naming `roleIds`). */
export async function assertRolesOfSchool(tx: Tx, schoolId: string, roleIds: string[]) {
  if (roleIds.length === 0) return;
  const found = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.schoolId, schoolId), inArray(roles.id, roleIds)));
  if (found.length !== new Set(roleIds).size) {
    throw new HttpError(400, 'VALIDATION_ERROR', { roleIds: ['NOT_FOUND'] });
  }
}

/** A user's open sessions, one per signed-in device, most recently used first. */
export async function listSessions(
  db: Tx,
  schoolId: string,
  userId: string,
  currentSessionId: string,
): Promise<Session[]> {
  await userRow(db, schoolId, userId);
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.schoolId, schoolId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((row) => ({
    id: row.id,
    deviceId: row.deviceId,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Signs one device out. */
export async function revokeSession(
  db: Db,
  actor: Actor,
  userId: string,
  sessionId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.schoolId, actor.schoolId),
          eq(sessions.userId, userId),
          eq(sessions.id, sessionId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning();
    if (!revoked) throw new HttpError(404, 'NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'session.revoke',
      entity: 'session',
      entityId: sessionId,
      before: { userId, deviceId: revoked.deviceId, userAgent: revoked.userAgent },
    });
  });
}
