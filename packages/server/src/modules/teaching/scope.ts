import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { scopeOf } from '@sala/contract';
import { classes, employees, subjects } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import type { Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { employeeOfUser } from '../../lib/scope.js';

/**
 * Refuses a change to teaching the caller may not manage. At school scope, anything; at
 * department scope, only the subjects of their own department, taught by the staff of their own
 * department (403 OUTSIDE_YOUR_DEPARTMENT, naming the field). A head of department thus cannot
 * hand another department's subject to anyone, nor give their own subject to another
 * department's teacher; a lesson without a teacher needs no teacher check.
 */
export async function assertTeachingManageable(
  tx: Tx,
  principal: Principal,
  reach: { subjectIds?: readonly string[]; employeeIds?: readonly (string | null)[] },
): Promise<void> {
  const scope = scopeOf(principal.permissions, 'teaching.manage');
  if (!scope) throw new HttpError(403, 'FORBIDDEN');
  if (scope === 'school') return;
  const me = await employeeOfUser(tx, principal.schoolId, principal.userId);
  const subjectIds = [...new Set(reach.subjectIds ?? [])];
  const employeeIds = [...new Set((reach.employeeIds ?? []).filter((id) => id !== null))];
  const outside = async (
    table: typeof subjects | typeof employees,
    ids: string[],
  ): Promise<boolean> => {
    if (ids.length === 0) return false;
    if (!me?.departmentId) return true;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(
        and(
          eq(table.schoolId, principal.schoolId),
          inArray(table.id, ids),
          eq(table.departmentId, me.departmentId),
        ),
      );
    return Number(row?.n ?? 0) !== ids.length;
  };
  const fields: Record<string, string[]> = {};
  if (await outside(subjects, subjectIds)) fields.subjectId = ['OUTSIDE_YOUR_DEPARTMENT'];
  if (await outside(employees, employeeIds)) fields.employeeId = ['OUTSIDE_YOUR_DEPARTMENT'];
  if (Object.keys(fields).length > 0) throw new HttpError(403, 'OUTSIDE_YOUR_DEPARTMENT', fields);
}

export type ClassRow = typeof classes.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;

/** A class of the school named in a request (400 on the field when it is not one). */
export async function classOfSchool(
  tx: Tx,
  schoolId: string,
  id: string,
  field = 'classId',
): Promise<ClassRow> {
  const [row] = await tx
    .select()
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, id)));
  if (!row) throw new HttpError(400, 'INVALID_REFERENCE', { [field]: ['INVALID_REFERENCE'] });
  return row;
}

/** A member of staff of the school named in a request, who still works there. */
export async function workingTeacher(
  tx: Tx,
  schoolId: string,
  id: string,
  field = 'employeeId',
): Promise<EmployeeRow> {
  const [row] = await tx
    .select()
    .from(employees)
    .where(and(eq(employees.schoolId, schoolId), eq(employees.id, id)));
  if (!row) throw new HttpError(400, 'INVALID_REFERENCE', { [field]: ['INVALID_REFERENCE'] });
  if (row.workingStatus !== 'working') {
    throw new HttpError(400, 'EMPLOYEE_NOT_WORKING', { [field]: ['EMPLOYEE_NOT_WORKING'] });
  }
  return row;
}

/**
 * Refuses a subject that is not the school's, or that lists the grade levels it is taught in
 * and not the class's. A subject listing no grade level is taught in every grade.
 */
export async function assertSubjectForClass(
  tx: Tx,
  schoolId: string,
  subjectId: string,
  schoolClass: ClassRow,
): Promise<void> {
  const [subject] = await tx
    .select({
      id: subjects.id,
      grades: sql<number>`(select count(*)::int from subject_grade_levels g where g.subject_id = ${subjects.id})`,
      inGrade: sql<number>`(select count(*)::int from subject_grade_levels g where g.subject_id = ${subjects.id} and g.grade_level_id = ${schoolClass.gradeLevelId})`,
    })
    .from(subjects)
    .where(and(eq(subjects.schoolId, schoolId), eq(subjects.id, subjectId)));
  if (!subject) {
    throw new HttpError(400, 'INVALID_REFERENCE', { subjectId: ['INVALID_REFERENCE'] });
  }
  if (Number(subject.grades) > 0 && Number(subject.inGrade) === 0) {
    throw new HttpError(400, 'SUBJECT_NOT_IN_GRADE', { subjectId: ['SUBJECT_NOT_IN_GRADE'] });
  }
}

/** `a = b`, or nothing when b is undefined: for optional list filters. */
export const matches = (column: AnyPgColumn, value: string | undefined): SQL | undefined =>
  value === undefined ? undefined : eq(column, value);

/** Either condition; `undefined` (no restriction) wins. */
export const either = (a: SQL | undefined, b: SQL | undefined): SQL | undefined =>
  a === undefined || b === undefined ? undefined : or(a, b);
