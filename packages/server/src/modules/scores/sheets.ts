import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  compareStudents,
  type Gender,
  type ScoreCell,
  type ScoreClassesResponse,
  type ScoreSheetQuery,
  type ScoreSheetResponse,
  type ScoreStudent,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  gradeLevels,
  scoreSheets,
  scores,
  terms,
} from '../../db/schema.js';
import type { Principal } from '../../lib/access.js';
import type { Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import { studentOrderOf } from '../schools/studentOrder.js';
import {
  classSubjects,
  scoreScopes,
  seesWholeSchool,
  sheetsOfTest,
  testContext,
  type ClassSubject,
  type TestContext,
} from './access.js';

const subjectOut = (subject: ClassSubject) => ({
  id: subject.id,
  code: subject.code,
  nameKm: subject.nameKm,
  nameEn: subject.nameEn,
  type: subject.type,
  maxScore: subject.maxScore,
  coefficient: subject.coefficient,
});

/**
 * The classes whose scores the caller enters or sees, the current year's first, each with the
 * subjects they see there (every subject for the homeroom teacher and the school's staff) and
 * which of them they enter; with the terms of those classes' years.
 */
export async function scoreClasses(db: Db, principal: Principal): Promise<ScoreClassesResponse> {
  const { schoolId } = principal;
  const scopes = scoreScopes(principal);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: classes.id,
        nameKm: classes.nameKm,
        nameEn: classes.nameEn,
        yearId: classes.yearId,
        gradeLevel: {
          number: gradeLevels.number,
          maxScore: gradeLevels.maxScore,
          divisor: gradeLevels.divisor,
        },
      })
      .from(classes)
      .innerJoin(academicYears, eq(academicYears.id, classes.yearId))
      .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
      .where(eq(classes.schoolId, schoolId))
      .orderBy(
        sql`${academicYears.isCurrent} desc`,
        sql`${academicYears.startDate} desc`,
        asc(gradeLevels.number),
        sql`lower(${classes.section})`,
      );
    const subjects = rows.length === 0 ? [] : await classSubjects(tx, principal, scopes, sql`true`);
    const byClass = new Map<string, ClassSubject[]>();
    for (const subject of subjects) {
      const list = byClass.get(subject.classId) ?? [];
      list.push(subject);
      byClass.set(subject.classId, list);
    }
    const whole = seesWholeSchool(scopes);
    const mayHomeroom = scopes.read !== undefined || scopes.enter !== undefined;
    const items = rows.flatMap((row) => {
      const own = byClass.get(row.id) ?? [];
      const allSubjects = whole || (mayHomeroom && own.some((subject) => subject.homeroom));
      const seen = own.filter((subject) => allSubjects || subject.read);
      if (!allSubjects && seen.length === 0) return [];
      return [
        {
          id: row.id,
          nameKm: row.nameKm,
          nameEn: row.nameEn,
          yearId: row.yearId,
          gradeLevel: {
            number: row.gradeLevel.number,
            maxScore: Number(row.gradeLevel.maxScore),
            divisor: row.gradeLevel.divisor === null ? null : Number(row.gradeLevel.divisor),
          },
          allSubjects,
          subjects: seen.map((subject) => ({ ...subjectOut(subject), canEnter: subject.enter })),
        },
      ];
    });
    const yearIds = [...new Set(items.map((item) => item.yearId))];
    const termRows =
      yearIds.length === 0
        ? []
        : await tx
            .select({
              id: terms.id,
              yearId: terms.yearId,
              number: terms.number,
              nameKm: terms.nameKm,
              nameEn: terms.nameEn,
              months: terms.months,
              examMonth: terms.examMonth,
            })
            .from(terms)
            .where(and(eq(terms.schoolId, schoolId), inArray(terms.yearId, yearIds)))
            .orderBy(asc(terms.yearId), asc(terms.number));
    return { classes: items, terms: termRows };
  });
}

/**
 * The students of a class during a test's month: everyone enrolled in it on any day of the
 * month; `active` false for one who left it before the month ended. In the school's order.
 */
