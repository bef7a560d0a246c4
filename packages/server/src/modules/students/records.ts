import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type createStudentRequestSchema,
  type Student,
  type StudentExportQuery,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  enrollments,
  gradeLevels,
  schools,
  students,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { toE164, type PhoneCountry } from '../../lib/phone.js';
import { currentYearId, likePattern } from '../../lib/records.js';
import { reachableClassIds } from '../../lib/scope.js';
import { schoolSettings } from '../auth/sessions.js';

// How a student's record is written: its values, its uniques and its codes; shared with the
// spreadsheet import.

export type StudentRow = typeof students.$inferSelect;

export type CreateStudentInput = z.output<typeof createStudentRequestSchema>;

export type Language = 'en' | 'km';

export const studentUniques = {
  students_school_code_key: { code: 'CODE_EXISTS', field: 'code' },
} as const;

/** The school's default phone country: numbers typed without +855 are read with it. */
export async function phoneCountryOf(tx: Tx, schoolId: string): Promise<PhoneCountry> {
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!school) throw new HttpError(404, 'NOT_FOUND');
  return schoolSettings(school).defaultPhoneCountry;
}

export function guardianPhone(input: string | null | undefined, country: PhoneCountry) {
  if (input === undefined || input === null) return input;
  const phone = toE164(input, country);
  if (!phone) throw new HttpError(400, 'INVALID_PHONE', { guardianPhone: ['INVALID_PHONE'] });
  return phone;
}

/** The first part of generated codes: S and the year the current academic year starts in. */
export async function codePrefix(tx: Tx, schoolId: string): Promise<string> {
  const yearId = await currentYearId(tx, schoolId);
  const [year] = yearId
    ? await tx
        .select({ startDate: academicYears.startDate })
        .from(academicYears)
        .where(eq(academicYears.id, yearId))
    : [];
  return `S${(year?.startDate ?? new Date().toISOString()).slice(0, 4)}`;
}

/**
 * Makes the school's writers of generated codes wait for each other until their transaction
 * ends, so two never pick the same next number (a code typed by hand may still collide: retried).
 */
