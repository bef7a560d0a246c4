import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type {
  AcademicYear,
  CreateAcademicYearRequest,
  TermInput,
  UpdateAcademicYearRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { academicYears, classes, terms } from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  definedOnly,
  lockVersioned,
  translateConstraints,
  updateVersioned,
} from '../../lib/records.js';

type YearRow = typeof academicYears.$inferSelect;
type TermRow = typeof terms.$inferSelect;

export const yearUniques = {
  academic_years_school_name_key: { code: 'NAME_EXISTS', field: 'name' },
  // Two writers making different years current at once: the second is told to reload.
  academic_years_current_key: { code: 'VERSION_CONFLICT' },
} as const;

/** Years as the screens see them: with their terms in order and how many classes they have. */
async function describe(tx: Tx, schoolId: string, rows: YearRow[]): Promise<AcademicYear[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One query at a time: inside a transaction they share one connection.
  const termRows = await tx
    .select()
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), inArray(terms.yearId, ids)))
    .orderBy(asc(terms.number));
  const classCounts = await tx
    .select({ yearId: classes.yearId, n: count() })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), inArray(classes.yearId, ids)))
    .groupBy(classes.yearId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    isCurrent: row.isCurrent,
    terms: termRows
      .filter((term) => term.yearId === row.id)
      .map((term) => ({
        id: term.id,
        number: term.number,
        nameKm: term.nameKm,
        nameEn: term.nameEn,
        months: term.months,
        examMonth: term.examMonth,
      })),
    classCount: classCounts.find((c) => c.yearId === row.id)?.n ?? 0,
    version: row.version,
  }));
}

export async function getAcademicYear(tx: Tx, schoolId: string, id: string): Promise<AcademicYear> {
  const [row] = await tx
    .select()
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.id, id)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return (await describe(tx, schoolId, [row]))[0]!;
}

/** Every year of the school, the newest first. */
export async function listAcademicYears(db: Db, schoolId: string): Promise<AcademicYear[]> {
  const rows = await db
    .select()
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(desc(academicYears.startDate), asc(academicYears.id));
  return describe(db, schoolId, rows);
}

/**
 * Makes no year of the school current but `keep` (done before another becomes current: only
 * one may be). The year that stops being current gets a new version, as any edit does, and an
 * audit row unless the caller's own row tells it (the rollover's summary).
 */
export async function unsetCurrentYear(
  tx: Tx,
  actor: Actor,
  keep?: string,
  { audit = true }: { audit?: boolean } = {},
): Promise<string[]> {
  const changed = await tx
    .update(academicYears)
    .set({ isCurrent: false, version: sql`${academicYears.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(academicYears.schoolId, actor.schoolId),
        eq(academicYears.isCurrent, true),
        keep ? sql`${academicYears.id} <> ${keep}` : undefined,
      ),
    )
    .returning({ id: academicYears.id });
  for (const row of audit ? changed : []) {
    await writeAudit(tx, actor, {
      action: 'academic_year.update',
      entity: 'academic_year',
      entityId: row.id,
      before: { isCurrent: true },
      after: { isCurrent: false },
    });
  }
  return changed.map((row) => row.id);
}

/**
 * Replaces a year's terms with the ones given, keeping the rows (and their ids) of the term
 * numbers that stay, so whatever refers to a term keeps pointing at it.
 */
export async function replaceTerms(
  tx: Tx,
  schoolId: string,
  yearId: string,
  wanted: TermInput[],
): Promise<TermRow[]> {
  const numbers = wanted.map((term) => term.number);
  await tx
    .delete(terms)
    .where(
      and(
        eq(terms.yearId, yearId),
        numbers.length > 0 ? notInArray(terms.number, numbers) : undefined,
      ),
    );
  if (wanted.length === 0) return [];
  return tx
    .insert(terms)
    .values(
      wanted.map((term) => ({
        schoolId,
        yearId,
        number: term.number,
        nameKm: term.nameKm ?? '',
        nameEn: term.nameEn ?? '',
        months: term.months,
        examMonth: term.examMonth,
      })),
    )
    .onConflictDoUpdate({
      target: [terms.yearId, terms.number],
      set: {
        nameKm: sql`excluded.name_km`,
        nameEn: sql`excluded.name_en`,
        months: sql`excluded.months`,
        examMonth: sql`excluded.exam_month`,
      },
    })
    .returning();
}

export async function createAcademicYear(
  db: Db,
  actor: Actor,
  input: CreateAcademicYearRequest,
): Promise<AcademicYear> {
  return db.transaction(async (tx) => {
    if (input.isCurrent) await unsetCurrentYear(tx, actor);
    const [row] = await translateConstraints(
      () =>
        tx
          .insert(academicYears)
          .values({
            schoolId: actor.schoolId,
            name: input.name,
            startDate: input.startDate,
            endDate: input.endDate,
            isCurrent: input.isCurrent ?? false,
          })
          .returning(),
      yearUniques,
    );
    const created = await replaceTerms(tx, actor.schoolId, row!.id, input.terms ?? []);
    await writeAudit(tx, actor, {
      action: 'academic_year.create',
      entity: 'academic_year',
      entityId: row!.id,
      after: { ...row, terms: created },
    });
    return getAcademicYear(tx, actor.schoolId, row!.id);
  });
}

export async function updateAcademicYear(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateAcademicYearRequest,
): Promise<AcademicYear> {
  return db.transaction(async (tx) => {
    const { version, terms: newTerms, ...changes } = input;
    // Checked first, so another school's year is a 404 and a stale version changes nothing.
    const current = await lockVersioned(tx, academicYears, actor.schoolId, id, version);
    if ((changes.startDate ?? current.startDate) >= (changes.endDate ?? current.endDate)) {
      throw new HttpError(400, 'INVALID_DATE_RANGE', { endDate: ['INVALID_DATE_RANGE'] });
    }
    const beforeTerms = await tx.select().from(terms).where(eq(terms.yearId, id));
    if (changes.isCurrent) await unsetCurrentYear(tx, actor, id);
    const { before, after } = await translateConstraints(
      () => updateVersioned(tx, academicYears, actor.schoolId, id, version, definedOnly(changes)),
      yearUniques,
    );
    const afterTerms = newTerms
      ? await replaceTerms(tx, actor.schoolId, id, newTerms)
      : beforeTerms;
    await writeAudit(tx, actor, {
      action: 'academic_year.update',
      entity: 'academic_year',
      entityId: id,
      before: { ...before, terms: beforeTerms },
      after: { ...after, terms: afterTerms },
    });
    return getAcademicYear(tx, actor.schoolId, id);
  });
}

/** Deletes a year that has no classes (its terms go with it). */
export async function deleteAcademicYear(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVersioned(tx, academicYears, actor.schoolId, id, version);
    const [used] = await tx.select({ n: count() }).from(classes).where(eq(classes.yearId, id));
    if ((used?.n ?? 0) > 0) throw new HttpError(409, 'YEAR_IN_USE');
    const beforeTerms = await tx.select().from(terms).where(eq(terms.yearId, id));
    await translateConstraints(
      () => tx.delete(academicYears).where(eq(academicYears.id, id)),
      {},
      'YEAR_IN_USE',
    );
    await writeAudit(tx, actor, {
      action: 'academic_year.delete',
      entity: 'academic_year',
      entityId: id,
      before: { ...row, terms: beforeTerms },
    });
  });
}
