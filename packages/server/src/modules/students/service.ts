import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LEARNER_LIST_MAX,
  type createStudentRequestSchema,
  type EndEnrollmentRequest,
  type Enrollment,
  type EnrollRequest,
  type Student,
  type StudentDetailResponse,
  type StudentExportQuery,
  type StudentListQuery,
  type StudentListResponse,
  type StudentStatus,
  type UpdateStudentRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  enrollments,
  files,
  gradeLevels,
  schools,
  students,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { toE164, type PhoneCountry } from '../../lib/phone.js';
import {
  assertInSchool,
  constraintOf,
  currentYearId,
  definedOnly,
  likePattern,
  lockVersioned,
  translateConstraints,
  updateVersioned,
} from '../../lib/records.js';
import { reachableClassIds } from '../../lib/scope.js';
import { cambodiaClock } from '../../lib/schoolTime.js';
import { schoolSettings } from '../auth/service.js';

export type StudentRow = typeof students.$inferSelect;
export type CreateStudentInput = z.output<typeof createStudentRequestSchema>;
type Language = 'en' | 'km';

export const studentUniques = {
  students_school_code_key: { code: 'CODE_EXISTS', field: 'code' },
} as const;

/** The school's default phone country: numbers typed without +855 are read with it. */
export async function phoneCountryOf(tx: Tx, schoolId: string): Promise<PhoneCountry> {
  const [school] = await tx.select().from(schools).where(eq(schools.id, schoolId));
  if (!school) throw new HttpError(404, 'NOT_FOUND');
  return schoolSettings(school).defaultPhoneCountry;
}

