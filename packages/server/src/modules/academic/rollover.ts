import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RolloverRequest, RolloverResponse } from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  enrollments,
  gradeLevels,
  students,
  terms,
} from '../../db/schema.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { translateConstraints } from '../../lib/records.js';
import { classNames } from '../classes/names.js';
import { getAcademicYear, replaceTerms, unsetCurrentYear, yearUniques } from './service.js';

type ClassRow = typeof classes.$inferSelect;
type EndReason = NonNullable<(typeof enrollments.$inferSelect)['endReason']>;
type LeaveReason = 'graduated' | 'transferred' | 'dropped_out';

/** Runs a bulk write over ids a chunk at a time (a statement takes at most 65,535 values). */
async function inChunks<T>(items: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += 1000) await write(items.slice(i, i + 1000));
}

/**
 * Next year from this one, in one transaction: the year and its terms (same months), each class
 * one grade up (same section, homeroom teacher and room), and each student of the old year in
 * their new class from the new year's first day. Repeaters stay in their grade (same section);
 * leavers and the last grade's students end their enrollment and their status says why.
 */
export async function rolloverYear(
  db: Db,
  actor: Actor,
  fromYearId: string,
  input: RolloverRequest,
): Promise<RolloverResponse> {
  return db.transaction(async (tx) => {
    const [from] = await tx
      .select()
      .from(academicYears)
      .where(and(eq(academicYears.schoolId, actor.schoolId), eq(academicYears.id, fromYearId)))
      .for('update');
    if (!from) throw new HttpError(404, 'NOT_FOUND');
    if (input.startDate <= from.startDate) {
      throw new HttpError(400, 'INVALID_DATE_RANGE', { startDate: ['INVALID_DATE_RANGE'] });
    }

    // The old classes already have successors: their students have moved on.
    const [rolledOver] = await tx
      .select({ id: classes.id })
      .from(classes)
      .where(
        sql`${classes.previousClassId} in (select ${classes.id} from ${classes} where ${classes.yearId} = ${from.id})`,
      )
      .limit(1);
    if (rolledOver) throw new HttpError(409, 'YEAR_ALREADY_ROLLED_OVER');

    const repeaters = new Set(input.repeaterIds ?? []);
    const leavers = new Map<string, LeaveReason>(
      (input.leavers ?? []).map((leaver) => [leaver.studentId, leaver.reason]),
    );
    if ([...leavers.keys()].some((id) => repeaters.has(id))) {
      throw new HttpError(400, 'VALIDATION_ERROR', { repeaterIds: ['INVALID_VALUE'] });
    }

    const open = await tx
      .select()
      .from(enrollments)
      .where(
        and(
          eq(enrollments.schoolId, actor.schoolId),
          eq(enrollments.yearId, from.id),
          isNull(enrollments.endDate),
        ),
      )
      .for('update');
    const enrolled = new Set(open.map((e) => e.studentId));
    if ([...repeaters].some((id) => !enrolled.has(id))) {
      throw new HttpError(400, 'INVALID_REFERENCE', { repeaterIds: ['INVALID_REFERENCE'] });
    }
    if ([...leavers.keys()].some((id) => !enrolled.has(id))) {
      throw new HttpError(400, 'INVALID_REFERENCE', { leavers: ['INVALID_REFERENCE'] });
    }

    const makeCurrent = input.makeCurrent ?? true;
    // The rollover's one audit row says which year stopped being current.
    const noLongerCurrent = makeCurrent
      ? await unsetCurrentYear(tx, actor, undefined, { audit: false })
      : [];
    const [year] = await translateConstraints(
      () =>
        tx
          .insert(academicYears)
          .values({
            schoolId: actor.schoolId,
            name: input.name,
            startDate: input.startDate,
            endDate: input.endDate,
            isCurrent: makeCurrent,
          })
          .returning(),
      yearUniques,
    );
    const oldTerms = await tx
      .select()
      .from(terms)
      .where(eq(terms.yearId, from.id))
      .orderBy(asc(terms.number));
    await replaceTerms(tx, actor.schoolId, year!.id, oldTerms);

    const grades = await tx
      .select()
      .from(gradeLevels)
      .where(eq(gradeLevels.schoolId, actor.schoolId))
      .orderBy(asc(gradeLevels.number));
    const gradeById = new Map(grades.map((g) => [g.id, g]));
    /** The next grade up, or undefined for the last grade. */
    const nextGrade = (gradeId: string) => {
      const number = gradeById.get(gradeId)?.number ?? Infinity;
      return grades.find((g) => g.number > number);
    };

    const oldClasses = await tx
      .select()
      .from(classes)
      .where(and(eq(classes.schoolId, actor.schoolId), eq(classes.yearId, from.id)))
      .orderBy(asc(classes.id));
    const newClasses = new Map<string, ClassRow>();
    const keyOf = (gradeId: string, section: string) => `${gradeId}:${section.toLowerCase()}`;
    const createClass = async (
      values: Omit<typeof classes.$inferInsert, 'schoolId' | 'yearId'>,
    ) => {
      const [row] = await tx
        .insert(classes)
        .values({ ...values, schoolId: actor.schoolId, yearId: year!.id })
        .returning();
      newClasses.set(keyOf(row!.gradeLevelId, row!.section), row!);
      return row!;
    };

    /** The new class each old class's promoted students go to. */
    const promotedTo = new Map<string, ClassRow>();
    for (const old of oldClasses) {
      const next = nextGrade(old.gradeLevelId);
      if (!next || newClasses.has(keyOf(next.id, old.section))) continue;
      promotedTo.set(
        old.id,
        await createClass({
          gradeLevelId: next.id,
          section: old.section,
          ...classNames(next.number, old.section),
          homeroomEmployeeId: old.homeroomEmployeeId,
          room: old.room,
          session: old.session,
          capacity: old.capacity,
          previousClassId: old.id,
        }),
      );
    }
    const oldById = new Map(oldClasses.map((c) => [c.id, c]));
    /** The same grade's class of the same section next year, made for repeaters if needed. */
    const repeatedIn = async (old: ClassRow) => {
      const existing = newClasses.get(keyOf(old.gradeLevelId, old.section));
      if (existing) return existing;
      // A class promoted in full keeps its teacher and room in the next grade.
      const keepsItsPlace = !promotedTo.has(old.id);
      return createClass({
        gradeLevelId: old.gradeLevelId,
        section: old.section,
        ...classNames(gradeById.get(old.gradeLevelId)!.number, old.section),
        homeroomEmployeeId: keepsItsPlace ? old.homeroomEmployeeId : null,
        room: keepsItsPlace ? old.room : '',
        session: old.session,
        capacity: old.capacity,
        previousClassId: old.id,
      });
    };

    const ended = new Map<EndReason, string[]>();
    const end = (reason: EndReason, enrollmentId: string) =>
      ended.set(reason, [...(ended.get(reason) ?? []), enrollmentId]);
    const statusOf = new Map<LeaveReason, string[]>();
    const leave = (reason: LeaveReason, studentId: string) =>
      statusOf.set(reason, [...(statusOf.get(reason) ?? []), studentId]);
    const newEnrollments: (typeof enrollments.$inferInsert)[] = [];
    const enroll = (studentId: string, classId: string) =>
      newEnrollments.push({
        schoolId: actor.schoolId,
        studentId,
        yearId: year!.id,
        classId,
        startDate: input.startDate,
      });
    const counts = { promoted: 0, repeating: 0, leaving: 0, graduated: 0 };

    for (const enrollment of open) {
      const old = oldById.get(enrollment.classId)!;
      const leaving = leavers.get(enrollment.studentId);
      if (leaving) {
        end(leaving, enrollment.id);
        leave(leaving, enrollment.studentId);
        counts.leaving++;
      } else if (repeaters.has(enrollment.studentId)) {
        end('repeated', enrollment.id);
        enroll(enrollment.studentId, (await repeatedIn(old)).id);
        counts.repeating++;
      } else {
        const target =
          promotedTo.get(old.id) ??
          (nextGrade(old.gradeLevelId)
            ? newClasses.get(keyOf(nextGrade(old.gradeLevelId)!.id, old.section))
            : undefined);
        if (target) {
          end('promoted', enrollment.id);
          enroll(enrollment.studentId, target.id);
          counts.promoted++;
        } else {
          end('graduated', enrollment.id);
          leave('graduated', enrollment.studentId);
          counts.graduated++;
        }
      }
    }

    for (const [reason, ids] of ended) {
      await inChunks(ids, (chunk) =>
        tx
          .update(enrollments)
          .set({
            endDate: sql`greatest(${enrollments.startDate}, ${from.endDate}::date)`,
            endReason: reason,
          })
          .where(inArray(enrollments.id, chunk)),
      );
    }
    for (const [status, ids] of statusOf) {
      await inChunks(ids, (chunk) =>
        tx
          .update(students)
          .set({ status, version: sql`${students.version} + 1`, updatedAt: new Date() })
          .where(and(eq(students.schoolId, actor.schoolId), inArray(students.id, chunk))),
      );
    }
    await inChunks(newEnrollments, (chunk) => tx.insert(enrollments).values(chunk));

    const result = {
      classesCreated: newClasses.size,
      studentsPromoted: counts.promoted,
      studentsRepeating: counts.repeating,
      studentsLeaving: counts.leaving,
      studentsGraduated: counts.graduated,
    };
    await writeAudit(tx, actor, {
      action: 'academic_year.rollover',
      entity: 'academic_year',
      entityId: year!.id,
      before: { fromYearId: from.id, fromYearName: from.name, noLongerCurrent },
      after: {
        ...year,
        ...result,
        repeaterIds: [...repeaters],
        leavers: [...leavers].map(([studentId, reason]) => ({ studentId, reason })),
      },
    });
    return { year: await getAcademicYear(tx as Tx, actor.schoolId, year!.id), ...result };
  });
}
