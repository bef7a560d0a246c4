import { and, eq } from 'drizzle-orm';
import type { ReportComment, SaveReportCommentRequest } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { classes, enrollments, reportComments, terms } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { updateVersioned } from '../../lib/records.js';
import { assertClassReachable } from '../../lib/scope.js';
import { cardReadActions, mayComment } from './cards.js';

type CommentRow = typeof reportComments.$inferSelect;

const toComment = (row: CommentRow): ReportComment => ({
  classId: row.classId,
  studentId: row.studentId,
  period: row.period,
  comment: row.comment,
  version: row.version,
  updatedAt: row.updatedAt.toISOString(),
});

/** Refuses a period key the class's year has no such month or term for. */
async function assertPeriodOfYear(db: Db, schoolId: string, yearId: string, period: string) {
  if (period === 'y') return;
  const yearTerms = await db
    .select({ number: terms.number, months: terms.months })
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.yearId, yearId)));
  const value = Number(period.slice(1));
  const known = period.startsWith('m')
    ? yearTerms.some((term) => term.months.includes(value))
    : yearTerms.some((term) => term.number === value);
  if (!known) throw new HttpError(400, 'INVALID_VALUE', { period: ['INVALID_VALUE'] });
}

/**
 * Writes the homeroom comment of a student's card for a period (an empty text clears it). Only
 * the class's homeroom teacher, or whoever may print the whole school's reports, writes it; the
 * student must have been in the class. `version`, when given, must be the one read (409
 * VERSION_CONFLICT otherwise). Audited.
 */
export async function saveComment(
  db: Db,
  actor: Actor,
  principal: Principal,
  input: SaveReportCommentRequest,
): Promise<ReportComment> {
  await assertClassReachable(db, principal, cardReadActions, input.classId);
  const [schoolClass] = await db
    .select({ yearId: classes.yearId, homeroom: classes.homeroomEmployeeId })
    .from(classes)
    .where(and(eq(classes.id, input.classId), eq(classes.schoolId, principal.schoolId)));
  if (!schoolClass) throw new HttpError(404, 'NOT_FOUND');
  if (!(await mayComment(db, principal, schoolClass.homeroom))) {
    throw new HttpError(403, 'FORBIDDEN');
  }
  await assertPeriodOfYear(db, principal.schoolId, schoolClass.yearId, input.period);
  const [place] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.schoolId, principal.schoolId),
        eq(enrollments.classId, input.classId),
        eq(enrollments.studentId, input.studentId),
      ),
    )
    .limit(1);
  if (!place) {
    throw new HttpError(400, 'STUDENT_NOT_IN_CLASS', { studentId: ['STUDENT_NOT_IN_CLASS'] });
  }

  return db.transaction(async (tx) => {
    const key = and(
      eq(reportComments.classId, input.classId),
      eq(reportComments.studentId, input.studentId),
      eq(reportComments.period, input.period),
    );
    const [current] = await tx.select().from(reportComments).where(key).for('update');
    if (!current) {
      if (input.version !== undefined) throw new HttpError(409, 'VERSION_CONFLICT');
      const [created] = await tx
        .insert(reportComments)
        .values({
          schoolId: principal.schoolId,
          classId: input.classId,
          studentId: input.studentId,
          period: input.period,
          comment: input.comment,
          updatedBy: actor.userId,
        })
        .onConflictDoNothing()
        .returning();
      // Someone wrote the first comment at the same moment: theirs stands.
      if (!created) throw new HttpError(409, 'VERSION_CONFLICT');
      await writeAudit(tx, actor, {
        action: 'report_comment.create',
        entity: 'report_comment',
        entityId: created.id,
        after: created,
      });
      return toComment(created);
    }
    if (input.version !== undefined && input.version !== current.version) {
      throw new HttpError(409, 'VERSION_CONFLICT');
    }
    if (current.comment === input.comment) return toComment(current);
    // Without a version the writer overwrites whatever is there: the version just read is the one.
    const { after: updated } = await updateVersioned(
      tx,
      reportComments,
      principal.schoolId,
      current.id,
      current.version,
      { comment: input.comment, updatedBy: actor.userId },
    );
    await writeAudit(tx, actor, {
      action: 'report_comment.update',
      entity: 'report_comment',
      entityId: current.id,
      before: current,
      after: updated,
    });
    return toComment(updated!);
  });
}