function guardianPhone(input: string | null | undefined, country: PhoneCountry) {
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
async function selectStudents(
  tx: Tx,
  options: ListOptions,
  query: Partial<StudentExportQuery>,
  page?: { limit: number; offset: number },
): Promise<{ items: Student[]; total: number }> {
  const { schoolId, language } = options;
  const yearId = await currentYearId(tx, schoolId);
  const pattern = query.search ? likePattern(query.search) : null;
  const digits = query.search?.replace(/\D/g, '') ?? '';
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

/** A page of the school's students (of the caller's classes at own or department scope). */
export async function listStudents(
  db: Db,
  principal: Principal,
  query: StudentListQuery,
  language: Language,
): Promise<StudentListResponse> {
  const { items, total } = await selectStudents(
    db,
    { schoolId: principal.schoolId, principal, language },
    query,
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { items, total, page: query.page, pageSize: query.pageSize };
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

export async function learnerList(
  db: Db,
  principal: Principal,
  query: { classId?: string | undefined; search?: string | undefined },
  language: Language,
): Promise<Student[]> {
  return allStudents(db, principal, query, language, LEARNER_LIST_MAX);
}

/** One student with their enrollment history, newest year first (404 when out of scope). */
export async function getStudent(
  tx: Tx,
  schoolId: string,
  id: string,
  principal: Principal | null = null,
): Promise<StudentDetailResponse> {
  const { items } = await selectStudents(tx, { schoolId, principal, language: 'en', id }, {});
  const student = items[0];
  if (!student) throw new HttpError(404, 'NOT_FOUND');
  const rows = await tx
    .select({
      enrollment: enrollments,
      yearName: academicYears.name,
      classNameKm: classes.nameKm,
      classNameEn: classes.nameEn,
    })
    .from(enrollments)
    .innerJoin(academicYears, eq(academicYears.id, enrollments.yearId))
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(and(eq(enrollments.schoolId, schoolId), eq(enrollments.studentId, id)))
    .orderBy(
      desc(academicYears.startDate),
      desc(enrollments.startDate),
      desc(enrollments.createdAt),
    );
  const history: Enrollment[] = rows.map(({ enrollment, ...row }) => ({
    id: enrollment.id,
    yearId: enrollment.yearId,
    yearName: row.yearName,
    schoolClass: { id: enrollment.classId, nameKm: row.classNameKm, nameEn: row.classNameEn },
    startDate: enrollment.startDate,
    endDate: enrollment.endDate,
    endReason: enrollment.endReason,
  }));
  return { student, enrollments: history };
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

export async function createStudent(
  db: Db,
  actor: Actor,
  input: CreateStudentInput,
): Promise<StudentDetailResponse> {
  return db.transaction(async (tx) => {
    const country = await phoneCountryOf(tx, actor.schoolId);
    const values = studentValues(input, country);
    await assertInSchool(tx, files, actor.schoolId, [input.photoFileId], 'photoFileId');
    if (!input.code) await lockCodeGeneration(tx, actor.schoolId);
    const prefix = input.code ? '' : await codePrefix(tx, actor.schoolId);
    let row: StudentRow | undefined;
    // A generated code may be taken by a concurrent create: take the next one and try again.
    for (let attempt = 0; !row; attempt++) {
      const code = input.code ?? (await nextCodes(tx, actor.schoolId, prefix, 1))[0]!;
      try {
        [row] = await tx.transaction((savepoint) =>
          savepoint
            .insert(students)
            .values({ schoolId: actor.schoolId, code, ...values })
            .returning(),
        );
      } catch (error) {
        const retry =
          !input.code && attempt < 10 && constraintOf(error) === 'students_school_code_key';
        if (!retry) await translateConstraints(() => Promise.reject(error), studentUniques);
      }
    }
    await writeAudit(tx, actor, {
      action: 'student.create',
      entity: 'student',
      entityId: row.id,
      after: row,
    });
    if (input.classId) {
      const yearId = await currentYearId(tx, actor.schoolId);
      const [target] = await tx
        .select({ yearId: classes.yearId })
        .from(classes)
        .where(and(eq(classes.schoolId, actor.schoolId), eq(classes.id, input.classId)));
      if (!target || target.yearId !== yearId) {
        throw new HttpError(400, 'INVALID_REFERENCE', { classId: ['INVALID_REFERENCE'] });
      }
      await enrol(tx, actor, row.id, {
        classId: input.classId,
        startDate: input.startDate,
        transfer: false,
      });
    }
    return getStudent(tx, actor.schoolId, row.id);
  });
}

export async function updateStudent(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateStudentRequest,
): Promise<StudentDetailResponse> {
  return db.transaction(async (tx) => {
    const { version, ...changes } = input;
    const country = await phoneCountryOf(tx, actor.schoolId);
    await assertInSchool(tx, files, actor.schoolId, [changes.photoFileId], 'photoFileId');
    const values = definedOnly({
      ...changes,
      guardianPhone: guardianPhone(changes.guardianPhone, country),
    });
    const { before, after } = await translateConstraints(
      () => updateVersioned(tx, students, actor.schoolId, id, version, values),
      studentUniques,
    );
    if (!after.nameKm.trim() && !after.nameEn.trim()) {
      throw new HttpError(400, 'NAME_REQUIRED', { nameEn: ['NAME_REQUIRED'] });
    }
    await writeAudit(tx, actor, {
      action: 'student.update',
      entity: 'student',
      entityId: id,
      before,
      after,
    });
    return getStudent(tx, actor.schoolId, id);
  });
}

/** Deletes a student who was never enrolled; a student with a history changes status instead. */
export async function deleteStudent(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVersioned(tx, students, actor.schoolId, id, version);
    const [history] = await tx
      .select({ n: count() })
      .from(enrollments)
      .where(eq(enrollments.studentId, id));
    if ((history?.n ?? 0) > 0) throw new HttpError(409, 'STUDENT_IN_USE');
    await translateConstraints(
      () => tx.delete(students).where(eq(students.id, id)),
      {},
      'STUDENT_IN_USE',
    );
    await writeAudit(tx, actor, {
      action: 'student.delete',
      entity: 'student',
      entityId: id,
      before: row,
    });
  });
}

/**
 * Today's date in Cambodia (UTC+7): what a school calls today, whatever the server's zone. From
 * the fixed offset (a new Intl.DateTimeFormat took ~0.1 ms on every call).
 */
export function schoolToday(): string {
  return cambodiaClock(new Date()).date;
}

export function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

const invalidDate = (field: string) =>
  new HttpError(400, 'INVALID_VALUE', { [field]: ['INVALID_VALUE'] });

/**
 * Puts a student in a class from a date. With `transfer`, the open enrollment of that year
 * ends the day before; the attendance and scores taken meanwhile keep naming the old class.
 */
async function enrol(
  tx: Tx,
  actor: Actor,
  studentId: string,
  input: { classId: string; startDate?: string | undefined; transfer: boolean },
): Promise<string> {
  // Locking the class makes concurrent enrollments count its seats one after the other.
  const [target] = await tx
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, actor.schoolId), eq(classes.id, input.classId)))
    .for('update');
  if (!target) throw new HttpError(400, 'INVALID_REFERENCE', { classId: ['INVALID_REFERENCE'] });
  const [year] = await tx.select().from(academicYears).where(eq(academicYears.id, target.yearId));
  const today = schoolToday();
  const startDate =
    input.startDate ??
    (today < year!.startDate ? year!.startDate : today > year!.endDate ? year!.endDate : today);
  if (startDate < year!.startDate || startDate > year!.endDate) throw invalidDate('startDate');

  const [open] = await tx
    .select()
    .from(enrollments)
    .where(
      and(
        eq(enrollments.studentId, studentId),
        eq(enrollments.yearId, target.yearId),
        isNull(enrollments.endDate),
      ),
    )
    .for('update');
  let ended: typeof enrollments.$inferSelect | undefined;
  if (open) {
    if (!input.transfer || open.classId === target.id) {
      throw new HttpError(409, 'ALREADY_ENROLLED');
    }
    if (open.startDate >= startDate) throw invalidDate('startDate');
    [ended] = await tx
      .update(enrollments)
      .set({ endDate: dayBefore(startDate), endReason: 'transferred' })
      .where(eq(enrollments.id, open.id))
      .returning();
  }
  if (target.capacity !== null) {
    const [seated] = await tx
      .select({ n: count() })
      .from(enrollments)
      .where(and(eq(enrollments.classId, target.id), isNull(enrollments.endDate)));
    if ((seated?.n ?? 0) >= target.capacity) throw new HttpError(409, 'CLASS_FULL');
  }
  const [created] = await tx
    .insert(enrollments)
    .values({
      schoolId: actor.schoolId,
      studentId,
      yearId: target.yearId,
      classId: target.id,
      startDate,
    })
    .returning();
  await writeAudit(tx, actor, {
    action: ended ? 'student.transfer' : 'student.enroll',
    entity: 'enrollment',
    entityId: created!.id,
    before: ended ?? null,
    after: created,
  });
  return target.yearId;
}

