import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isSidebarRoute, type SidebarEntry, type SidebarLayout } from '@sala/contract';
import { roles, sidebarLayouts } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';

type LayoutRow = typeof sidebarLayouts.$inferSelect;

/** A stored layout as the API answers it; entries of menu routes that no longer exist are left out. */
function describe(row: LayoutRow): SidebarLayout {
  return {
    roleId: row.roleId,
    entries: row.entries.filter((entry): entry is SidebarEntry => isSidebarRoute(entry.route)),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The saved layouts of the school, in the order of the roles' list: every one, or those of the
 * roles a user holds (by role key).
 */
export async function listLayouts(
  tx: Tx,
  schoolId: string,
  roleKeys?: readonly string[],
): Promise<SidebarLayout[]> {
  if (roleKeys?.length === 0) return [];
  const rows = await tx
    .select({ layout: sidebarLayouts })
    .from(sidebarLayouts)
    .innerJoin(roles, eq(roles.id, sidebarLayouts.roleId))
    .where(
      and(
        eq(sidebarLayouts.schoolId, schoolId),
        roleKeys ? inArray(roles.key, [...roleKeys]) : undefined,
      ),
    )
    .orderBy(sql`${roles.system} desc`, asc(roles.createdAt), asc(roles.key));
  return rows.map((row) => describe(row.layout));
}

async function assertRoleOfSchool(tx: Tx, schoolId: string, roleId: string): Promise<void> {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.schoolId, schoolId), eq(roles.id, roleId)));
  if (!role) throw new HttpError(404, 'NOT_FOUND');
}

async function findLayout(tx: Tx, schoolId: string, roleId: string) {
  const [row] = await tx
    .select()
    .from(sidebarLayouts)
    .where(and(eq(sidebarLayouts.schoolId, schoolId), eq(sidebarLayouts.roleId, roleId)));
  return row;
}

/** Saves a role's menu (order and hidden entries), replacing the one it had. */
export async function saveLayout(
  db: Tx,
  actor: Actor,
  roleId: string,
  entries: SidebarEntry[],
): Promise<SidebarLayout> {
  return db.transaction(async (tx) => {
    await assertRoleOfSchool(tx, actor.schoolId, roleId);
    const before = await findLayout(tx, actor.schoolId, roleId);
    const values = { entries, updatedAt: new Date(), updatedBy: actor.userId };
    const [row] = await tx
      .insert(sidebarLayouts)
      .values({ roleId, schoolId: actor.schoolId, ...values })
      .onConflictDoUpdate({ target: sidebarLayouts.roleId, set: values })
      .returning();
    if (!row) throw new Error('could not save the sidebar layout');
    const after = describe(row);
    await writeAudit(tx, actor, {
      action: 'sidebar.update',
      entity: 'sidebar_layout',
      entityId: roleId,
      before: before ? describe(before) : null,
      after,
    });
    return after;
  });
}

/** Puts a role back on the default menu; answers whether it had a layout of its own. */
export async function resetLayout(db: Tx, actor: Actor, roleId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await assertRoleOfSchool(tx, actor.schoolId, roleId);
    const before = await findLayout(tx, actor.schoolId, roleId);
    if (!before) return false;
    await tx
      .delete(sidebarLayouts)
      .where(and(eq(sidebarLayouts.schoolId, actor.schoolId), eq(sidebarLayouts.roleId, roleId)));
    await writeAudit(tx, actor, {
      action: 'sidebar.reset',
      entity: 'sidebar_layout',
      entityId: roleId,
      before: describe(before),
    });
    return true;
  });
}
