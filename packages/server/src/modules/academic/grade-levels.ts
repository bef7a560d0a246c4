import { and, asc, count, eq } from 'drizzle-orm';
import type { CreateGradeLevelRequest, GradeLevel, UpdateGradeLevelRequest } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { classes, gradeLevels, subjectGradeLevels } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  definedOnly,
  lockVersioned,
  translateConstraints,
  updateVersioned,
} from '../../lib/records.js';

type GradeLevelRow = typeof gradeLevels.$inferSelect;
const uniques = {
  grade_levels_school_number_key: { code: 'GRADE_LEVEL_EXISTS', field: 'number' },
} as const;

function describe(row: GradeLevelRow): GradeLevel {
  return {
    id: row.id,
    number: row.number,
    nameKm: row.nameKm,
    nameEn: row.nameEn,
    maxScore: row.maxScore,
    divisor: row.divisor,
    version: row.version,
  };
}

export async function getGradeLevel(tx: Tx, schoolId: string, id: string): Promise<GradeLevel> {
  const [row] = await tx
    .select()
    .from(gradeLevels)
    .where(and(eq(gradeLevels.schoolId, schoolId), eq(gradeLevels.id, id)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return describe(row);
}

/** The school's grade levels, by number. */
export async function listGradeLevels(db: Db, schoolId: string): Promise<GradeLevel[]> {
  const rows = await db
    .select()
    .from(gradeLevels)
    .where(eq(gradeLevels.schoolId, schoolId))
    .orderBy(asc(gradeLevels.number));
  return rows.map(describe);
}

export async function createGradeLevel(
  db: Db,
  actor: Actor,
  input: CreateGradeLevelRequest,
): Promise<GradeLevel> {
  return db.transaction(async (tx) => {
    const [row] = await translateConstraints(
      () =>
        tx
          .insert(gradeLevels)
          .values({
            schoolId: actor.schoolId,
            number: input.number,
            nameKm: input.nameKm ?? '',
            nameEn: input.nameEn ?? '',
            maxScore: input.maxScore,
            divisor: input.divisor ?? null,
          })
          .returning(),
      uniques,
    );
    await writeAudit(tx, actor, {
      action: 'grade_level.create',
      entity: 'grade_level',
      entityId: row!.id,
      after: row,
    });
    return describe(row!);
  });
}

export async function updateGradeLevel(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateGradeLevelRequest,
): Promise<GradeLevel> {
  return db.transaction(async (tx) => {
    const { version, ...changes } = input;
    const { before, after } = await translateConstraints(
      () => updateVersioned(tx, gradeLevels, actor.schoolId, id, version, definedOnly(changes)),
      uniques,
    );
    if (!after.nameKm.trim() && !after.nameEn.trim()) {
      throw new HttpError(400, 'NAME_REQUIRED', { nameEn: ['NAME_REQUIRED'] });
    }
    await writeAudit(tx, actor, {
      action: 'grade_level.update',
      entity: 'grade_level',
      entityId: id,
      before,
      after,
    });
    return describe(after);
  });
}

/** Deletes a grade level that no class and no subject uses. */
export async function deleteGradeLevel(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVersioned(tx, gradeLevels, actor.schoolId, id, version);
    // One query at a time: a transaction is one connection.
    const [inClasses] = await tx
      .select({ n: count() })
      .from(classes)
      .where(eq(classes.gradeLevelId, id));
    const [inSubjects] = await tx
      .select({ n: count() })
      .from(subjectGradeLevels)
      .where(eq(subjectGradeLevels.gradeLevelId, id));
    if ((inClasses?.n ?? 0) > 0 || (inSubjects?.n ?? 0) > 0) {
      throw new HttpError(409, 'GRADE_LEVEL_IN_USE');
    }
    await translateConstraints(
      () => tx.delete(gradeLevels).where(eq(gradeLevels.id, id)),
      {},
      'GRADE_LEVEL_IN_USE',
    );
    await writeAudit(tx, actor, {
      action: 'grade_level.delete',
      entity: 'grade_level',
      entityId: id,
      before: row,
    });
  });
}
