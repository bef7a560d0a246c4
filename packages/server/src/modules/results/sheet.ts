import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  compareStudents,
  type GradeLetter,
  type ResultSheet,
  type ResultsQuery,
  type ScoreSubject,
  type StudentResult,
  type StudentTrend,
  type SubjectResult,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  employees,
  enrollments,
  gradeLevels,
  students,
  subjectGradeLevels,
  subjects,
  terms,
} from '../../db/schema.js';
import { HttpError } from '../../lib/http-errors.js';
import { settingsOf } from '../attendance/access.js';
import {
  gradeOf,
  monthRange,
  monthsRange,
  passedOf,
  resultStats,
  subjectTakesTest,
  testAverage,
  subjectTermScore,
  yearAverageOf,
} from './engine.js';
import {
  absenceCounts,
  allPublished,
  monthScores,
  periodAverages,
  subjectTermScores,
  testResults,
  type PeriodAverageRow,
  type TermOfYear,
  type TestKey,
} from './sql.js';

interface TermRow {
  id: string;
  number: number;
  nameKm: string;
  nameEn: string;
  months: number[];
  examMonth: number;
}

const termColumns = {
  id: terms.id,
  number: terms.number,
  nameKm: terms.nameKm,
  nameEn: terms.nameEn,
  months: terms.months,
  examMonth: terms.examMonth,
};

/** The terms of a year, in order. */
const termsOfYear = (db: Db, schoolId: string, yearId: string): Promise<TermRow[]> =>
  db
    .select(termColumns)
    .from(terms)
    .where(and(eq(terms.schoolId, schoolId), eq(terms.yearId, yearId)))
    .orderBy(asc(terms.number));

/** A class of the school with its grade level, year and homeroom teacher; 404 when not there. */
async function classOf(db: Db, schoolId: string, classId: string) {
  const [row] = await db
    .select({
      id: classes.id,
      nameKm: classes.nameKm,
      nameEn: classes.nameEn,
      yearId: classes.yearId,
      gradeLevelId: classes.gradeLevelId,
      gradeNumber: gradeLevels.number,
      maxScore: gradeLevels.maxScore,
      divisor: gradeLevels.divisor,
      yearStart: academicYears.startDate,
      yearEnd: academicYears.endDate,
      homeroomId: employees.id,
      homeroomKm: employees.nameKm,
      homeroomEn: employees.nameEn,
    })
    .from(classes)
    .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .innerJoin(academicYears, eq(academicYears.id, classes.yearId))
    .leftJoin(employees, eq(employees.id, classes.homeroomEmployeeId))
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  return row;
}

/** The subjects of a grade level, by code, as the gradebook shows them. */
async function subjectsOfGrade(db: Db, gradeLevelId: string): Promise<ScoreSubject[]> {
  const rows = await db
    .select({
      id: subjects.id,
      code: subjects.code,
      nameKm: subjects.nameKm,
      nameEn: subjects.nameEn,
      type: subjects.type,
      maxScore: subjects.maxScore,
      coefficient: subjects.coefficient,
    })
    .from(subjectGradeLevels)
    .innerJoin(subjects, eq(subjects.id, subjectGradeLevels.subjectId))
    .where(eq(subjectGradeLevels.gradeLevelId, gradeLevelId))
    .orderBy(asc(subjects.code));
  return rows.map((row) => ({
    ...row,
    maxScore: Number(row.maxScore),
    coefficient: Number(row.coefficient),
  }));
}

/** The period's term (of the class's year) and the month's place in it; 400 otherwise. */
function periodTerm(query: ResultsQuery, yearTerms: TermRow[]): TermRow | null {
  if (query.period === 'year') return null;
  const term = yearTerms.find((candidate) => candidate.id === query.termId);
  if (!term) throw new HttpError(400, 'INVALID_REFERENCE', { termId: ['INVALID_REFERENCE'] });
  if (query.period === 'month' && !term.months.includes(query.month!)) {
    throw new HttpError(400, 'MONTH_NOT_IN_TERM', { month: ['MONTH_NOT_IN_TERM'] });
  }
  return term;
}