export async function rosterOfTest(
  tx: Tx,
  schoolId: string,
  classId: string,
  days: { from: string; to: string },
): Promise<ScoreStudent[]> {
  const order = await studentOrderOf(tx, schoolId);
  const result = (await tx.execute(sql`
    select distinct on (s.id) s.id, s.code, s.name_km, s.name_en, s.gender,
      e.start_date::text as start_date, e.end_date::text as end_date
    from enrollments e join students s on s.id = e.student_id
    where e.class_id = ${classId} and e.start_date <= ${days.to}
      and (e.end_date is null or e.end_date >= ${days.from})
    order by s.id, e.end_date desc nulls first, e.start_date desc
  `)) as unknown as {
    rows: {
      id: string;
      code: string;
      name_km: string;
      name_en: string;
      gender: Gender | null;
      start_date: string;
      end_date: string | null;
    }[];
  };
  const students = result.rows.map((row) => ({
    id: row.id,
    code: row.code,
    nameKm: row.name_km,
    nameEn: row.name_en,
    gender: row.gender,
    from: row.start_date,
    to: row.end_date,
    active: row.end_date === null || row.end_date >= days.to,
  }));
  return students.sort(compareStudents(order));
}

/** The subjects of a test the caller sees: all of the class's, or the one asked for. */
export function visibleSubjects(context: TestContext, subjectId?: string): ClassSubject[] {
  const seen = context.subjects.filter((subject) => context.allSubjects || subject.read);
  if (!subjectId) return seen;
  const subject = context.subjects.find((s) => s.id === subjectId);
  if (!subject) {
    throw new HttpError(400, 'SUBJECT_NOT_IN_CLASS', { subjectId: ['SUBJECT_NOT_IN_CLASS'] });
  }
  if (!seen.includes(subject)) throw new HttpError(403, 'FORBIDDEN');
  return [subject];
}

/** The stored sheets and cells of a test's subjects. */
export async function storedScores(
  tx: Tx,
  schoolId: string,
  context: TestContext,
  subjectIds: string[],
) {
  const sheets =
    subjectIds.length === 0
      ? []
      : await tx
          .select()
          .from(scoreSheets)
          .where(
            and(
              sheetsOfTest(schoolId, {
                classId: context.schoolClass.id,
                termId: context.term.id,
                kind: context.kind,
                month: context.month,
              }),
              inArray(scoreSheets.subjectId, subjectIds),
            ),
          );
  const subjectOfSheet = new Map(sheets.map((sheet) => [sheet.id, sheet.subjectId]));
  const cells =
    sheets.length === 0
      ? []
      : await tx
          .select({
            sheetId: scores.sheetId,
            studentId: scores.studentId,
            score: scores.score,
            absent: scores.absent,
            note: scores.note,
          })
          .from(scores)
          .where(
            inArray(
              scores.sheetId,
              sheets.map((sheet) => sheet.id),
            ),
          );
  return {
    sheets,
    cells: cells.map((cell): ScoreCell => ({
      studentId: cell.studentId,
      subjectId: subjectOfSheet.get(cell.sheetId)!,
      score: cell.score === null ? null : Number(cell.score),
      absent: cell.absent,
      note: cell.note,
    })),
  };
}

/**
 * One class's gradebook for one test: its subjects' columns, students (in the school's order,
 * whatever the language) and saved cells.
 */
export async function getScoreSheet(
  db: Db,
  principal: Principal,
  query: ScoreSheetQuery,
): Promise<ScoreSheetResponse> {
  return db.transaction(async (tx) => {
    const context = await testContext(tx, principal, query);
    const subjects = visibleSubjects(context, query.subjectId);
    const [students, stored] = [
      await rosterOfTest(tx, principal.schoolId, context.schoolClass.id, context.days),
      await storedScores(
        tx,
        principal.schoolId,
        context,
        subjects.map((subject) => subject.id),
      ),
    ];
    const sheetOf = new Map(stored.sheets.map((sheet) => [sheet.subjectId, sheet]));
    const onRoster = new Set(students.map((student) => student.id));
    return {
      class: context.schoolClass,
      term: context.term,
      kind: context.kind,
      month: context.month,
      columns: subjects.map((subject) => {
        const sheet = sheetOf.get(subject.id);
        return {
          ...subjectOut(subject),
          status: sheet?.status ?? 'draft',
          version: sheet?.version ?? 0,
          canEnter: subject.enter,
          submittedAt: sheet?.submittedAt?.toISOString() ?? null,
          publishedAt: sheet?.publishedAt?.toISOString() ?? null,
        };
      }),
      students,
      cells: stored.cells.filter((cell) => onRoster.has(cell.studentId)),
      rights: {
        canSubmit: subjects.some((subject) => subject.enter),
        canPublish: subjects.some((subject) => subject.publish),
        canUnlock: context.scopes.unlock === 'school',
      },
    };
  });
}
