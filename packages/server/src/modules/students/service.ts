import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  LEARNER_LIST_MAX,
  type EndEnrollmentRequest,
  type Enrollment,
  type EnrollRequest,
  type Student,
  type StudentDetailResponse,
  type StudentListQuery,
  type StudentListResponse,
  type StudentStatus,
  type UpdateStudentRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { academicYears, classes, enrollments, students } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  constraintOf,
  currentYearId,
  definedOnly,
  lockVersioned,
  translateConstraints,
  updateVersioned,
} from '../../lib/records.js';
import { dayBefore, schoolToday } from '../../lib/schoolTime.js';
import type { FileStorage } from '../../lib/storage.js';
import { attachPhoto, transactionReleasingFiles } from '../files/attachments.js';
import {
  type StudentRow,
  type CreateStudentInput,
  type Language,
  studentUniques,
  phoneCountryOf,
  guardianPhone,
  codePrefix,
  lockCodeGeneration,
  nextCodes,
  selectStudents,
  allStudents,
  studentValues,
} from './records.js';

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

export async function createStudent(
  db: Db,
  actor: Actor,
  input: CreateStudentInput,
): Promise<StudentDetailResponse> {
  return db.transaction(async (tx) => {
    const country = await phoneCountryOf(tx, actor.schoolId);
    const values = studentValues(input, country);
    await attachPhoto(tx, actor.schoolId, input.photoFileId, 'photoFileId');
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

/** Changes a student's details; the photo a new one replaces (or that is taken off) is removed. */
export async function updateStudent(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateStudentRequest,
  storage: FileStorage,
): Promise<StudentDetailResponse> {
  return transactionReleasingFiles(db, storage, async (tx, release) => {
    const { version, ...changes } = input;
    const country = await phoneCountryOf(tx, actor.schoolId);
    await attachPhoto(tx, actor.schoolId, changes.photoFileId, 'photoFileId');
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
    if (after.photoFileId !== before.photoFileId) await release(actor, [before.photoFileId]);
    return getStudent(tx, actor.schoolId, id);
  });
}

/**
 * Deletes a student who was never enrolled, and their photo; a student with a history changes
 * status instead.
 */
export async function deleteStudent(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
  storage: FileStorage,
): Promise<void> {
  await transactionReleasingFiles(db, storage, async (tx, release) => {
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
    await release(actor, [row.photoFileId]);
  });
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
