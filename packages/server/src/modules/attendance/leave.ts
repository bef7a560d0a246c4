import { and, asc, count, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type {
  CreateLeaveRequest,
  LeaveListQuery,
  LeaveListResponse,
  LeaveRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { classes, enrollments, leaveRequests, students, users } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { schoolToday } from '../../lib/schoolTime.js';
import { reachableClassIds } from '../../lib/scope.js';
import { attendanceReadActions } from './access.js';

/** The class a student is in on a day (their open enrollment when none covers the day). */
const classOnDay = (date: string) =>
  sql<
    string | null
  >`(select e.class_id from ${enrollments} e where e.student_id = ${students.id} and e.start_date <= ${date} and (e.end_date is null or e.end_date >= ${date}) order by e.start_date desc limit 1)`;

const leaveFields = (date: string) => ({
  id: leaveRequests.id,
  fromDate: leaveRequests.fromDate,
  toDate: leaveRequests.toDate,
  session: leaveRequests.session,
  reason: leaveRequests.reason,
  createdAt: leaveRequests.createdAt,
  student: {
    id: students.id,
    code: students.code,
    nameKm: students.nameKm,
    nameEn: students.nameEn,
  },
  classId: classOnDay(date),
  createdByName: sql<
    string | null
  >`(select coalesce(nullif(u.name_en, ''), nullif(u.name_km, ''), u.username) from ${users} u where u.id = ${leaveRequests.createdBy})`,
});

type LeaveRow = Awaited<ReturnType<typeof leaveRowsQuery>>[number];
const leaveRowsQuery = (db: Tx, date: string) =>
  db
    .select(leaveFields(date))
    .from(leaveRequests)
    .innerJoin(students, eq(students.id, leaveRequests.studentId));

async function toLeaves(db: Tx, rows: LeaveRow[]): Promise<LeaveRequest[]> {
  const classIds = [...new Set(rows.map((row) => row.classId).filter((id) => id !== null))];
  const named =
    classIds.length === 0
      ? []
      : await db
          .select({ id: classes.id, nameKm: classes.nameKm, nameEn: classes.nameEn })
          .from(classes)
          .where(inArray(classes.id, classIds as string[]));
  const classOf = new Map(named.map((row) => [row.id, row]));
  return rows.map(({ classId, createdByName, createdAt, ...row }) => ({
    ...row,
    schoolClass: classId ? (classOf.get(classId) ?? null) : null,
    createdBy: createdByName,
    createdAt: createdAt.toISOString(),
  }));
}

/** Leave from a day on (today by default), of the students the caller reads, soonest first. */
export async function listLeave(
  db: Db,
  principal: Principal,
  query: LeaveListQuery,
): Promise<LeaveListResponse> {
  const { schoolId } = principal;
  const from = query.from ?? schoolToday();
  const reach = await reachableClassIds(db, principal, attendanceReadActions);
  const inClasses = (ids: string[]) =>
    sql`${leaveRequests.studentId} in (select ${enrollments.studentId} from ${enrollments} where ${inArray(enrollments.classId, ids)})`;
  const where = and(
    eq(leaveRequests.schoolId, schoolId),
    gte(leaveRequests.toDate, from),
    query.studentId ? eq(leaveRequests.studentId, query.studentId) : undefined,
    query.classId ? inClasses([query.classId]) : undefined,
    reach === null ? undefined : reach.length === 0 ? sql`false` : inClasses(reach),
  );
  const [rows, [total]] = await Promise.all([
    leaveRowsQuery(db, from)
      .where(where)
      .orderBy(asc(leaveRequests.fromDate), asc(students.code))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(leaveRequests).where(where),
  ]);
  return {
    items: await toLeaves(db, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Refuses a leave change for a student the caller may not take attendance for: the office
 * (attendance.correct) for anyone; a teacher for the students of a class they take attendance in.
 */
async function assertMayRecordFor(
  tx: Tx,
  principal: Principal,
  studentId: string,
  date: string,
): Promise<void> {
  const reach = await recordReach(tx, principal);
  if (reach === null) return;
  const [row] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.studentId, studentId),
        reach.length === 0 ? sql`false` : inArray(enrollments.classId, reach),
        or(isNull(enrollments.endDate), gte(enrollments.endDate, date)),
      ),
    )
    .limit(1);
  if (!row) throw new HttpError(403, 'FORBIDDEN');
}

/** The classes the caller takes attendance in; refuses one who takes it in none. */
async function recordReach(tx: Tx, principal: Principal): Promise<string[] | null> {
  const reach = await reachableClassIds(tx, principal, ['attendance.record', 'attendance.correct']);
  if (reach !== null && reach.length === 0) throw new HttpError(403, 'FORBIDDEN');
  return reach;
}

async function getLeave(tx: Tx, schoolId: string, id: string): Promise<LeaveRequest> {
  const rows = await leaveRowsQuery(tx, schoolToday()).where(
    and(eq(leaveRequests.schoolId, schoolId), eq(leaveRequests.id, id)),
  );
  const [leave] = await toLeaves(tx, rows);
  if (!leave) throw new HttpError(404, 'NOT_FOUND');
  return leave;
}

/** Records a leave ahead: the student's sheets of those days start as Permission. */
export async function createLeave(
  db: Db,
  actor: Actor,
  principal: Principal,
  input: CreateLeaveRequest & { session: LeaveRequest['session'] },
): Promise<LeaveRequest> {
  return db.transaction(async (tx) => {
    const { schoolId } = principal;
    const [student] = await tx
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.id, input.studentId)));
    if (!student) {
      throw new HttpError(400, 'INVALID_REFERENCE', { studentId: ['INVALID_REFERENCE'] });
    }
    await assertMayRecordFor(tx, principal, student.id, input.fromDate);
    const [row] = await tx
      .insert(leaveRequests)
      .values({
        schoolId,
        studentId: student.id,
        fromDate: input.fromDate,
        toDate: input.toDate,
        session: input.session,
        reason: input.reason,
        createdBy: principal.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'leave_request.create',
      entity: 'leave_request',
      entityId: row!.id,
      after: row,
    });
    return getLeave(tx, schoolId, row!.id);
  });
}

/** Removes a leave (recorded by mistake, or cancelled). Sheets already saved keep their marks. */
export async function deleteLeave(
  db: Db,
  actor: Actor,
  principal: Principal,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await recordReach(tx, principal);
    const [row] = await tx
      .select()
      .from(leaveRequests)
      .where(and(eq(leaveRequests.schoolId, principal.schoolId), eq(leaveRequests.id, id)))
      .for('update');
    if (!row) throw new HttpError(404, 'NOT_FOUND');
    await assertMayRecordFor(tx, principal, row.studentId, row.fromDate);
    await tx.delete(leaveRequests).where(eq(leaveRequests.id, id));
    await writeAudit(tx, actor, {
      action: 'leave_request.delete',
      entity: 'leave_request',
      entityId: id,
      before: row,
    });
  });
}
