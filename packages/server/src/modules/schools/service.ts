import { eq } from 'drizzle-orm';
import type { School, UpdateSchoolRequest } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { schools } from '../../db/schema.js';
import { writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { toE164 } from '../../lib/phone.js';
import type { FileStorage } from '../../lib/storage.js';
import { schoolSettings } from '../auth/sessions.js';
import { attachFile, transactionReleasingFiles } from '../files/attachments.js';

type SchoolRow = typeof schools.$inferSelect;

function describeSchool(row: SchoolRow): School {
  return {
    id: row.id,
    code: row.code,
    nameKm: row.nameKm,
    nameEn: row.nameEn,
    logoFileId: row.logoFileId,
    settings: { ...schoolSettings(row), studentOrder: row.studentOrder },
  };
}

/**
 * The settings after a change: the phone stored as E.164 (read with the school's default
 * country, the new one when it changes too), the attendance shifts without repeats.
 */
function mergeSettings(
  school: SchoolRow,
  changes: NonNullable<UpdateSchoolRequest['settings']>,
): Record<string, unknown> {
  const { phone, attendanceSessions, studentOrder: _column, ...rest } = changes;
  const merged: Record<string, unknown> = { ...school.settings, ...rest };
  if (phone !== undefined) {
    if (phone === null || phone === '') {
      merged.phone = null;
    } else {
      const country = rest.defaultPhoneCountry ?? schoolSettings(school).defaultPhoneCountry;
      const e164 = toE164(phone, country);
      if (!e164) throw new HttpError(400, 'INVALID_PHONE', { 'settings.phone': ['INVALID_PHONE'] });
      merged.phone = e164;
    }
  }
  if (attendanceSessions) merged.attendanceSessions = [...new Set(attendanceSessions)];
  return merged;
}

export async function getSchool(db: Db, schoolId: string): Promise<School> {
  const [row] = await db.select().from(schools).where(eq(schools.id, schoolId));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return describeSchool(row);
}

/**
 * Renames the school, sets its logo (an image uploaded as one) or changes its settings (sign-up,
 * address and phone, grade bands, attendance, results, the order of students, setup): only the
 * settings sent change (the order of students is a column of its own, checked by the database). The
 * logo a new one replaces is removed.
 */
export async function updateSchool(
  db: Db,
  actor: Actor,
  input: UpdateSchoolRequest,
  storage: FileStorage,
): Promise<School> {
  return transactionReleasingFiles(db, storage, async (tx, release) => {
    const [before] = await tx
      .select()
      .from(schools)
      .where(eq(schools.id, actor.schoolId))
      .for('update');
    if (!before) throw new HttpError(404, 'NOT_FOUND');
    if (input.logoFileId && input.logoFileId !== before.logoFileId) {
      if (!(await attachFile(tx, actor.schoolId, input.logoFileId, { purpose: 'logo' }))) {
        throw new HttpError(400, 'VALIDATION_ERROR', { logoFileId: ['NOT_FOUND'] });
      }
    }
    const settings = input.settings ? mergeSettings(before, input.settings) : undefined;
    const studentOrder = input.settings?.studentOrder;
    const changes = {
      ...(studentOrder !== undefined ? { studentOrder } : {}),
      ...(input.nameKm !== undefined ? { nameKm: input.nameKm } : {}),
      ...(input.nameEn !== undefined ? { nameEn: input.nameEn } : {}),
      ...(input.logoFileId !== undefined ? { logoFileId: input.logoFileId } : {}),
      ...(settings ? { settings } : {}),
    };
    // Nothing sent, nothing changed: the school as it is, and no audit row.
    if (Object.keys(changes).length === 0) return describeSchool(before);
    const [after] = await tx
      .update(schools)
      .set(changes)
      .where(eq(schools.id, actor.schoolId))
      .returning();
    if (!after) throw new HttpError(404, 'NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'school.update',
      entity: 'school',
      entityId: actor.schoolId,
      before,
      after,
    });
    if (after.logoFileId !== before.logoFileId) await release(actor, [before.logoFileId]);
    return describeSchool(after);
  });
}