/** Enrols a student in a class (or transfers them to it mid-year). */
export async function enrolStudent(
  db: Db,
  actor: Actor,
  studentId: string,
  input: Required<EnrollRequest>,
): Promise<StudentDetailResponse> {
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select()
      .from(students)
      .where(and(eq(students.schoolId, actor.schoolId), eq(students.id, studentId)))
      .for('update');
    if (!student) throw new HttpError(404, 'NOT_FOUND');
    const yearId = await enrol(tx, actor, studentId, input);
    // Back in a class of this year: a student who had left is studying again.
    if (student.status !== 'studying' && yearId === (await currentYearId(tx, actor.schoolId))) {
      const { before, after } = await updateVersioned(
        tx,
        students,
        actor.schoolId,
        studentId,
        student.version,
        { status: 'studying' },
      );
      await writeAudit(tx, actor, {
        action: 'student.update',
        entity: 'student',
        entityId: studentId,
        before,
        after,
      });
    }
    return getStudent(tx, actor.schoolId, studentId);
  });
}

const statusAfter: Record<EndEnrollmentRequest['reason'], StudentStatus | null> = {
  left: null,
  dropped_out: 'dropped_out',
  transferred: 'transferred',
  graduated: 'graduated',
};

/** Ends a student's open enrollment of a year; the student's status follows the reason. */
export async function endEnrollment(
  db: Db,
  actor: Actor,
  studentId: string,
  input: EndEnrollmentRequest,
): Promise<StudentDetailResponse> {
  return db.transaction(async (tx) => {
    const [student] = await tx
      .select()
      .from(students)
      .where(and(eq(students.schoolId, actor.schoolId), eq(students.id, studentId)))
      .for('update');
    if (!student) throw new HttpError(404, 'NOT_FOUND');
    const [open] = await tx
      .select()
      .from(enrollments)
      .where(
        and(
          eq(enrollments.studentId, studentId),
          eq(enrollments.yearId, input.yearId),
          isNull(enrollments.endDate),
        ),
      )
      .for('update');
    if (!open) throw new HttpError(409, 'NOT_ENROLLED');
    if (input.endDate < open.startDate) throw invalidDate('endDate');
    const [ended] = await tx
      .update(enrollments)
      .set({ endDate: input.endDate, endReason: input.reason })
      .where(eq(enrollments.id, open.id))
      .returning();
    await writeAudit(tx, actor, {
      action: 'student.enrollment_end',
      entity: 'enrollment',
      entityId: open.id,
      before: open,
      after: ended,
    });
    const status = statusAfter[input.reason];
    if (status && status !== student.status) {
      const { before, after } = await updateVersioned(
        tx,
        students,
        actor.schoolId,
        studentId,
        student.version,
        { status },
      );
      await writeAudit(tx, actor, {
        action: 'student.update',
        entity: 'student',
        entityId: studentId,
        before,
        after,
      });
    }
    return getStudent(tx, actor.schoolId, studentId);
  });
}