/** Every test of some terms: each month, then the exam. */
const testsOf = (yearTerms: readonly TermRow[]): TestKey[] =>
  yearTerms.flatMap((term) => [
    ...term.months.map((month) => ({ termId: term.id, kind: 'month' as const, month })),
    { termId: term.id, kind: 'exam' as const, month: null },
  ]);

const toTermOfYear = (term: TermRow): TermOfYear => ({ id: term.id, months: term.months });

/** What the period's averages give each listed student, before names and subjects. */
interface Line {
  studentId: string;
  active: boolean;
  total: number | null;
  average: number | null;
  rank: number | null;
  monthAverages: StudentResult['monthAverages'];
  examAverage: number | null;
  termAverages: StudentResult['termAverages'];
}

const noAbsences = { absent: 0, permission: 0, late: 0 };

/**
 * A class's result sheet for a month, a term or the year: every student listed in the class
 * during the period with their subjects' results, total, average, rank, grade letter, pass or
 * fail and absences, and the class's statistics. Numbers are unrounded. 404 for a class of
 * another school; 400 for a term of another year or a month outside the term. The caller's
 * right to see the class is checked by the route.
 */
export async function resultSheet(
  db: Db,
  schoolId: string,
  query: ResultsQuery,
): Promise<ResultSheet> {
  const schoolClass = await classOf(db, schoolId, query.classId);
  const [yearTerms, gradeSubjects, settings] = await Promise.all([
    termsOfYear(db, schoolId, schoolClass.yearId),
    subjectsOfGrade(db, schoolClass.gradeLevelId),
    settingsOf(db, schoolId),
  ]);
  const term = periodTerm(query, yearTerms);
  const year = { startDate: schoolClass.yearStart, endDate: schoolClass.yearEnd };
  const maxScore = Number(schoolClass.maxScore);
  const bands = settings.gradeBands;
  const monthSubjects = gradeSubjects.filter((subject) => subjectTakesTest(subject.type, 'month'));
  const divisor =
    schoolClass.divisor !== null
      ? Number(schoolClass.divisor)
      : monthSubjects.reduce((sum, subject) => sum + subject.coefficient, 0);
  const subjectGrade = (subject: ScoreSubject, score: number | null) =>
    gradeOf(score, subject.maxScore, bands);

  let span: { from: string; to: string };
  let lines: Line[];
  let listedSubjects: ScoreSubject[];
  let subjectsOf: (studentId: string) => SubjectResult[];
  let tests: TestKey[];

  if (query.period === 'month') {
    const month = query.month!;
    span = monthRange(year, month);
    listedSubjects = monthSubjects;
    tests = [{ termId: term!.id, kind: 'month', month }];
    const [rows, cells] = await Promise.all([
      testResults(db, {
        schoolId,
        classIds: [schoolClass.id],
        tests: [{ termId: term!.id, kind: 'month', month, ...span }],
      }),
      monthScores(db, { schoolId, classId: schoolClass.id, termId: term!.id, month }),
    ]);
    const byCell = new Map(cells.map((cell) => [`${cell.studentId}:${cell.subjectId}`, cell]));
    // The month's average by the rule for a missing score (the rank, from the database, follows
    // the same rule).
    lines = rows.map((row) => {
      const result = testAverage(
        listedSubjects.map((subject) => {
          const cell = byCell.get(`${row.studentId}:${subject.id}`);
          return {
            score: cell?.score ?? null,
            absent: cell?.absent ?? false,
            coefficient: subject.coefficient,
          };
        }),
        divisor,
      );
      return {
        studentId: row.studentId,
        active: row.active,
        total: result?.total ?? null,
        average: result?.average ?? null,
        rank: row.rank,
        monthAverages: [],
        examAverage: null,
        termAverages: [],
      };
    });
    subjectsOf = (studentId) =>
      listedSubjects.map((subject) => {
        const cell = byCell.get(`${studentId}:${subject.id}`);
        const score = cell?.score ?? null;
        return {
          subjectId: subject.id,
          score,
          absent: cell?.absent ?? false,
          grade: subjectGrade(subject, score),
        };
      });
  } else {
    const periodTerms = term ? [term] : yearTerms;
    span = term
      ? monthsRange(year, term.months)
      : { from: schoolClass.yearStart, to: schoolClass.yearEnd };
    listedSubjects = gradeSubjects;
    tests = testsOf(periodTerms);
    const rows = await periodAverages(db, {
      schoolId,
      yearId: schoolClass.yearId,
      terms: periodTerms.map(toTermOfYear),
      ...span,
      classIds: [schoolClass.id],
    });
    const subjectRows = await subjectTermScores(db, {
      schoolId,
      classId: schoolClass.id,
      terms: periodTerms.map(toTermOfYear),
      studentIds: rows.map((row) => row.studentId),
    });
    lines = rows.map((row) => periodLine(row, term, yearTerms));
    const byCell = new Map(
      subjectRows.map((row) => [`${row.studentId}:${row.termId}:${row.subjectId}`, row]),
    );
    subjectsOf = (studentId) =>
      listedSubjects.map((subject) => {
        const termScores = periodTerms.map((periodTerm) => {
          const row = byCell.get(`${studentId}:${periodTerm.id}:${subject.id}`);
          return {
            score: subjectTermScore(subject.type, row?.monthsMean ?? null, row?.examScore ?? null),
            examAbsent: row?.examAbsent ?? false,
          };
        });
        const score = term
          ? termScores[0]!.score
          : yearAverageOf(termScores.map((entry) => entry.score));
        return {
          subjectId: subject.id,
          score,
          // A term's subject shows the exam sat absent; a year's, nothing of the sort.
          absent: term ? termScores[0]!.examAbsent : false,
          grade: subjectGrade(subject, score),
        };
      });
  }

  const studentIds = lines.map((line) => line.studentId);
  const [people, absences, published] = await Promise.all([
    studentIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: students.id,
            code: students.code,
            nameKm: students.nameKm,
            nameEn: students.nameEn,
            gender: students.gender,
          })
          .from(students)
          .where(and(eq(students.schoolId, schoolId), inArray(students.id, studentIds))),
    absenceCounts(db, { schoolId, studentIds, ...span }),
    allPublished(db, { schoolId, classId: schoolClass.id, tests }),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const byOrder = compareStudents(settings.studentOrder);
  const results: StudentResult[] = lines
    .filter((line) => byId.has(line.studentId))
    .map((line) => {
      const student = byId.get(line.studentId)!;
      return {
        student,
        active: line.active,
        subjects: subjectsOf(line.studentId),
        total: line.total,
        average: line.average,
        monthAverages: line.monthAverages,
        examAverage: line.examAverage,
        termAverages: line.termAverages,
        rank: line.active ? line.rank : null,
        grade: gradeOf(line.average, maxScore, bands),
        passed: passedOf(line.average, maxScore),
        absences: absences.get(line.studentId) ?? noAbsences,
      };
    })
    .sort((a, b) => byOrder(a.student, b.student));

  return {
    class: {
      id: schoolClass.id,
      nameKm: schoolClass.nameKm,
      nameEn: schoolClass.nameEn,
      gradeLevel: {
        number: schoolClass.gradeNumber,
        maxScore,
        divisor: schoolClass.divisor === null ? null : Number(schoolClass.divisor),
      },
      homeroom:
        schoolClass.homeroomId === null
          ? null
          : {
              id: schoolClass.homeroomId,
              nameKm: schoolClass.homeroomKm ?? '',
              nameEn: schoolClass.homeroomEn ?? '',
            },
    },
    period: query.period,
    term: term
      ? { id: term.id, number: term.number, nameKm: term.nameKm, nameEn: term.nameEn }
      : null,
    month: query.period === 'month' ? query.month! : null,
    subjects: listedSubjects,
    divisor,
    maxScore,
    decimals: settings.resultDecimals,
    published,
    students: results,
    stats: resultStats(
      results.map((result) => ({
        gender: result.student.gender,
        average: result.average,
        active: result.active,
      })),
      maxScore,
      bands,
    ),
  };
}

