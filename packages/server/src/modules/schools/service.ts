import { and, eq } from 'drizzle-orm';
import type { School, UpdateSchoolRequest } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { files, schools } from '../../db/schema.js';
import { writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { toE164 } from '../../lib/phone.js';
import { schoolSettings } from '../auth/service.js';

type SchoolRow = typeof schools.$inferSelect;

function describeSchool(row: SchoolRow): School {
  return {
    id: row.id,
    code: row.code,
    nameKm: row.nameKm,
    nameEn: row.nameEn,
    logoFileId: row.logoFileId,
    settings: schoolSettings(row),
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
  const { phone, attendanceSessions, ...rest } = changes;
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
 * Renames the school, sets its logo or changes its settings (sign-up, address and phone, grade
 * bands, attendance, results, setup): only the settings sent change.
 */
export async function updateSchool(
  db: Db,
  actor: Actor,
  input: UpdateSchoolRequest,
): Promise<School> {
  if (input.logoFileId) {
    const [file] = await db
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          eq(files.schoolId, actor.schoolId),
          eq(files.id, input.logoFileId),
          eq(files.purpose, 'logo'),
        ),
      );
    if (!file) throw new HttpError(400, 'VALIDATION_ERROR', { logoFileId: ['NOT_FOUND'] });
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(schools)
      .where(eq(schools.id, actor.schoolId))
      .for('update');
    if (!before) throw new HttpError(404, 'NOT_FOUND');
    const settings = input.settings ? mergeSettings(before, input.settings) : undefined;
    const changes = {
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
    return describeSchool(after);
  });
}
