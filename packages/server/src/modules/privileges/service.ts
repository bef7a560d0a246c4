import crypto from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  builtInRoleKeys,
  builtInRoles,
  type CreateRoleRequest,
  type Role,
  type UpdateRoleRequest,
} from '@sala/contract';
import { rolePermissions, roles, userRoles } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-errors.js';
import { inTurn } from '../../lib/records.js';
import { type Grantor, beyondHolder } from './grants.js';

/**
 * Gives a school the built-in roles it lacks (admin, office, head of department, teacher,
 * viewer) with their default permissions. Roles a school has already edited are left alone.
 */
export async function ensureBuiltInRoles(tx: Tx, schoolId: string): Promise<Map<string, string>> {
  const existing = await tx
    .select({ id: roles.id, key: roles.key })
    .from(roles)
    .where(eq(roles.schoolId, schoolId));
  const ids = new Map(existing.map((role) => [role.key, role.id]));
  for (const key of builtInRoleKeys) {
    if (ids.has(key)) continue;
    const definition = builtInRoles[key];
    const [created] = await tx
      .insert(roles)
      .values({
        schoolId,
        key,
        nameKm: definition.name.km,
        nameEn: definition.name.en,
        tags: definition.tags,
        system: key === 'admin',
      })
      .returning({ id: roles.id });
    if (!created) throw new Error(`could not create the ${key} role`);
    ids.set(key, created.id);
    await tx
      .insert(rolePermissions)
      .values(
        definition.permissions.map((permission) => ({ schoolId, roleId: created.id, permission })),
      );
  }
  return ids;
}

type RoleRow = typeof roles.$inferSelect;

async function describeRoles(tx: Tx, schoolId: string, rows: RoleRow[]): Promise<Role[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((role) => role.id);
  const [granted, holders] = await inTurn([
    tx
      .select({ roleId: rolePermissions.roleId, permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.schoolId, schoolId), inArray(rolePermissions.roleId, ids))),
    tx
      .select({ roleId: userRoles.roleId, n: count() })
      .from(userRoles)
      .where(and(eq(userRoles.schoolId, schoolId), inArray(userRoles.roleId, ids)))
      .groupBy(userRoles.roleId),
  ]);
  const systemPermissions = [...builtInRoles.admin.permissions];
  return rows.map((role) => ({
    id: role.id,
    key: role.key,
    nameKm: role.nameKm,
    nameEn: role.nameEn,
    tags: role.tags,
    system: role.system,
    permissions: role.system
      ? systemPermissions.sort()
      : granted
          .filter((g) => g.roleId === role.id)
          .map((g) => g.permission)
          .sort(),
    userCount: holders.find((h) => h.roleId === role.id)?.n ?? 0,
  }));
}

export async function listRoles(tx: Tx, schoolId: string): Promise<Role[]> {
  const rows = await tx
    .select()
    .from(roles)
    .where(eq(roles.schoolId, schoolId))
    .orderBy(sql`${roles.system} desc`, asc(roles.createdAt), asc(roles.key));
  return describeRoles(tx, schoolId, rows);
}

export async function getRole(tx: Tx, schoolId: string, roleId: string): Promise<Role> {
  const rows = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.schoolId, schoolId), eq(roles.id, roleId)));
  const [role] = await describeRoles(tx, schoolId, rows);
  if (!role) throw new HttpError(404, 'NOT_FOUND');
  return role;
}

/** A key for a new role from its English name, unique enough to be readable. */
function roleKey(input: { nameEn: string }): string {
  const slug = input.nameEn
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return `${slug || 'role'}_${crypto.randomBytes(3).toString('hex')}`;
}

export async function createRole(db: Tx, actor: Actor, input: CreateRoleRequest): Promise<Role> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({
          schoolId: actor.schoolId,
          key: roleKey(input),
          nameKm: input.nameKm,
          nameEn: input.nameEn,
          tags: input.tags,
        })
        .returning();
      if (!created) throw new Error('could not create the role');
      const permissions = [...new Set(input.permissions)];
      if (permissions.length > 0) {
        await tx.insert(rolePermissions).values(
          permissions.map((permission) => ({
            schoolId: actor.schoolId,
            roleId: created.id,
            permission,
          })),
        );
      }
      const role = await getRole(tx, actor.schoolId, created.id);
      await writeAudit(tx, actor, {
        action: 'role.create',
        entity: 'role',
        entityId: created.id,
        after: role,
      });
      return role;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'ROLE_EXISTS');
    throw error;
  }
}

export async function updateRole(
  db: Tx,
  actor: Actor,
  roleId: string,
  input: UpdateRoleRequest,
): Promise<Role> {
  return db.transaction(async (tx) => {
    const before = await getRole(tx, actor.schoolId, roleId);
    if (before.system) throw new HttpError(409, 'ROLE_PROTECTED');
    const names = {
      ...(input.nameKm !== undefined ? { nameKm: input.nameKm } : {}),
      ...(input.nameEn !== undefined ? { nameEn: input.nameEn } : {}),
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
    };
    if ((names.nameKm ?? before.nameKm) === '' && (names.nameEn ?? before.nameEn) === '') {
      throw new HttpError(400, 'VALIDATION_ERROR', { nameEn: ['NAME_REQUIRED'] });
    }
    if (Object.keys(names).length > 0) {
      await tx
        .update(roles)
        .set(names)
        .where(and(eq(roles.schoolId, actor.schoolId), eq(roles.id, roleId)));
    }
    if (input.permissions) {
      await tx
        .delete(rolePermissions)
        .where(
          and(eq(rolePermissions.schoolId, actor.schoolId), eq(rolePermissions.roleId, roleId)),
        );
      const permissions = [...new Set(input.permissions)];
      if (permissions.length > 0) {
        await tx
          .insert(rolePermissions)
          .values(
            permissions.map((permission) => ({ schoolId: actor.schoolId, roleId, permission })),
          );
      }
    }
    const after = await getRole(tx, actor.schoolId, roleId);
    await writeAudit(tx, actor, {
      action: 'role.update',
      entity: 'role',
      entityId: roleId,
      before,
      after,
    });
    return after;
  });
}

export async function deleteRole(db: Tx, actor: Actor, roleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getRole(tx, actor.schoolId, roleId);
    if (before.system) throw new HttpError(409, 'ROLE_PROTECTED');
    if (before.userCount > 0) throw new HttpError(409, 'ROLE_IN_USE');
    await tx.delete(roles).where(and(eq(roles.schoolId, actor.schoolId), eq(roles.id, roleId)));
    await writeAudit(tx, actor, {
      action: 'role.delete',
      entity: 'role',
      entityId: roleId,
      before,
    });
  });
}

/**
 * Nobody edits or deletes a role that holds more than they do: the change reaches every holder
 * of the role, so it is an act on each of them (see `assertCanManageAccount`).
 */
export async function assertCanManageRole(tx: Tx, actor: Grantor, roleId: string): Promise<void> {
  const held = await tx
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.schoolId, actor.schoolId), eq(rolePermissions.roleId, roleId)));
  const beyond = beyondHolder(
    actor.permissions,
    held.map((row) => row.permission),
  );
  if (beyond.length > 0) throw new HttpError(403, 'ROLE_ABOVE_YOURS', { permissions: beyond });
}