/** A term's or the year's line: the parts in teaching order (every month, every term). */
function periodLine(row: PeriodAverageRow, term: TermRow | null, yearTerms: TermRow[]): Line {
  const parts = row.terms[0];
  return {
    studentId: row.studentId,
    active: row.active,
    total: null,
    average: row.average,
    rank: row.rank,
    monthAverages: term
      ? term.months.map((month) => ({
          month,
          average: parts?.months.find((entry) => entry.month === month)?.average ?? null,
        }))
      : [],
    examAverage: term ? (parts?.examAverage ?? null) : null,
    termAverages: term
      ? []
      : yearTerms.map((yearTerm) => ({
          term: yearTerm.number,
          average: row.terms.find((entry) => entry.termId === yearTerm.id)?.average ?? null,
        })),
  };
}

/** One student in the school's term results. */
export interface SchoolTermStudent {
  studentId: string;
  active: boolean;
  /** Monthly averages there are, by month, each from the class the student was in then. */
  monthAverages: { month: number; average: number }[];
  examAverage: number | null;
  average: number | null;
  rank: number | null;
  grade: GradeLetter | null;
  passed: boolean | null;
}

/** One class in the school's term results: its students ranked (unranked ones after). */
export interface SchoolTermClass {
  classId: string;
  nameKm: string;
  nameEn: string;
  gradeLevel: { number: number; maxScore: number };
  students: SchoolTermStudent[];
}

