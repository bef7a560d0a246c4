import { and, eq } from 'drizzle-orm';
import type { School, UpdateSchoolRequest } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { files, schools } from '../../db/schema.js';
import { writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
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

export async function getSchool(db: Db, schoolId: string): Promise<School> {
  const [row] = await db.select().from(schools).where(eq(schools.id, schoolId));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return describeSchool(row);
}

/** Renames the school, sets its logo or changes its settings (e.g. self sign-up). */
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
    const [before] = await tx.select().from(schools).where(eq(schools.id, actor.schoolId));
    if (!before) throw new HttpError(404, 'NOT_FOUND');
    const [after] = await tx
      .update(schools)
      .set({
        ...(input.nameKm !== undefined ? { nameKm: input.nameKm } : {}),
        ...(input.nameEn !== undefined ? { nameEn: input.nameEn } : {}),
        ...(input.logoFileId !== undefined ? { logoFileId: input.logoFileId } : {}),
        ...(input.settings ? { settings: { ...before.settings, ...input.settings } } : {}),
      })
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
