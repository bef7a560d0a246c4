import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ErrorCode } from '@sala/contract';
import { academicYears } from '../db/schema.js';
import type { Tx } from './audit.js';
import { HttpError } from './http-errors.js';

/** A search pattern for `ilike`, its wildcards escaped. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name of the constraint a database error broke, if any (through Drizzle's wrapping). */
export function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, if any. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs a write and turns the constraint it breaks into the client's error: a unique index into
 * its code (409, on the field named), a foreign key into INVALID_REFERENCE or an in-use error.
 */
export async function translateConstraints<T>(
  write: () => Promise<T>,
  unique: Record<string, { code: ErrorCode; field?: string }> = {},
  inUse?: ErrorCode,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const state = sqlStateOf(error);
    const constraint = constraintOf(error) ?? '';
    if (state === '23505') {
      const known = unique[constraint];
      if (known) {
        throw new HttpError(
          409,
          known.code,
          known.field ? { [known.field]: [known.code] } : undefined,
        );
      }
      throw new HttpError(409, 'VALIDATION_ERROR');
    }
    if (state === '23503') throw new HttpError(409, inUse ?? 'INVALID_REFERENCE');
    if (state === '23514' || state === '22P02' || state === '22007' || state === '22008') {
      throw new HttpError(400, 'VALIDATION_ERROR');
    }
    throw error;
  }
}

/** Refuses ids that are not rows of the school in that table (400 INVALID_REFERENCE, field named). */
export async function assertInSchool(
  tx: Tx,
  table: PgTable & { id: AnyPgColumn; schoolId: AnyPgColumn },
  schoolId: string,
  ids: readonly (string | null | undefined)[],
  field: string,
): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return;
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.schoolId, schoolId), inArray(table.id, wanted)));
  if (found.length !== wanted.length) {
    throw new HttpError(400, 'INVALID_REFERENCE', { [field]: ['INVALID_REFERENCE'] });
  }
}

/**
 * Updates one versioned row of the school, only if it still has the version the client read:
 * 404 when it does not exist, 409 VERSION_CONFLICT when someone else changed it meanwhile.
 * Returns the row as it was before and after.
 */
export async function updateVersioned<
  T extends PgTable & {
    id: AnyPgColumn;
    schoolId: AnyPgColumn;
    version: AnyPgColumn;
  },
>(
  tx: Tx,
  table: T,
  schoolId: string,
  id: string,
  expectedVersion: number,
  values: Record<string, unknown>,
): Promise<{ before: T['$inferSelect']; after: T['$inferSelect'] }> {
  const where: SQL | undefined = and(eq(table.schoolId, schoolId), eq(table.id, id));
  const [before] = (await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for('update')) as T['$inferSelect'][];
  if (!before) throw new HttpError(404, 'NOT_FOUND');
  if ((before as { version: number }).version !== expectedVersion) {
    throw new HttpError(409, 'VERSION_CONFLICT');
  }
  const set: Record<string, unknown> = { ...values, version: sql`${table.version} + 1` };
  if ('updatedAt' in table) set.updatedAt = new Date();
  const [after] = (await tx
    .update(table as PgTable)
    .set(set)
    .where(where)
    .returning()) as T['$inferSelect'][];
  return { before, after: after! };
}

/** Checks a row exists with the version the client read before it is deleted. */
export async function lockVersioned<
  T extends PgTable & { id: AnyPgColumn; schoolId: AnyPgColumn; version: AnyPgColumn },
>(
  tx: Tx,
  table: T,
  schoolId: string,
  id: string,
  expectedVersion: number,
): Promise<T['$inferSelect']> {
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.schoolId, schoolId), eq(table.id, id)))
    .for('update')) as T['$inferSelect'][];
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  if ((row as { version: number }).version !== expectedVersion) {
    throw new HttpError(409, 'VERSION_CONFLICT');
  }
  return row;
}

/** The school's current academic year, or the latest when none is marked current. */
export async function currentYearId(tx: Tx, schoolId: string): Promise<string | null> {
  const [year] = await tx
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .orderBy(sql`${academicYears.isCurrent} desc`, sql`${academicYears.startDate} desc`)
    .limit(1);
  return year?.id ?? null;
}

/** Drops the keys whose value is undefined (a partial update sets only what it was given). */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/**
 * Awaits queries one after another. Drizzle's queries start only when awaited, so this is the
 * way to run several inside a transaction, which has one connection: `Promise.all` would send
 * them to it at once.
 */
export async function inTurn<T extends readonly unknown[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}
