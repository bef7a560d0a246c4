import { and, asc, count, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type {
  CreateUserRequest,
  UpdateUserRequest,
  User,
  UserListQuery,
  UserListResponse,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { schools, userPermissions, userRoles, users } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-errors.js';
import { lockVersioned } from '../../lib/records.js';
import { assertPasswordAcceptable } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import { toE164 } from '../../lib/phone.js';
import { revokeUserSessions, schoolSettings } from '../auth/sessions.js';
import { assertAdminRemains } from '../privileges/grants.js';
import { describeUsers, userRow, getUser, assertRolesOfSchool } from './accounts.js';

/**
 * Claims an edit of an account: refused (409 VERSION_CONFLICT) unless the account is still at the
 * version the editor read, then bumped, so a second editor working from the same version is told.
 */
async function claimEdit(tx: Tx, schoolId: string, userId: string, version: number) {
  await lockVersioned(tx, users, schoolId, userId, version);
  await tx
    .update(users)
    .set({ version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(and(eq(users.schoolId, schoolId), eq(users.id, userId)));
}

/** A page of the school's users, searched and filtered, sorted by name. */
export async function listUsers(
  db: Db,
  schoolId: string,
  query: UserListQuery,
): Promise<UserListResponse> {
  const conditions: (SQL | undefined)[] = [eq(users.schoolId, schoolId)];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.role) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, query.role))),
      ),
    );
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        sql`${users.username} ilike ${pattern}`,
        sql`${users.nameKm} ilike ${pattern}`,
        sql`${users.nameEn} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
        sql`${users.phone} ilike ${pattern}`,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`lower(coalesce(nullif(${users.nameEn}, ''), ${users.username}))`, asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    items: await describeUsers(db, schoolId, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function schoolContext(tx: Tx, schoolId: string) {
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!school) throw new HttpError(404, 'NOT_FOUND');
  return { code: school.code, phoneCountry: schoolSettings(school).defaultPhoneCountry };
}

function normalisePhone(input: string | null | undefined, country: Parameters<typeof toE164>[1]) {
  if (input === undefined) return undefined;
  if (input === null) return null;
  const phone = toE164(input, country);
  if (!phone) throw new HttpError(400, 'INVALID_PHONE', { phone: ['INVALID_PHONE'] });
  return phone;
}

/** Which of username, email and phone another account of the school already uses. */
async function assertUnique(
  tx: Tx,
  schoolId: string,
  values: { username?: string; email?: string | null; phone?: string | null },
  exceptUserId?: string,
) {
  const taken: Record<string, string[]> = {};
  const others = await tx
    .select({ username: users.username, email: users.email, phone: users.phone, id: users.id })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        or(
          values.username ? sql`lower(${users.username}) = lower(${values.username})` : undefined,
          values.email ? sql`lower(${users.email}) = lower(${values.email})` : undefined,
          values.phone ? eq(users.phone, values.phone) : undefined,
          sql`false`,
        ),
      ),
    );
  for (const other of others) {
    if (other.id === exceptUserId) continue;
    if (values.username && other.username.toLowerCase() === values.username.toLowerCase())
      taken.username = ['ACCOUNT_EXISTS'];
    if (values.email && other.email?.toLowerCase() === values.email.toLowerCase())
      taken.email = ['ACCOUNT_EXISTS'];
    if (values.phone && other.phone === values.phone) taken.phone = ['ACCOUNT_EXISTS'];
  }
  if (Object.keys(taken).length > 0) throw new HttpError(409, 'ACCOUNT_EXISTS', taken);
}

function uniqueViolationAsConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new HttpError(409, 'ACCOUNT_EXISTS');
  throw error;
}

/** An administrator creates an account with a temporary password the user must change. */
export async function createUser(db: Db, actor: Actor, input: CreateUserRequest): Promise<User> {
  const context = await schoolContext(db, actor.schoolId);
  assertPasswordAcceptable(input.password, 'password', {
    username: input.username,
    schoolCode: context.code,
    email: input.email,
  });
  const phone = normalisePhone(input.phone, context.phoneCountry) ?? null;
  const email = input.email?.toLowerCase() ?? null;
  const passwordHash = await hashPassword(input.password);
  return db
    .transaction(async (tx) => {
      await assertUnique(tx, actor.schoolId, { username: input.username, email, phone });
      await assertRolesOfSchool(tx, actor.schoolId, input.roleIds);
      const [created] = await tx
        .insert(users)
        .values({
          schoolId: actor.schoolId,
          username: input.username,
          email,
          phone,
          nameKm: input.nameKm,
          nameEn: input.nameEn,
          gender: input.gender ?? null,
          locale: input.locale,
          status: 'active',
          passwordHash,
          mustChangePassword: true,
          passwordChangedAt: new Date(),
        })
        .returning();
      if (!created) throw new Error('could not create the user');
      const roleIds = [...new Set(input.roleIds)];
      if (roleIds.length > 0) {
        await tx
          .insert(userRoles)
          .values(
            roleIds.map((roleId) => ({ schoolId: actor.schoolId, userId: created.id, roleId })),
          );
      }
      const user = await getUser(tx, actor.schoolId, created.id);
      await writeAudit(tx, actor, {
        action: 'user.create',
        entity: 'user',
        entityId: user.id,
        after: user,
      });
      return user;
    })
    .catch(uniqueViolationAsConflict);
}

export async function updateUser(
  db: Db,
  actor: Actor,
  userId: string,
  input: UpdateUserRequest,
): Promise<User> {
  const context = await schoolContext(db, actor.schoolId);
  const phone = normalisePhone(input.phone, context.phoneCountry);
  const email = input.email === undefined ? undefined : (input.email?.toLowerCase() ?? null);
  return db
    .transaction(async (tx) => {
      const before = await getUser(tx, actor.schoolId, userId);
      await claimEdit(tx, actor.schoolId, userId, input.version);
      await assertUnique(tx, actor.schoolId, { username: input.username, email, phone }, userId);
      const changes = {
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.nameKm !== undefined ? { nameKm: input.nameKm } : {}),
        ...(input.nameEn !== undefined ? { nameEn: input.nameEn } : {}),
        ...(email !== undefined ? { email } : {}),
        ...(phone !== undefined ? { phone } : {}),
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        ...(input.locale !== undefined ? { locale: input.locale } : {}),
      };
      if (Object.keys(changes).length === 0) return getUser(tx, actor.schoolId, userId);
      await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, userId)));
      const after = await getUser(tx, actor.schoolId, userId);
      await writeAudit(tx, actor, {
        action: 'user.update',
        entity: 'user',
        entityId: userId,
        before,
        after,
      });
      return after;
    })
    .catch(uniqueViolationAsConflict);
}

/** Approves a pending account, or disables or enables one; disabling signs it out everywhere. */
export async function setUserStatus(
  db: Db,
  actor: Actor,
  userId: string,
  status: 'active' | 'disabled',
): Promise<User> {
  if (status === 'disabled' && userId === actor.userId)
    throw new HttpError(409, 'CANNOT_DISABLE_SELF');
  return db.transaction(async (tx) => {
    const before = await getUser(tx, actor.schoolId, userId);
    if (before.status === status) return before;
    await tx
      .update(users)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, userId)));
    if (status === 'disabled') {
      await revokeUserSessions(tx, actor.schoolId, userId);
      await assertAdminRemains(tx, actor.schoolId);
    }
    const after = await getUser(tx, actor.schoolId, userId);
    const action =
      before.status === 'pending'
        ? 'user.approve'
        : status === 'disabled'
          ? 'user.disable'
          : 'user.enable';
    await writeAudit(tx, actor, { action, entity: 'user', entityId: userId, before, after });
    return after;
  });
}

/** An administrator sets a temporary password; the user must change it and is signed out. */
export async function resetPassword(
  db: Db,
  actor: Actor,
  userId: string,
  temporaryPassword: string,
): Promise<User> {
  const context = await schoolContext(db, actor.schoolId);
  const target = await userRow(db, actor.schoolId, userId);
  assertPasswordAcceptable(temporaryPassword, 'temporaryPassword', {
    username: target.username,
    schoolCode: context.code,
    email: target.email,
  });
  const passwordHash = await hashPassword(temporaryPassword);
  return db.transaction(async (tx) => {
    const before = await getUser(tx, actor.schoolId, userId);
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: true,
        passwordChangedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, userId)));
    await revokeUserSessions(tx, actor.schoolId, userId);
    const after = await getUser(tx, actor.schoolId, userId);
    await writeAudit(tx, actor, {
      action: 'user.password_reset',
      entity: 'user',
      entityId: userId,
      before,
      after,
    });
    return after;
  });
}

export async function setUserRoles(
  db: Db,
  actor: Actor,
  userId: string,
  roleIds: string[],
  version: number,
): Promise<User> {
  return db.transaction(async (tx) => {
    const before = await getUser(tx, actor.schoolId, userId);
    await claimEdit(tx, actor.schoolId, userId, version);
    const wanted = [...new Set(roleIds)];
    await assertRolesOfSchool(tx, actor.schoolId, wanted);
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.schoolId, actor.schoolId), eq(userRoles.userId, userId)));
    if (wanted.length > 0) {
      await tx
        .insert(userRoles)
        .values(wanted.map((roleId) => ({ schoolId: actor.schoolId, userId, roleId })));
    }
    await assertAdminRemains(tx, actor.schoolId);
    const after = await getUser(tx, actor.schoolId, userId);
    await writeAudit(tx, actor, {
      action: 'user.roles',
      entity: 'user',
      entityId: userId,
      before,
      after,
    });
    return after;
  });
}

export async function setUserPermissions(
  db: Db,
  actor: Actor,
  userId: string,
  permissions: string[],
  version: number,
): Promise<User> {
  return db.transaction(async (tx) => {
    const before = await getUser(tx, actor.schoolId, userId);
    await claimEdit(tx, actor.schoolId, userId, version);
    const wanted = [...new Set(permissions)];
    await tx
      .delete(userPermissions)
      .where(and(eq(userPermissions.schoolId, actor.schoolId), eq(userPermissions.userId, userId)));
    if (wanted.length > 0) {
      await tx
        .insert(userPermissions)
        .values(wanted.map((permission) => ({ schoolId: actor.schoolId, userId, permission })));
    }
    const after = await getUser(tx, actor.schoolId, userId);
    await writeAudit(tx, actor, {
      action: 'user.permissions',
      entity: 'user',
      entityId: userId,
      before,
      after,
    });
    return after;
  });
}
