import { and, eq } from 'drizzle-orm';
import { type employees, users } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { assertAdminRemains, assertCanManageAccount, type Grantor } from '../privileges/grants.js';

// Closing the account of a staff member who leaves.

export type EmployeeRow = typeof employees.$inferSelect;

/**
 * Someone no longer working keeps no way in: their linked account is disabled and signed out
 * everywhere, unless it is the caller's own or the school's last active administrator. An
 * account that holds more than the caller is not theirs to close (403 ACCOUNT_ABOVE_YOURS).
 */
export async function closeAccountOf(
  tx: Tx,
  actor: Actor,
  grantor: Grantor,
  row: EmployeeRow,
): Promise<void> {
  if (row.workingStatus === 'working' || !row.userId) return;
  const [before] = await tx
    .select()
    .from(users)
    .where(and(eq(users.schoolId, actor.schoolId), eq(users.id, row.userId)));
  if (!before || before.status === 'disabled') return;
  if (before.id === actor.userId) throw new HttpError(409, 'CANNOT_DISABLE_SELF');
  await assertCanManageAccount(tx, grantor, before.id);
  const [after] = await tx
    .update(users)
    .set({ status: 'disabled', updatedAt: new Date() })
    .where(eq(users.id, before.id))
    .returning();
  await revokeUserSessions(tx, actor.schoolId, before.id);
  await assertAdminRemains(tx, actor.schoolId);
  await writeAudit(tx, actor, {
    action: 'user.disable',
    entity: 'user',
    entityId: before.id,
    before,
    after,
  });
}
