import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AssignmentListQuery,
  AssignmentListResponse,
  CreateAssignmentRequest,
  TeachingAssignment,
  UpdateAssignmentRequest,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { classes, employees, subjects, teachingAssignments } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import { writeAudit, type Actor, type Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import {
  currentYearId,
  definedOnly,
  lockVersioned,
  translateConstraints,
} from '../../lib/records.js';
import { employeeOfUser, reachableClassCondition } from '../../lib/scope.js';
import {
  assertSubjectForClass,
  assertTeachingManageable,
  classOfSchool,
  matches,
  workingTeacher,
} from './scope.js';
import { moveLessons } from './timetable.js';

const uniques = {
  teaching_assignments_class_subject_key: { code: 'ASSIGNMENT_EXISTS', field: 'subjectId' },
} as const;

/** Assignments as the screens see them: with the class's, subject's and teacher's names. */
async function describe(tx: Tx, schoolId: string, where: SQL | undefined) {
  const rows = await tx
    .select({
      id: teachingAssignments.id,
      yearId: teachingAssignments.yearId,
      schoolClass: { id: classes.id, nameKm: classes.nameKm, nameEn: classes.nameEn },
      subject: {
        id: subjects.id,
        code: subjects.code,
        nameKm: subjects.nameKm,
        nameEn: subjects.nameEn,
      },
      teacher: { id: employees.id, nameKm: employees.nameKm, nameEn: employees.nameEn },
      hoursPerWeek: teachingAssignments.hoursPerWeek,
      version: teachingAssignments.version,
    })
    .from(teachingAssignments)
    .innerJoin(classes, eq(classes.id, teachingAssignments.classId))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(employees, eq(employees.id, teachingAssignments.employeeId))
    .where(and(eq(teachingAssignments.schoolId, schoolId), where))
    .orderBy(
      sql`lower(${classes.nameEn})`,
      asc(classes.section),
      sql`lower(${subjects.code})`,
      asc(teachingAssignments.id),
    );
  return rows satisfies TeachingAssignment[];
}

async function getAssignment(tx: Tx, schoolId: string, id: string): Promise<TeachingAssignment> {
  const [row] = await describe(tx, schoolId, eq(teachingAssignments.id, id));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return row;
}

/** A year's assignments (default: the current year) that the caller may see, filtered. */
export async function listAssignments(
  db: Db,
  principal: Principal,
  query: AssignmentListQuery,
): Promise<AssignmentListResponse> {
  const { schoolId } = principal;
  const yearId = query.yearId ?? (await currentYearId(db, schoolId));
  if (!yearId) return { items: [] };
  let employeeId = query.employeeId;
  if (query.mine) {
    const me = await employeeOfUser(db, schoolId, principal.userId);
    if (!me || (employeeId && employeeId !== me.id)) return { items: [] };
    employeeId = me.id;
  }
  const items = await describe(
    db,
    schoolId,
    and(
      eq(teachingAssignments.yearId, yearId),
      matches(teachingAssignments.classId, query.classId),
      matches(teachingAssignments.employeeId, employeeId),
      await reachableClassCondition(db, principal, 'teaching.read', teachingAssignments.classId),
    ),
  );
  return { items };
}

export async function createAssignment(
  db: Db,
  actor: Actor,
  principal: Principal,
  input: CreateAssignmentRequest,
): Promise<TeachingAssignment> {
  return db.transaction(async (tx) => {
    const { schoolId } = actor;
    const schoolClass = await classOfSchool(tx, schoolId, input.classId);
    const teacher = await workingTeacher(tx, schoolId, input.employeeId);
    await assertSubjectForClass(tx, schoolId, input.subjectId, schoolClass);
    await assertTeachingManageable(tx, principal, {
      subjectIds: [input.subjectId],
      employeeIds: [teacher.id],
    });
    const [taken] = await tx
      .select({ id: teachingAssignments.id })
      .from(teachingAssignments)
      .where(
        and(
          eq(teachingAssignments.classId, schoolClass.id),
          eq(teachingAssignments.subjectId, input.subjectId),
        ),
      );
    if (taken) throw new HttpError(409, 'ASSIGNMENT_EXISTS', { subjectId: ['ASSIGNMENT_EXISTS'] });
    const [row] = await translateConstraints(
      () =>
        tx
          .insert(teachingAssignments)
          .values({
            schoolId,
            yearId: schoolClass.yearId,
            classId: schoolClass.id,
            subjectId: input.subjectId,
            employeeId: teacher.id,
            hoursPerWeek: input.hoursPerWeek ?? null,
          })
          .returning(),
      uniques,
    );
    await writeAudit(tx, actor, {
      action: 'teaching_assignment.create',
      entity: 'teaching_assignment',
      entityId: row!.id,
      after: row,
    });
    return getAssignment(tx, schoolId, row!.id);
  });
}

/** Locks an assignment the client read at `version` (409 VERSION_CONFLICT when it changed since). */
async function lockAssignment(tx: Tx, schoolId: string, id: string, version: number) {
  return lockVersioned(tx, teachingAssignments, schoolId, id, version);
}

/**
 * Changes the teacher or the weekly hours. A new teacher also takes over the old one's lessons
 * of that subject in the class's timetable, unless that puts them in two places at once.
 */
export async function updateAssignment(
  db: Db,
  actor: Actor,
  principal: Principal,
  id: string,
  input: UpdateAssignmentRequest,
): Promise<TeachingAssignment> {
  return db.transaction(async (tx) => {
    const { schoolId } = actor;
    const before = await lockAssignment(tx, schoolId, id, input.version);
    const newTeacher =
      input.employeeId && input.employeeId !== before.employeeId
        ? await workingTeacher(tx, schoolId, input.employeeId)
        : undefined;
    await assertTeachingManageable(tx, principal, {
      subjectIds: [before.subjectId],
      employeeIds: newTeacher ? [newTeacher.id] : [],
    });
    const changes = definedOnly({ employeeId: newTeacher?.id, hoursPerWeek: input.hoursPerWeek });
    const [after] =
      Object.keys(changes).length > 0
        ? await tx
            .update(teachingAssignments)
            .set({ ...changes, version: sql`${teachingAssignments.version} + 1` })
            .where(eq(teachingAssignments.id, id))
            .returning()
        : [before];
    if (newTeacher) {
      await moveLessons(tx, actor, before, newTeacher.id);
    }
    await writeAudit(tx, actor, {
      action: 'teaching_assignment.update',
      entity: 'teaching_assignment',
      entityId: id,
      before,
      after,
    });
    return getAssignment(tx, schoolId, id);
  });
}

/** Removes an assignment; its teacher leaves the class's lessons of that subject (kept, teacherless). */
export async function deleteAssignment(
  db: Db,
  actor: Actor,
  principal: Principal,
  id: string,
  version: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockAssignment(tx, actor.schoolId, id, version);
    await assertTeachingManageable(tx, principal, { subjectIds: [row.subjectId] });
    await moveLessons(tx, actor, row, null);
    await tx.delete(teachingAssignments).where(eq(teachingAssignments.id, id));
    await writeAudit(tx, actor, {
      action: 'teaching_assignment.delete',
      entity: 'teaching_assignment',
      entityId: id,
      before: row,
    });
  });
}
