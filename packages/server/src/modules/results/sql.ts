import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * The set-based half of results: each function answers for whole classes (or the whole school)
 * in one statement — enrollments, score sheets and scores joined, grouped and ranked in the
 * database, never one query per student. The rules are those of engine.ts (DOMAIN.md "Scores
 * and results"); averages are computed in `numeric`, unrounded, and ranked with rank() over
 * the average rounded to engine.ts's RANK_DECIMALS places, so equal averages share a rank.
 */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Nulls come back as null, numbers as numbers (drivers answer numeric as text). */
const num = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** A subject of this type has a score in a test of this kind (engine.ts `subjectTakesTest`). */
const takesTest = (type: SQL, kind: SQL) =>
  sql`((${kind} = 'month' and ${type} in ('learning_exam', 'learning', 'attendance'))
    or (${kind} = 'exam' and ${type} in ('learning_exam', 'exam')))`;

/**
 * Each grade level's divisor for each kind of test: the grade's own, or the sum of the
 * coefficients of its subjects that take that test (`weight`, the weight of a full test).
 */
const divisorsCte = (schoolId: string) => sql`divisors as (
    select g.id as grade_level_id, k.kind, coalesce(g.divisor, sum(su.coefficient)) as divisor,
      sum(su.coefficient) as weight
    from grade_levels g
    cross join (values ('month'), ('exam')) as k(kind)
    left join subject_grade_levels sg on sg.grade_level_id = g.id
    left join subjects su on su.id = sg.subject_id and ${takesTest(sql`su.type`, sql`k.kind`)}
    where g.school_id = ${schoolId}
    group by g.id, k.kind, g.divisor
  )`;

/**
 * engine.ts `testAverage`, the rule for a missing score, over a student's totals of a test: the
 * weighted total of the marks there are ÷ the divisor shrunk in proportion to the weight of the
 * subjects with a mark (a score not entered is left out; an absence counts 0 in the total).
 */
const averageLeavingOutMissing = (total: SQL, countedWeight: SQL, divisor: SQL, weight: SQL) =>
  sql`(${total} * ${weight} / nullif(${divisor} * ${countedWeight}, 0))`;

/** `column in (…)`; true for null (no restriction), false for an empty list. */
const inList = (column: SQL, ids: readonly string[] | null) =>
  ids === null ? sql`true` : ids.length === 0 ? sql`false` : sql`${column} in ${ids}`;

/** The (term, month) pairs of terms, as the rows of a query (none for no months). */
const termMonthsRows = (terms: readonly TermOfYear[]) => {
  const pairs = terms.flatMap((term) =>
    term.months.map((month) => sql`(${term.id}::uuid, ${month}::int)`),
  );
  return pairs.length === 0
    ? sql`select null::uuid, null::int where false`
    : sql`values ${sql.join(pairs, sql`, `)}`;
};

/** One test: a month of a term or a term's exam, with the days whose enrollments list students. */
export interface TestSpan {
  termId: string;
  kind: 'month' | 'exam';
  month: number | null;
  /** A student enrolled on any of these days is listed; one still there on `to` is active. */
  from: string;
  to: string;
}

/** A listed student's result in one test of one class. */
export interface TestResultRow {
  classId: string;
  termId: string;
  kind: 'month' | 'exam';
  month: number | null;
  studentId: string;
  active: boolean;
  total: number | null;
  average: number | null;
  rank: number | null;
}

/**
 * Results of tests (months, exams) in classes, from each class's own score sheets (a student's
 * scores stay with the class they were taken in): per class, test and student enrolled during
 * the test's days, the coefficient-weighted total (absent 0, empty nothing), the average (÷ the
 * grade's divisor for the kind of test, shrunk for the subjects not entered: engine.ts
 * `testAverage`) and the rank among the students still in the class.
 */
export async function testResults(
  db: Db,
  options: { schoolId: string; classIds: readonly string[]; tests: readonly TestSpan[] },
): Promise<TestResultRow[]> {
  const { schoolId, classIds, tests } = options;
  if (classIds.length === 0 || tests.length === 0) return [];
  const values = sql.join(
    tests.map(
      (test) =>
        sql`(${test.termId}::uuid, ${test.kind}::text, ${test.month}::int, ${test.from}::date, ${test.to}::date)`,
    ),
    sql`, `,
  );
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with
  tests (term_id, kind, month, from_day, to_day) as (values ${values}),
  listed as (
    select distinct on (e.class_id, t.term_id, t.kind, t.month, e.student_id)
      e.class_id, t.term_id, t.kind, t.month, e.student_id,
      (e.end_date is null or e.end_date >= t.to_day) as active
    from enrollments e
    join tests t on e.start_date <= t.to_day and (e.end_date is null or e.end_date >= t.from_day)
    where e.school_id = ${schoolId} and e.class_id in ${classIds}
    order by e.class_id, t.term_id, t.kind, t.month, e.student_id,
      (e.end_date is null) desc, e.end_date desc
  ),
  ${divisorsCte(schoolId)},
  totals as (
    select sh.class_id, sh.term_id, sh.kind, sh.month, sc.student_id,
      sum(coalesce(sc.score, 0) * su.coefficient) as total, sum(su.coefficient) as counted_weight
    from score_sheets sh
    join tests t on t.term_id = sh.term_id and t.kind = sh.kind
      and coalesce(t.month, 0) = coalesce(sh.month, 0)
    join classes c on c.id = sh.class_id
    join subjects su on su.id = sh.subject_id
    join subject_grade_levels sg on sg.subject_id = sh.subject_id
      and sg.grade_level_id = c.grade_level_id
    join scores sc on sc.sheet_id = sh.id and (sc.score is not null or sc.absent)
    where sh.school_id = ${schoolId} and sh.class_id in ${classIds}
      and ${takesTest(sql`su.type`, sql`sh.kind`)}
    group by sh.class_id, sh.term_id, sh.kind, sh.month, sc.student_id
  ),
  results as (
    select l.class_id, l.term_id, l.kind, l.month, l.student_id, l.active, t.total,
      ${averageLeavingOutMissing(sql`t.total`, sql`t.counted_weight`, sql`d.divisor`, sql`d.weight`)} as average
    from listed l
    join classes c on c.id = l.class_id
    left join divisors d on d.grade_level_id = c.grade_level_id and d.kind = l.kind
    left join totals t on t.class_id = l.class_id and t.term_id = l.term_id and t.kind = l.kind
      and coalesce(t.month, 0) = coalesce(l.month, 0) and t.student_id = l.student_id
  )
select class_id, term_id, kind, month, student_id, active, total::float8 as total,
  average::float8 as average,
  case when active and average is not null then
    (rank() over (partition by class_id, term_id, kind, month, (active and average is not null)
      order by round(average, 9) desc))::int
  end as rank
from results`,
  );
  return rows.map((row) => ({
    classId: String(row.class_id),
    termId: String(row.term_id),
    kind: row.kind as 'month' | 'exam',
    month: num(row.month),
    studentId: String(row.student_id),
    active: Boolean(row.active),
    total: num(row.total),
    average: num(row.average),
    rank: num(row.rank),
  }));
}

/** A term of a year with its test months. */
export interface TermOfYear {
  id: string;
  months: readonly number[];
}

/** A student's parts of one term: the monthly averages there are, the exam's, the term's. */
export interface TermParts {
  termId: string;
  /** Months with an average (in the term's order), each from the class the student was in. */
  months: { month: number; average: number }[];
  examAverage: number | null;
  average: number | null;
}

/** A listed student's term or year average in a class, with the parts and the rank. */
export interface PeriodAverageRow {
  classId: string;
  studentId: string;
  active: boolean;
  terms: TermParts[];
  /** One term: its average; several (the year): their mean, null when one is missing. */
  average: number | null;
  rank: number | null;
}

/**
 * Term (semester) or year averages of every student of a set of classes — or, with `classIds`
 * null, of every class of the year: the whole school in one statement.
 *
 * A student's monthly average comes from the sheets of the class they were in that month, their
 * exam's from the class they sat it in; a term average takes all their months of the term in
 * any class of the year: (exam average + mean of the monthly averages) ÷ 2, null without the
 * exam or without any month. With several terms, the average is their mean (the year's), null
 * when one is missing. Students are listed in each class they were enrolled in between `from`
 * and `to`; those still there on `to` are active and ranked (rank() over the class).
 *
 * Built for a whole school (3,000 students × 15 subjects × 12 tests): the sheets of the terms
 * are read once, with what each needs (class, grade, test, coefficient), and the scores joined to
 * them by sheet only and summed per student and test in one hashed pass — in integer hundredths
 * (scores and coefficients have two decimals), exact and light to sum; everything after works
 * on those few totals, with a column per term and month rather than per-row JSON. Each test's
 * slot is a CASE over the sheet's own columns, not a join, so the planner counts the sheets
 * about right and hashes the later joins instead of nesting loops over thousands of rows.
 */
export async function periodAverages(
  db: Db,
  options: {
    schoolId: string;
    yearId: string;
    terms: readonly TermOfYear[];
    from: string;
    to: string;
    classIds: readonly string[] | null;
  },
): Promise<PeriodAverageRow[]> {
  const { schoolId, yearId, terms, from, to, classIds } = options;
  if (classIds !== null && classIds.length === 0) return [];
  const termIds = terms.map((term) => term.id);
  // For some classes, only the sheets of the classes their students were in during the year
  // are read (their scores through the sheets' key); for the whole school every sheet is.
  const onlyTheirClasses =
    classIds === null
      ? sql`true`
      : sql`sh.class_id in (select p.class_id from enrollments p
          where p.year_id = ${yearId} and p.student_id in (select student_id from listed))`;
  // A few sheets' scores are read through the sheets' key (an index scan), not by scanning all.
  const throughSheetKey =
    classIds === null ? sql`true` : sql`sc.sheet_id = any(array(select id from sheets))`;
  // Each test of the terms gets a number (its slot): each term's months in order, then its exam.
  let next = 0;
  const termSlots = terms.map((term) => ({
    months: term.months.map((month) => ({ month, slot: ++next })),
    exam: ++next,
  }));
  // A sheet's slot, from its term, kind and month (null for a month outside its term).
  const slotOf =
    terms.length === 0
      ? sql`null::int`
      : sql`case ${sql.join(
          terms.flatMap((term, t) => [
            ...termSlots[t]!.months.map(
              ({ month, slot }) =>
                sql`when sh.term_id = ${term.id} and sh.kind = 'month' and sh.month = ${month} then ${slot}::int`,
            ),
            sql`when sh.term_id = ${term.id} and sh.kind = 'exam' then ${termSlots[t]!.exam}::int`,
          ]),
          sql` `,
        )} end`;
  // One column per term's exam, months' mean and month: t0_exam, t0_mean, t0_m11, …
  const partColumns = terms.flatMap((term, t) => {
    const { months, exam } = termSlots[t]!;
    const mean =
      months.length === 0
        ? `null::numeric as t${t}_mean`
        : `avg(average) filter (where slot between ${months[0]!.slot} and ${months[months.length - 1]!.slot}) as t${t}_mean`;
    return [
      `max(average) filter (where slot = ${exam}) as t${t}_exam`,
      mean,
      ...months.map(
        ({ month, slot }) => `max(average) filter (where slot = ${slot}) as t${t}_m${month}`,
      ),
    ];
  });
  const termAverage = (t: number) =>
    `(case when p.t${t}_exam is not null and p.t${t}_mean is not null then (p.t${t}_exam + p.t${t}_mean) / 2 end)`;
  const outputColumns = terms.flatMap((term, t) => [
    `p.t${t}_exam::float8 as t${t}_exam`,
    `${termAverage(t)}::float8 as t${t}_average`,
    ...term.months.map((month) => `p.t${t}_m${month}::float8 as t${t}_m${month}`),
  ]);
  const average =
    terms.length === 0
      ? 'null::numeric'
      : `(${terms.map((_, t) => termAverage(t)).join(' + ')}) / ${terms.length}`;
  const query = sql`with
  listed as (
    select distinct on (e.class_id, e.student_id) e.class_id, e.student_id,
      (e.end_date is null or e.end_date >= ${to}::date) as active
    from enrollments e
    where e.school_id = ${schoolId} and e.year_id = ${yearId}
      and e.start_date <= ${to}::date and (e.end_date is null or e.end_date >= ${from}::date)
      and ${inList(sql`e.class_id`, classIds)}
    order by e.class_id, e.student_id, (e.end_date is null) desc, e.end_date desc
  ),
  ${divisorsCte(schoolId)},
  term_sheets as (
    select sh.id, sh.class_id, sh.kind, c.grade_level_id,
      (su.coefficient * 100)::int8 as coefficient_cents, ${slotOf} as slot
    from score_sheets sh
    join classes c on c.id = sh.class_id
    join subjects su on su.id = sh.subject_id
    where sh.school_id = ${schoolId} and ${inList(sql`sh.term_id`, termIds)}
      and ${onlyTheirClasses}
      and ${takesTest(sql`su.type`, sql`sh.kind`)}
      and exists (select 1 from subject_grade_levels sg
        where sg.subject_id = sh.subject_id and sg.grade_level_id = c.grade_level_id)
  ),
  sheets as materialized (
    select id, coefficient_cents, slot, kind, class_id, grade_level_id,
      dense_rank() over (order by class_id, slot) as test_no
    from term_sheets
    where slot is not null
  ),
  tests as (
    select distinct test_no, slot, kind, class_id, grade_level_id from sheets
  ),
  totals as (
    select sc.student_id, sh.test_no,
      sum(coalesce((sc.score * 100)::int8, 0) * sh.coefficient_cents) as total_cents,
      sum(sh.coefficient_cents) as counted_cents,
      count(*) as counted
    from sheets sh
    -- Through score_sheets itself, whose id the planner knows to be unique: it reads each
    -- sheet's scores by the sheet's key rather than hashing every score of the school.
    join score_sheets base on base.id = sh.id
    join scores sc on sc.sheet_id = base.id
    where (sc.score is not null or sc.absent) and ${throughSheetKey}
    group by sc.student_id, sh.test_no
  ),
  -- One class per student and test: moved mid-month, the class holding most of their scores.
  averages as (
    select distinct on (t.student_id, i.slot)
      t.student_id, i.slot,
      ${averageLeavingOutMissing(sql`t.total_cents / 10000.0`, sql`t.counted_cents / 100.0`, sql`d.divisor`, sql`d.weight`)} as average
    from totals t
    join tests i on i.test_no = t.test_no
    join divisors d on d.grade_level_id = i.grade_level_id and d.kind = i.kind and d.divisor > 0
    order by t.student_id, i.slot, t.counted desc, i.class_id
  ),
  parts as (
    select student_id${sql.raw(partColumns.map((column) => `, ${column}`).join(''))}
    from averages
    group by student_id
  ),
  results as (
    select l.class_id, l.student_id, l.active${sql.raw(outputColumns.map((column) => `, ${column}`).join(''))},
      ${sql.raw(average)} as average
    from listed l
    left join parts p on p.student_id = l.student_id
  )
select *, (case when active and average is not null then
    rank() over (partition by class_id, (active and average is not null)
      order by round(average, 9) desc) end)::int as rank
from results`;
  const rows = await rowsOf<Record<string, unknown>>(db, query);
  return rows.map((row) => ({
    classId: String(row.class_id),
    studentId: String(row.student_id),
    active: Boolean(row.active),
    terms: terms.map((term, t) => ({
      termId: term.id,
      months: term.months.flatMap((month) => {
        const value = num(row[`t${t}_m${month}`]);
        return value === null ? [] : [{ month, average: value }];
      }),
      examAverage: num(row[`t${t}_exam`]),
      average: num(row[`t${t}_average`]),
    })),
    average: num(row.average),
    rank: num(row.rank),
  }));
}

/** A student's score in one subject of one month's test. */
export interface MonthScoreRow {
  studentId: string;
  subjectId: string;
  score: number | null;
  absent: boolean;
}

/** The scores of a class's sheets of one month, for its listed students. */
export async function monthScores(
  db: Db,
  options: { schoolId: string; classId: string; termId: string; month: number },
): Promise<MonthScoreRow[]> {
  const { schoolId, classId, termId, month } = options;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select sc.student_id, sh.subject_id, sc.score::float8 as score, sc.absent
from score_sheets sh
join scores sc on sc.sheet_id = sh.id
where sh.school_id = ${schoolId} and sh.class_id = ${classId} and sh.term_id = ${termId}
  and sh.kind = 'month' and sh.month = ${month}`,
  );
  return rows.map((row) => ({
    studentId: String(row.student_id),
    subjectId: String(row.subject_id),
    score: num(row.score),
    absent: Boolean(row.absent),
  }));
}

