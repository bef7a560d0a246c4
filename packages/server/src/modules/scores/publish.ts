import type { ScorePublishPreview, ScoreSheetQuery } from '@sala/contract';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../lib/access.js';
import type { Tx } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-errors.js';
import type { ClassSubject, TestContext } from './access.js';
import { testContext } from './access.js';
import { rosterOfTest, storedScores } from './sheets.js';

/** How full a subject's sheet of a test is: who is expected, who has a mark, who has none. */
export interface SubjectMarks {
  subjectId: string;
  expected: number;
  entered: number;
  absent: number;
  missing: { id: string; code: string; nameKm: string; nameEn: string }[];
}

/**
 * Each subject's marks in a test. Expected: the students enrolled in the class until the test's
 * month ends (one who left the class earlier has their marks in their new class). A mark is a
 * score or absent; a cell holding only a note is no mark.
 */
export async function marksOfTest(
  tx: Tx,
  schoolId: string,
  context: TestContext,
  subjects: readonly ClassSubject[],
): Promise<SubjectMarks[]> {
  const roster = (await rosterOfTest(tx, schoolId, context.schoolClass.id, context.days)).filter(
    (student) => student.active,
  );
  const { cells } = await storedScores(
    tx,
    schoolId,
    context,
    subjects.map((subject) => subject.id),
  );
  const marked = new Set(
    cells
      .filter((cell) => cell.score !== null || cell.absent)
      .map((cell) => `${cell.subjectId}:${cell.studentId}`),
  );
  const absentCells = new Set(
    cells.filter((cell) => cell.absent).map((cell) => `${cell.subjectId}:${cell.studentId}`),
  );
  return subjects.map((subject) => {
    const has = (studentId: string) => marked.has(`${subject.id}:${studentId}`);
    const missing = roster.filter((student) => !has(student.id));
    return {
      subjectId: subject.id,
      expected: roster.length,
      entered: roster.length - missing.length,
      absent: roster.filter((student) => absentCells.has(`${subject.id}:${student.id}`)).length,
      missing: missing.map(({ id, code, nameKm, nameEn }) => ({ id, code, nameKm, nameEn })),
    };
  });
}

/**
 * What publishing a test would publish: every subject of the class the caller publishes, with
 * its state and its marks. Authorised as publishing is: a caller who publishes none of the
 * class's subjects is refused (403), a class of another school is no reference (400).
 */
export async function publishPreview(
  db: Db,
  principal: Principal,
  query: ScoreSheetQuery,
): Promise<ScorePublishPreview> {
  return db.transaction(async (tx) => {
    const context = await testContext(tx, principal, query, 'write');
    let subjects = context.subjects.filter((subject) => subject.publish);
    if (query.subjectId) {
      if (!context.subjects.some((subject) => subject.id === query.subjectId)) {
        throw new HttpError(400, 'SUBJECT_NOT_IN_CLASS', { subjectId: ['SUBJECT_NOT_IN_CLASS'] });
      }
      subjects = subjects.filter((subject) => subject.id === query.subjectId);
    }
    if (subjects.length === 0) throw new HttpError(403, 'FORBIDDEN');
    const marks = await marksOfTest(tx, principal.schoolId, context, subjects);
    const { sheets } = await storedScores(
      tx,
      principal.schoolId,
      context,
      subjects.map((subject) => subject.id),
    );
    const statusOf = new Map(sheets.map((sheet) => [sheet.subjectId, sheet.status]));
    return {
      expected: marks[0]?.expected ?? 0,
      subjects: subjects.map((subject, index) => {
        const { expected, entered, absent, missing } = marks[index]!;
        return {
          subjectId: subject.id,
          code: subject.code,
          nameKm: subject.nameKm,
          nameEn: subject.nameEn,
          status: statusOf.get(subject.id) ?? 'draft',
          expected,
          entered,
          absent,
          missing,
        };
      }),
    };
  });
}
