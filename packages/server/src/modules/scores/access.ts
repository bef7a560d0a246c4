import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  scopeOf,
  type PermissionScope,
  type ScoreTestKind,
  type SubjectType,
} from '@sala/contract';
import { academicYears, classes, gradeLevels, scoreSheets, terms } from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import type { Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';

/** The scopes at which the caller holds each scores action. */
export interface ScoreScopes {
  read: PermissionScope | undefined;
  enter: PermissionScope | undefined;
  publish: PermissionScope | undefined;
  unlock: PermissionScope | undefined;
}

export function scoreScopes(principal: Principal): ScoreScopes {
  return {
    read: scopeOf(principal.permissions, 'scores.read'),
    enter: scopeOf(principal.permissions, 'scores.enter'),
    publish: scopeOf(principal.permissions, 'scores.publish'),
    unlock: scopeOf(principal.permissions, 'scores.unlock'),
  };
}

/** Sees every subject of every class of the school. */
export const seesWholeSchool = (scopes: ScoreScopes) =>
  scopes.read === 'school' ||
  scopes.enter === 'school' ||
  scopes.publish === 'school' ||
  scopes.unlock === 'school';

/** A subject of a class, with what the caller may do with its scores there. */
export interface ClassSubject {
  classId: string;
  id: string;
  code: string;
  nameKm: string;
  nameEn: string;
  type: SubjectType;
  maxScore: number;
  coefficient: number;
  /** The caller is the homeroom teacher of the class. */
  homeroom: boolean;
  enter: boolean;
  read: boolean;
  publish: boolean;
}

interface ClassSubjectRow extends Record<string, unknown> {
  class_id: string;
  id: string;
  code: string;
  name_km: string;
  name_en: string;
  type: SubjectType;
  max_score: string;
  coefficient: string;
  assigned: boolean;
  in_department: boolean;
  homeroom: boolean;
}

/**
 * The subjects of classes (those linked to the class's grade level, and any taught in the class)
 * with the caller's rights over each: entering needs the subject's teaching assignment (own) or
 * the school scope; reading follows what one teaches, the homeroom class (every subject), the
 * subjects of one's department, or the school; publishing the department's subjects or all.
 */
export async function classSubjects(
  tx: Tx,
  principal: Principal,
  scopes: ScoreScopes,
  classFilter: SQL,
): Promise<ClassSubject[]> {
  const { schoolId, userId } = principal;
  const result = (await tx.execute(sql`
    with picked as (
      select c.id, c.grade_level_id, c.homeroom_employee_id from ${classes} c
      where c.school_id = ${schoolId} and ${classFilter}
    ),
    me as (
      select e.id, e.department_id from employees e
      where e.school_id = ${schoolId} and e.user_id = ${userId}
    ),
    taught as (
      select p.id as class_id, sg.subject_id from picked p
      join subject_grade_levels sg on sg.grade_level_id = p.grade_level_id
      union
      select ta.class_id, ta.subject_id from teaching_assignments ta
      join picked p on p.id = ta.class_id
    )
    select t.class_id, s.id, s.code, s.name_km, s.name_en, s.type,
      s.max_score::text as max_score, s.coefficient::text as coefficient,
      coalesce(ta.employee_id = me.id, false) as assigned,
      coalesce(s.department_id = me.department_id, false) as in_department,
      coalesce(p.homeroom_employee_id = me.id, false) as homeroom
    from taught t
    join picked p on p.id = t.class_id
    join subjects s on s.id = t.subject_id
    left join teaching_assignments ta on ta.class_id = t.class_id and ta.subject_id = t.subject_id
    left join me on true
    order by t.class_id, lower(s.code), s.id
  `)) as unknown as { rows: ClassSubjectRow[] };
  return result.rows.map((row) => {
    const enter = scopes.enter === 'school' || (scopes.enter === 'own' && row.assigned);
    const publish =
      scopes.publish === 'school' || (scopes.publish === 'department' && row.in_department);
    const own = row.assigned || row.homeroom;
    const read =
      enter ||
      publish ||
      seesWholeSchool(scopes) ||
      ((scopes.read !== undefined || scopes.enter !== undefined) && own) ||
      (scopes.read === 'department' && row.in_department);
    return {
      classId: row.class_id,
      id: row.id,
      code: row.code,
      nameKm: row.name_km,
      nameEn: row.name_en,
      type: row.type,
      maxScore: Number(row.max_score),
      coefficient: Number(row.coefficient),
      homeroom: row.homeroom,
      enter,
      read,
      publish,
    };
  });
}

/** Which test of a class: the term's month, or its exam. */
export interface TestKey {
  classId: string;
  termId: string;
  kind: ScoreTestKind;
  month?: number | undefined;
}

/** The first and last day (YYYY-MM-DD) of a month of an academic year starting on a date. */
export function monthOfYear(yearStart: string, month: number): { from: string; to: string } {
  const startYear = Number(yearStart.slice(0, 4));
  const startMonth = Number(yearStart.slice(5, 7));
  const year = month >= startMonth ? startYear : startYear + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/**
 * A class and one of its tests, checked: the class is the school's, the term is of the class's
 * year, a month belongs to the term. With the caller's rights over each subject of the class;
 * a class the caller sees nothing of is missing (404), or forbidden (403) to a change.
 */
export async function testContext(
  tx: Tx,
  principal: Principal,
  key: TestKey,
  purpose: 'read' | 'write' = 'read',
) {
  const { schoolId } = principal;
  const scopes = scoreScopes(principal);
  const [found] = await tx
    .select({
      id: classes.id,
      nameKm: classes.nameKm,
      nameEn: classes.nameEn,
      yearId: classes.yearId,
      yearStart: academicYears.startDate,
      grade: {
        number: gradeLevels.number,
        maxScore: gradeLevels.maxScore,
        divisor: gradeLevels.divisor,
      },
      term: {
        id: terms.id,
        yearId: terms.yearId,
        number: terms.number,
        nameKm: terms.nameKm,
        nameEn: terms.nameEn,
        months: terms.months,
        examMonth: terms.examMonth,
      },
    })
    .from(classes)
    .innerJoin(academicYears, eq(academicYears.id, classes.yearId))
    .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .leftJoin(terms, and(eq(terms.id, key.termId), eq(terms.schoolId, schoolId)))
    .where(and(eq(classes.schoolId, schoolId), eq(classes.id, key.classId)));
  if (!found) throw new HttpError(400, 'INVALID_REFERENCE', { classId: ['INVALID_REFERENCE'] });
  const subjects = await classSubjects(tx, principal, scopes, sql`c.id = ${key.classId}`);
  const homeroom = subjects.some((subject) => subject.homeroom);
  const allSubjects =
    seesWholeSchool(scopes) ||
    (homeroom && (scopes.read !== undefined || scopes.enter !== undefined));
  if (!allSubjects && !subjects.some((subject) => subject.read)) {
    throw purpose === 'write' ? new HttpError(403, 'FORBIDDEN') : new HttpError(404, 'NOT_FOUND');
  }
  const term = found.term;
  if (!term || term.yearId !== found.yearId) {
    throw new HttpError(400, 'INVALID_REFERENCE', { termId: ['INVALID_REFERENCE'] });
  }
  if (key.kind === 'month' && !term.months.includes(key.month ?? 0)) {
    throw new HttpError(400, 'MONTH_NOT_IN_TERM', { month: ['MONTH_NOT_IN_TERM'] });
  }
  const testMonth = key.kind === 'exam' ? term.examMonth : key.month!;
  return {
    scopes,
    schoolClass: {
      id: found.id,
      nameKm: found.nameKm,
      nameEn: found.nameEn,
      gradeLevel: {
        number: found.grade.number,
        maxScore: Number(found.grade.maxScore),
        divisor: found.grade.divisor === null ? null : Number(found.grade.divisor),
      },
    },
    term: {
      id: term.id,
      number: term.number,
      nameKm: term.nameKm,
      nameEn: term.nameEn,
      months: term.months,
      examMonth: term.examMonth,
    },
    kind: key.kind,
    month: key.kind === 'month' ? key.month! : null,
    /** The days of the test's month (an exam's: the term's exam month). */
    days: monthOfYear(found.yearStart, testMonth),
    subjects,
    allSubjects,
  };
}

export type TestContext = Awaited<ReturnType<typeof testContext>>;

/** The score sheets of a class's test. */
export const sheetsOfTest = (
  schoolId: string,
  key: { classId: string; termId: string; kind: ScoreTestKind; month: number | null },
) =>
  and(
    eq(scoreSheets.schoolId, schoolId),
    eq(scoreSheets.classId, key.classId),
    eq(scoreSheets.termId, key.termId),
    eq(scoreSheets.kind, key.kind),
    sql`coalesce(${scoreSheets.month}, 0) = ${key.month ?? 0}`,
  );