/** A student's parts of one subject in one term: the mean of their months, their exam. */
export interface SubjectTermRow {
  studentId: string;
  termId: string;
  subjectId: string;
  /** The mean of the monthly scores there are (absent 0); null without any. */
  monthsMean: number | null;
  examScore: number | null;
  examAbsent: boolean;
}

/**
 * Per student, term and subject, the mean of the monthly scores and the exam score, taken from
 * the sheets of any class of the term (a student moved during the term keeps their earlier
 * months); where two classes hold a score of the same test, the class asked about wins.
 */
export async function subjectTermScores(
  db: Db,
  options: {
    schoolId: string;
    classId: string;
    terms: readonly TermOfYear[];
    studentIds: readonly string[];
  },
): Promise<SubjectTermRow[]> {
  const { schoolId, classId, terms, studentIds } = options;
  if (terms.length === 0 || studentIds.length === 0) return [];
  const termMonths = termMonthsRows(terms);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with
  term_months (term_id, month) as (${termMonths}),
  cells as (
    select distinct on (sc.student_id, sh.term_id, sh.subject_id, sh.kind, sh.month)
      sc.student_id, sh.term_id, sh.subject_id, sh.kind, coalesce(sc.score, 0) as value, sc.absent
    from score_sheets sh
    join subjects su on su.id = sh.subject_id
    join scores sc on sc.sheet_id = sh.id and (sc.score is not null or sc.absent)
    where sh.school_id = ${schoolId} and ${inList(
      sql`sh.term_id`,
      terms.map((term) => term.id),
    )}
      and sc.student_id in ${studentIds}
      and ${takesTest(sql`su.type`, sql`sh.kind`)}
      and (sh.kind = 'exam'
        or exists (select 1 from term_months tm where tm.term_id = sh.term_id and tm.month = sh.month))
    order by sc.student_id, sh.term_id, sh.subject_id, sh.kind, sh.month,
      (sh.class_id = ${classId}) desc, sh.class_id
  )
select student_id, term_id, subject_id,
  (avg(value) filter (where kind = 'month'))::float8 as months_mean,
  (max(value) filter (where kind = 'exam'))::float8 as exam_score,
  coalesce(bool_or(absent) filter (where kind = 'exam'), false) as exam_absent
from cells
group by student_id, term_id, subject_id`,
  );
  return rows.map((row) => ({
    studentId: String(row.student_id),
    termId: String(row.term_id),
    subjectId: String(row.subject_id),
    monthsMean: num(row.months_mean),
    examScore: num(row.exam_score),
    examAbsent: Boolean(row.exam_absent),
  }));
}

/** Sessions a student was absent, on permission and late. */
export interface AbsenceCounts {
  absent: number;
  permission: number;
  late: number;
}

/**
 * Each student's absent, permission and late sessions between two days, in whatever class they
 * were marked: one mark per day and shift, as the attendance roll-up counts them (a shift's own
 * sheet before its periods', then the earliest period).
 */
export async function absenceCounts(
  db: Db,
  options: { schoolId: string; studentIds: readonly string[]; from: string; to: string },
): Promise<Map<string, AbsenceCounts>> {
  const { schoolId, studentIds, from, to } = options;
  if (studentIds.length === 0) return new Map();
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select r.student_id,
  (count(*) filter (where r.status = 'absent'))::int as absent,
  (count(*) filter (where r.status = 'permission'))::int as permission,
  (count(*) filter (where r.status = 'late'))::int as late
from (
  select distinct on (s.date, s.session, m.student_id) m.student_id, m.status
  from attendance_sheets s
  join attendance_marks m on m.sheet_id = s.id
  left join periods p on p.id = s.period_id
  where s.school_id = ${schoolId} and s.date between ${from}::date and ${to}::date
    and m.student_id in ${studentIds}
  order by s.date, s.session, m.student_id, (s.period_id is not null), p.number
) r
group by r.student_id`,
  );
  return new Map(
    rows.map((row) => [
      String(row.student_id),
      { absent: Number(row.absent), permission: Number(row.permission), late: Number(row.late) },
    ]),
  );
}