/**
 * Every class's term (semester) results at once — the whole school in one statement (see
 * `periodAverages`): for each class of the term's year, its students with their monthly, exam
 * and term averages, grade letter, pass or fail, ranked within the class. 404 for a term of
 * another school.
 */
export async function schoolTermResults(
  db: Db,
  schoolId: string,
  termId: string,
): Promise<{ termId: string; classes: SchoolTermClass[] }> {
  const [term] = await db
    .select({
      ...termColumns,
      yearId: terms.yearId,
      yearStart: academicYears.startDate,
      yearEnd: academicYears.endDate,
    })
    .from(terms)
    .innerJoin(academicYears, eq(academicYears.id, terms.yearId))
    .where(and(eq(terms.id, termId), eq(terms.schoolId, schoolId)));
  if (!term) throw new HttpError(404, 'NOT_FOUND');
  const span = monthsRange({ startDate: term.yearStart, endDate: term.yearEnd }, term.months);
  const [classRows, settings, rows] = await Promise.all([
    db
      .select({
        id: classes.id,
        nameKm: classes.nameKm,
        nameEn: classes.nameEn,
        gradeNumber: gradeLevels.number,
        maxScore: gradeLevels.maxScore,
      })
      .from(classes)
      .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
      .where(and(eq(classes.schoolId, schoolId), eq(classes.yearId, term.yearId)))
      .orderBy(asc(gradeLevels.number), asc(classes.section)),
    settingsOf(db, schoolId),
    periodAverages(db, {
      schoolId,
      yearId: term.yearId,
      terms: [toTermOfYear(term)],
      ...span,
      classIds: null,
    }),
  ]);
  const byClass = new Map<string, PeriodAverageRow[]>();
  for (const row of rows) {
    const list = byClass.get(row.classId) ?? [];
    list.push(row);
    byClass.set(row.classId, list);
  }
  return {
    termId,
    classes: classRows.map((schoolClass) => {
      const maxScore = Number(schoolClass.maxScore);
      return {
        classId: schoolClass.id,
        nameKm: schoolClass.nameKm,
        nameEn: schoolClass.nameEn,
        gradeLevel: { number: schoolClass.gradeNumber, maxScore },
        students: (byClass.get(schoolClass.id) ?? [])
          .map((row) => ({
            studentId: row.studentId,
            active: row.active,
            monthAverages: (row.terms[0]?.months ?? []).map(({ month, average }) => ({
              month,
              average,
            })),
            examAverage: row.terms[0]?.examAverage ?? null,
            average: row.average,
            rank: row.rank,
            grade: gradeOf(row.average, maxScore, settings.gradeBands),
            passed: passedOf(row.average, maxScore),
          }))
          .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity)),
      };
    }),
  };
}

