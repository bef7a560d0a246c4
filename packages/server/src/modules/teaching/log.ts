import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  scopeOf,
  type CreateTeachingLogRequest,
  type TeachingLogEntry,
  type TeachingLogListResponse,
  type TeachingLogQuery,
  type UpdateTeachingLogRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  employees,
  subjects,
  teachingAssignments,
  teachingLog,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { assertInSchool, definedOnly, updateVersioned } from '../../lib/records.js';
import { employeeOfUser } from '../../lib/scope.js';
import { assertTeachingManageable, classOfSchool, matches, type ClassRow } from './scope.js';

/** How long a teacher may take back a lesson they logged. */
export const OWN_DELETE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const entryFields = {
  id: teachingLog.id,
  date: teachingLog.date,
  teacher: { id: employees.id, nameKm: employees.nameKm, nameEn: employees.nameEn },
  schoolClass: { id: classes.id, nameKm: classes.nameKm, nameEn: classes.nameEn },
  subject: { id: subjects.id, nameKm: subjects.nameKm, nameEn: subjects.nameEn },
  hours: teachingLog.hours,
  content: teachingLog.content,
  createdAt: teachingLog.createdAt,
  version: teachingLog.version,
};

const toEntry = <T extends { createdAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Whose lessons the caller may read: everyone's at school scope; their department's staff at
 * department scope; their own otherwise.
 */
async function readableStaff(db: Tx, principal: Principal): Promise<SQL | undefined> {
  const scope = scopeOf(principal.permissions, 'teaching.read');
  if (!scope) throw new HttpError(403, 'FORBIDDEN');
  if (scope === 'school') return undefined;
  const me = await employeeOfUser(db, principal.schoolId, principal.userId);
  if (!me) return sql`false`;
  if (scope === 'department' && me.departmentId) {
    return sql`${teachingLog.employeeId} in (select ${employees.id} from ${employees} where ${employees.departmentId} = ${me.departmentId})`;
  }
  return eq(teachingLog.employeeId, me.id);
}

/** A page of the lessons taught the caller may read, newest first, with the hours of all of them. */
export async function listTeachingLog(
  db: Db,
  principal: Principal,
  query: TeachingLogQuery,
): Promise<TeachingLogListResponse> {
  const where = and(
    eq(teachingLog.schoolId, principal.schoolId),
    await readableStaff(db, principal),
    matches(teachingLog.employeeId, query.employeeId),
    matches(teachingLog.classId, query.classId),
    query.from ? gte(teachingLog.date, query.from) : undefined,
    query.to ? lte(teachingLog.date, query.to) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(entryFields)
      .from(teachingLog)
      .innerJoin(employees, eq(employees.id, teachingLog.employeeId))
      .innerJoin(classes, eq(classes.id, teachingLog.classId))
      .innerJoin(subjects, eq(subjects.id, teachingLog.subjectId))
      .where(where)
      .orderBy(desc(teachingLog.date), desc(teachingLog.createdAt), desc(teachingLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        n: count(),
        hours: sql<string>`coalesce(sum(${teachingLog.hours}), 0)`,
      })
      .from(teachingLog)
      .where(where),
  ]);
  return {
    items: rows.map(toEntry),
    total: totals?.n ?? 0,
    totalHours: Number(totals?.hours ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function getEntry(tx: Tx, schoolId: string, id: string): Promise<TeachingLogEntry> {
  const [row] = await tx
    .select(entryFields)
    .from(teachingLog)
    .innerJoin(employees, eq(employees.id, teachingLog.employeeId))
    .innerJoin(classes, eq(classes.id, teachingLog.classId))
    .innerJoin(subjects, eq(subjects.id, teachingLog.subjectId))
    .where(and(eq(teachingLog.schoolId, schoolId), eq(teachingLog.id, id)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return toEntry(row);
}

/** Refuses a lesson dated outside the academic year of its class (400 on `date`). */
async function assertDateInYear(tx: Tx, schoolClass: ClassRow, date: string): Promise<void> {
  const [year] = await tx
    .select({ startDate: academicYears.startDate, endDate: academicYears.endDate })
    .from(academicYears)
    .where(eq(academicYears.id, schoolClass.yearId));
  if (!year || date < year.startDate || date > year.endDate) {
    throw new HttpError(400, 'DATE_OUTSIDE_YEAR', { date: ['DATE_OUTSIDE_YEAR'] });
  }
}

/** Refuses a teacher's own lesson of a subject they are not assigned in the class. */
async function assertAssigned(
  tx: Tx,
  classId: string,
  subjectId: string,
  employeeId: string,
): Promise<void> {
  const [assigned] = await tx
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.classId, classId),
        eq(teachingAssignments.subjectId, subjectId),
        eq(teachingAssignments.employeeId, employeeId),
      ),
    );
  if (!assigned) throw new HttpError(403, 'NOT_ASSIGNED');
}

/**
 * Logs a lesson. Anyone logs their own lessons of a subject they are assigned in that class;
 * whoever manages teaching may log anyone's lesson in a class they manage (a substitution too).
 */
export async function createTeachingLogEntry(
  db: Db,
  actor: Actor,
  principal: Principal,
  input: CreateTeachingLogRequest,
): Promise<TeachingLogEntry> {
  return db.transaction(async (tx) => {
    const { schoolId } = actor;
    const me = await employeeOfUser(tx, schoolId, principal.userId);
    const employeeId = input.employeeId ?? me?.id;
    if (!employeeId) {
      throw new HttpError(400, 'NO_EMPLOYEE_RECORD', { employeeId: ['NO_EMPLOYEE_RECORD'] });
    }
    const schoolClass = await classOfSchool(tx, schoolId, input.classId);
    await assertInSchool(tx, subjects, schoolId, [input.subjectId], 'subjectId');
    await assertInSchool(tx, employees, schoolId, [employeeId], 'employeeId');
    // Whoever manages teaching logs the lessons of the staff they manage; anyone logs their own
    // lessons of a subject they are assigned (a head of department too).
    const manages = scopeOf(principal.permissions, 'teaching.manage');
    if (manages === 'school' || (manages && employeeId !== me?.id)) {
      await assertTeachingManageable(tx, principal, { employeeIds: [employeeId] });
    } else {
      if (employeeId !== me?.id) throw new HttpError(403, 'FORBIDDEN');
      await assertAssigned(tx, schoolClass.id, input.subjectId, employeeId);
    }
    await assertDateInYear(tx, schoolClass, input.date);
    const [row] = await tx
      .insert(teachingLog)
      .values({
        schoolId,
        employeeId,
        classId: schoolClass.id,
        subjectId: input.subjectId,
        date: input.date,
        hours: input.hours,
        content: input.content ?? '',
        createdBy: principal.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'teaching_log.create',
      entity: 'teaching_log',
      entityId: row!.id,
      after: row,
    });
    return getEntry(tx, schoolId, row!.id);
  });
}

type LogRow = typeof teachingLog.$inferSelect;

/**
 * Locks a logged lesson the client read at `version` and checks the caller may change it: a
 * teacher their own, within 7 days of logging it; whoever manages teaching, any lesson of a
 * class they manage. Returns the row and whether the caller changes it as its own teacher.
 */
async function lockLesson(
  tx: Tx,
  principal: Principal,
  id: string,
  version: number,
  now: Date,
): Promise<{ row: LogRow; asOwner: boolean }> {
  const [row] = await tx
    .select()
    .from(teachingLog)
    .where(and(eq(teachingLog.schoolId, principal.schoolId), eq(teachingLog.id, id)))
    .for('update');
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  const me = await employeeOfUser(tx, principal.schoolId, principal.userId);
  const own = me?.id === row.employeeId;
  const recent = now.getTime() - row.createdAt.getTime() <= OWN_DELETE_WINDOW_MS;
  if (!(own && recent)) {
    if (scopeOf(principal.permissions, 'teaching.manage')) {
      await assertTeachingManageable(tx, principal, { employeeIds: [row.employeeId] });
    } else if (own) {
      throw new HttpError(403, 'TEACHING_LOG_LOCKED');
    } else {
      const [readable] = await tx
        .select({ id: teachingLog.id })
        .from(teachingLog)
        .where(and(eq(teachingLog.id, id), await readableStaff(tx, principal)));
      throw readable ? new HttpError(403, 'FORBIDDEN') : new HttpError(404, 'NOT_FOUND');
    }
  }
  if (row.version !== version) throw new HttpError(409, 'VERSION_CONFLICT');
  return { row, asOwner: own && recent };
}

/**
 * Corrects a logged lesson, under the same rule as taking it off the log. A teacher moving
 * their lesson to another class or subject must teach it there; the date stays in the year.
 */
export async function updateTeachingLogEntry(
  db: Db,
  actor: Actor,
  principal: Principal,
  id: string,
  input: UpdateTeachingLogRequest,
  now: Date = new Date(),
): Promise<TeachingLogEntry> {
  return db.transaction(async (tx) => {
    const { schoolId } = actor;
    const { row: before, asOwner } = await lockLesson(tx, principal, id, input.version, now);
    const classId = input.classId ?? before.classId;
    const subjectId = input.subjectId ?? before.subjectId;
    const schoolClass = await classOfSchool(tx, schoolId, classId);
    if (input.subjectId !== undefined) {
      await assertInSchool(tx, subjects, schoolId, [input.subjectId], 'subjectId');
    }
    if (classId !== before.classId || subjectId !== before.subjectId) {
      if (scopeOf(principal.permissions, 'teaching.manage') && !asOwner) {
        await assertTeachingManageable(tx, principal, { employeeIds: [before.employeeId] });
      } else {
        await assertAssigned(tx, classId, subjectId, before.employeeId);
      }
    }
    await assertDateInYear(tx, schoolClass, input.date ?? before.date);
    const changes = definedOnly({
      classId: input.classId,
      subjectId: input.subjectId,
      date: input.date,
      hours: input.hours,
      content: input.content,
    });
    const { after } = await updateVersioned(tx, teachingLog, schoolId, id, input.version, changes);
    await writeAudit(tx, actor, {
      action: 'teaching_log.update',
      entity: 'teaching_log',
      entityId: id,
      before,
      after,
    });
    return getEntry(tx, schoolId, id);
  });
}

/**
 * Takes a lesson off the log: a teacher their own, within 7 days of logging it; whoever
 * manages teaching, any lesson of a class they manage.
 */
export async function deleteTeachingLogEntry(
  db: Db,
  actor: Actor,
  principal: Principal,
  id: string,
  version: number,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { row } = await lockLesson(tx, principal, id, version, now);
    await tx.delete(teachingLog).where(eq(teachingLog.id, id));
    await writeAudit(tx, actor, {
      action: 'teaching_log.delete',
      entity: 'teaching_log',
      entityId: id,
      before: row,
    });
  });
}