/** A test whose sheets a result stands on. */
export interface TestKey {
  termId: string;
  kind: 'month' | 'exam';
  month: number | null;
}

/**
 * Whether every sheet behind a class's result is published: each subject of the class's grade
 * that takes each test has its sheet, and all of them are published.
 */
export async function allPublished(
  db: Db,
  options: { schoolId: string; classId: string; tests: readonly TestKey[] },
): Promise<boolean> {
  const { schoolId, classId, tests } = options;
  if (tests.length === 0) return false;
  const values = sql.join(
    tests.map((test) => sql`(${test.termId}::uuid, ${test.kind}::text, ${test.month}::int)`),
    sql`, `,
  );
  const [row] = await rowsOf<{ expected: number; published: number }>(
    db,
    sql`with
  tests (term_id, kind, month) as (values ${values}),
  expected as (
    select su.id as subject_id, t.term_id, t.kind, t.month
    from classes c
    join subject_grade_levels sg on sg.grade_level_id = c.grade_level_id
    join subjects su on su.id = sg.subject_id
    cross join tests t
    where c.id = ${classId} and c.school_id = ${schoolId} and ${takesTest(sql`su.type`, sql`t.kind`)}
  )
select (select count(*) from expected)::int as expected,
  (select count(*) from expected x
    join score_sheets sh on sh.class_id = ${classId} and sh.subject_id = x.subject_id
      and sh.term_id = x.term_id and sh.kind = x.kind and coalesce(sh.month, 0) = coalesce(x.month, 0)
    where sh.status = 'published')::int as published`,
  );
  return row !== undefined && row.expected > 0 && Number(row.published) === Number(row.expected);
}