export async function lockCodeGeneration(tx: Tx, schoolId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('students.code'), hashtext(${schoolId}))`,
  );
}

/** The next `n` free codes of a prefix: S2025-0001, S2025-0002, … after the highest one taken. */
export async function nextCodes(
  tx: Tx,
  schoolId: string,
  prefix: string,
  n: number,
): Promise<string[]> {
  const pattern = `^${prefix}-([0-9]{1,9})$`;
  const [row] = await tx
    .select({
      highest: sql<
        string | null
      >`max((substring(${students.code} from ${pattern}))::bigint)`.mapWith(String),
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), sql`${students.code} ~* ${pattern}`));
  const start = Number(row?.highest ?? 0) + 1;
  return Array.from({ length: n }, (_, i) => `${prefix}-${String(start + i).padStart(4, '0')}`);
}

/** The open enrollment of the current year, joined as the student's current class. */
function currentClassJoin(yearId: string | null): SQL {
  return yearId
    ? sql`${enrollments.studentId} = ${students.id} and ${enrollments.yearId} = ${yearId} and ${enrollments.endDate} is null`
    : sql`false`;
}

/** Which students a caller may see: at own or department scope, those in classes they reach. */
async function visibleStudents(
  tx: Tx,
  principal: Principal | null,
  yearId: string | null,
): Promise<SQL | undefined> {
  if (!principal) return undefined;
  const reachable = await reachableClassIds(tx, principal, 'students.read');
  if (reachable === null) return undefined;
  if (reachable.length === 0 || !yearId) return sql`false`;
  return sql`exists (select 1 from ${enrollments} e where e.student_id = ${students.id}
    and e.year_id = ${yearId} and e.end_date is null and e.class_id in ${reachable})`;
}

interface ListOptions {
  schoolId: string;
  /** Null: no scope applied (the caller manages every student). */
  principal: Principal | null;
  language: Language;
  id?: string;
}

/** The students matching a list query, sorted by class then name, with their current class. */
export async function selectStudents(
  tx: Tx,
  options: ListOptions,
  query: Partial<StudentExportQuery>,
  page?: { limit: number; offset: number },
): Promise<{ items: Student[]; total: number }> {
  const { schoolId, language } = options;
  const yearId = await currentYearId(tx, schoolId);
  const pattern = query.search ? likePattern(query.search) : null;
  // Only a search that reads as a phone number (digits, spaces, + - . ( )) looks at phones.
  const digits =
    query.search && /^[\d\s+\-.()]+$/.test(query.search) ? query.search.replace(/\D/g, '') : '';
  const where = and(
    eq(students.schoolId, schoolId),
    options.id ? eq(students.id, options.id) : undefined,
    query.status ? eq(students.status, query.status) : undefined,
    query.gender ? eq(students.gender, query.gender) : undefined,
    query.classId
      ? sql`exists (select 1 from ${enrollments} e where e.student_id = ${students.id}
          and e.class_id = ${query.classId} and e.end_date is null)`
      : undefined,
    pattern
      ? or(
          sql`${students.code} ilike ${pattern}`,
          sql`${students.nameKm} ilike ${pattern}`,
          sql`${students.nameEn} ilike ${pattern}`,
          sql`${students.guardianName} ilike ${pattern}`,
          // A phone typed as 012 345 678 finds +85512345678.
          digits.length >= 3
            ? sql`${students.guardianPhone} like ${`%${digits.replace(/^0/, '')}%`}`
            : undefined,
        )
      : undefined,
    await visibleStudents(tx, options.principal, yearId),
  );
  const [first, second] =
    language === 'km' ? [students.nameKm, students.nameEn] : [students.nameEn, students.nameKm];
  const base = tx
    .select({
      student: students,
      classId: classes.id,
      classNameKm: classes.nameKm,
      classNameEn: classes.nameEn,
      // Every match, counted by the same scan as the page.
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(students)
    .leftJoin(enrollments, currentClassJoin(yearId))
    .leftJoin(classes, eq(classes.id, enrollments.classId))
    .leftJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .where(where)
    .orderBy(
      sql`${gradeLevels.number} asc nulls last`,
      sql`lower(${classes.section}) asc nulls last`,
      sql`nullif(${first}, '') asc nulls last`,
      sql`nullif(${second}, '') asc nulls last`,
      asc(students.code),
    );
  const rows = await (page ? base.limit(page.limit).offset(page.offset) : base);
  // A page past the last one holds no row to carry the count: count on its own.
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page && page.offset > 0) {
    const [counted] = await tx.select({ n: count() }).from(students).where(where);
    total = counted?.n ?? 0;
  }
  return {
    items: rows.map((row) => ({
      ...studentOf(row.student),
      currentClass: row.classId
        ? { id: row.classId, nameKm: row.classNameKm ?? '', nameEn: row.classNameEn ?? '' }
        : null,
    })),
    total,
  };
}

function studentOf(row: StudentRow): Student {
  return {
    id: row.id,
    code: row.code,
    nameKm: row.nameKm,
    nameEn: row.nameEn,
    gender: row.gender,
    birthDate: row.birthDate,
    birthPlace: row.birthPlace,
    photoFileId: row.photoFileId,
    address: row.address,
    guardianName: row.guardianName,
    guardianPhone: row.guardianPhone,
    guardianRelation: row.guardianRelation,
    status: row.status,
    currentClass: null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every matching student, for the export and the spec's learner list (at most `limit`). */
export async function allStudents(
  db: Db,
  principal: Principal,
  query: StudentExportQuery,
  language: Language,
  limit?: number,
): Promise<Student[]> {
  const options = { schoolId: principal.schoolId, principal, language };
  const page = limit ? { limit, offset: 0 } : undefined;
  return (await selectStudents(db, options, query, page)).items;
}

/** A student's row as written: defaults filled, the guardian's phone as E.164. */
export function studentValues(
  input: Omit<CreateStudentInput, 'classId' | 'startDate' | 'code'>,
  country: PhoneCountry,
) {
  return {
    nameKm: input.nameKm,
    nameEn: input.nameEn,
    gender: input.gender,
    birthDate: input.birthDate,
    birthPlace: input.birthPlace,
    photoFileId: input.photoFileId,
    address: input.address,
    guardianName: input.guardianName,
    guardianPhone: guardianPhone(input.guardianPhone, country) ?? null,
    guardianRelation: input.guardianRelation,
    status: input.status,
  };
}