/**
 * A student's averages over a year, with their rank each time: every month (in the class they
 * were in that month), each term's exam and average, and the year's. The year is the one given,
 * else that of their latest enrollment. 404 for a student of another school or without any
 * class that year.
 */
export async function studentTrend(
  db: Db,
  schoolId: string,
  studentId: string,
  yearId?: string,
): Promise<StudentTrend> {
  const [student] = await db
    .select({
      id: students.id,
      code: students.code,
      nameKm: students.nameKm,
      nameEn: students.nameEn,
    })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.id, studentId)));
  if (!student) throw new HttpError(404, 'NOT_FOUND');
  const places = await db
    .select({
      classId: enrollments.classId,
      yearId: enrollments.yearId,
      startDate: enrollments.startDate,
      yearStart: academicYears.startDate,
      yearEnd: academicYears.endDate,
      maxScore: gradeLevels.maxScore,
    })
    .from(enrollments)
    .innerJoin(academicYears, eq(academicYears.id, enrollments.yearId))
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .where(
      and(
        eq(enrollments.schoolId, schoolId),
        eq(enrollments.studentId, studentId),
        yearId ? eq(enrollments.yearId, yearId) : undefined,
      ),
    )
    .orderBy(desc(academicYears.startDate), desc(enrollments.startDate));
  const latest = places[0];
  if (!latest) throw new HttpError(404, 'NOT_FOUND');
  const inYear = places.filter((place) => place.yearId === latest.yearId);
  const classIds = [...new Set(inYear.map((place) => place.classId))];
  const year = { startDate: latest.yearStart, endDate: latest.yearEnd };
  const yearTerms = await termsOfYear(db, schoolId, latest.yearId);

  const spans = yearTerms.flatMap((term) => [
    ...term.months.map((month) => ({
      termId: term.id,
      kind: 'month' as const,
      month,
      ...monthRange(year, month),
    })),
    { termId: term.id, kind: 'exam' as const, month: null, ...monthsRange(year, term.months) },
  ]);
  const [testRows, yearRows, ...termRows] = await Promise.all([
    testResults(db, { schoolId, classIds, tests: spans }),
    periodAverages(db, {
      schoolId,
      yearId: latest.yearId,
      terms: yearTerms.map(toTermOfYear),
      from: latest.yearStart,
      to: latest.yearEnd,
      classIds,
    }),
    ...yearTerms.map((term) =>
      periodAverages(db, {
        schoolId,
        yearId: latest.yearId,
        terms: [toTermOfYear(term)],
        ...monthsRange(year, term.months),
        classIds,
      }),
    ),
  ]);

  /** The student's own row of a result: where they have an average, else where they stayed. */
  const own = <T extends { studentId: string; active: boolean; average: number | null }>(
    rows: T[],
  ): T | undefined =>
    rows
      .filter((row) => row.studentId === studentId)
      .sort(
        (a, b) =>
          Number(b.average !== null) - Number(a.average !== null) ||
          Number(b.active) - Number(a.active),
      )[0];

  const points: StudentTrend['points'] = [];
  yearTerms.forEach((term, index) => {
    for (const span of spans.filter((candidate) => candidate.termId === term.id)) {
      const row = own(
        testRows.filter(
          (candidate) =>
            candidate.termId === term.id &&
            candidate.kind === span.kind &&
            candidate.month === span.month,
        ),
      );
      if (!row) continue;
      points.push({
        kind: span.kind,
        term: term.number,
        month: span.month,
        average: row.average,
        rank: row.rank,
        classId: row.classId,
      });
    }
    const termRow = own(termRows[index] ?? []);
    if (termRow) {
      points.push({
        kind: 'term',
        term: term.number,
        month: null,
        average: termRow.average,
        rank: termRow.rank,
        classId: termRow.classId,
      });
    }
  });
  const yearRow = own(yearRows);
  if (yearRow) {
    points.push({
      kind: 'year',
      term: null,
      month: null,
      average: yearRow.average,
      rank: yearRow.rank,
      classId: yearRow.classId,
    });
  }
  return {
    student,
    yearId: latest.yearId,
    maxScore: Number(latest.maxScore),
    points,
  };
}
