import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { academicYears, scoreSheets, terms, users } from '../../db/schema.js';
import type { Tx } from '../../lib/audit.js';
import { seededRandom } from '../../lib/random.js';
import { monthOfYear } from './access.js';

/** A normally distributed draw (Box–Muller). */
const gaussian = (next: () => number) =>
  Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

/**
 * The demo school's monthly scores: for every class of the current year, the months of its first
 * term that have begun, each subject of the class entered by its teacher for the students in the
 * class that month. Earlier months are published; the latest is still a draft, with a few
 * subjects not entered yet. Each student has a level, each subject its own spread; a few are
 * absent for a test.
 */
export async function seedDemoScores(tx: Tx, schoolId: string, today = new Date()): Promise<void> {
  const [year] = await tx
    .select({ id: academicYears.id, startDate: academicYears.startDate })
    .from(academicYears)
    .where(and(eq(academicYears.schoolId, schoolId), eq(academicYears.isCurrent, true)));
  if (!year) return;
  const [term] = await tx
    .select()
    .from(terms)
    .where(and(eq(terms.yearId, year.id), eq(terms.number, 1)))
    .orderBy(asc(terms.number))
    .limit(1);
  if (!term) return;
  const todayIso = today.toISOString().slice(0, 10);
  const months = term.months.filter((month) => monthOfYear(year.startDate, month).from <= todayIso);
  if (months.length === 0) return;

  // Each class's subjects with their teacher's account, and its students.
  const taught = (await tx.execute(sql`
    select c.id as class_id, s.id as subject_id, s.max_score::float8 as max_score,
      (select e.user_id from teaching_assignments ta join employees e on e.id = ta.employee_id
        where ta.class_id = c.id and ta.subject_id = s.id) as teacher
    from classes c
    join subjects s on s.id in (
      select sg.subject_id from subject_grade_levels sg where sg.grade_level_id = c.grade_level_id
      union select ta.subject_id from teaching_assignments ta where ta.class_id = c.id)
    where c.school_id = ${schoolId} and c.year_id = ${year.id}
    order by c.id, lower(s.code)
  `)) as unknown as {
    rows: { class_id: string; subject_id: string; max_score: number; teacher: string | null }[];
  };
  const enrolled = (await tx.execute(sql`
    select e.class_id, e.student_id, e.start_date::text as start_date, e.end_date::text as end_date
    from enrollments e join classes c on c.id = e.class_id
    where c.school_id = ${schoolId} and c.year_id = ${year.id}
    order by e.class_id, e.student_id
  `)) as unknown as {
    rows: { class_id: string; student_id: string; start_date: string; end_date: string | null }[];
  };
  const [publisher] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.username, 'office')));

  const next = seededRandom(20261122);
  const level = new Map<string, number>();
  const byClass = new Map<string, typeof enrolled.rows>();
  for (const row of enrolled.rows) {
    byClass.set(row.class_id, [...(byClass.get(row.class_id) ?? []), row]);
    if (!level.has(row.student_id)) {
      level.set(row.student_id, Math.min(0.97, Math.max(0.25, 0.66 + 0.14 * gaussian(next))));
    }
  }
  const sheetValues: (typeof scoreSheets.$inferInsert)[] = [];
  /** [sheet, student, score, absent, updated by, updated at] */
  const scoreValues: [string, string, number | null, boolean, string | null, string][] = [];
  const latest = months[months.length - 1]!;
  for (const month of months) {
    const days = monthOfYear(year.startDate, month);
    const testDay = new Date(`${days.to < todayIso ? days.to : todayIso}T03:00:00Z`);
    const isLatest = month === latest;
    for (const subject of taught.rows) {
      // The latest month is being entered: some subjects are not there yet.
      if (isLatest && next() < 0.3) continue;
      const students = (byClass.get(subject.class_id) ?? []).filter(
        (row) => row.start_date <= days.to && (row.end_date === null || row.end_date >= days.from),
      );
      if (students.length === 0) continue;
      const sheetId = randomUUID();
      const by = subject.teacher ?? publisher?.id ?? null;
      sheetValues.push({
        id: sheetId,
        schoolId,
        classId: subject.class_id,
        subjectId: subject.subject_id,
        termId: term.id,
        kind: 'month',
        month,
        status: isLatest ? 'draft' : 'published',
        submittedBy: isLatest ? null : by,
        submittedAt: isLatest ? null : testDay,
        publishedBy: isLatest ? null : (publisher?.id ?? by),
        publishedAt: isLatest ? null : testDay,
        updatedBy: by,
        updatedAt: testDay,
        version: isLatest ? 1 : 3,
        createdAt: testDay,
      });
      const spread = 0.06 + 0.08 * next();
      const max = subject.max_score;
      for (const student of students) {
        const absent = next() < 0.02;
        const fraction = Math.min(
          1,
          Math.max(0, level.get(student.student_id)! + spread * gaussian(next)),
        );
        scoreValues.push([
          sheetId,
          student.student_id,
          absent ? null : Math.round(fraction * max * 2) / 2,
          absent,
          by,
          testDay.toISOString(),
        ]);
      }
    }
  }
  if (sheetValues.length > 0) await tx.insert(scoreSheets).values(sheetValues);
  // One statement for the lot: the rows travel as one JSON parameter.
  if (scoreValues.length > 0) {
    await tx.execute(sql`
      insert into scores (sheet_id, student_id, school_id, score, absent, updated_by, updated_at)
      select (x->>0)::uuid, (x->>1)::uuid, ${schoolId}, (x->>2)::numeric, (x->>3)::boolean,
        (x->>4)::uuid, (x->>5)::timestamptz
      from jsonb_array_elements(${JSON.stringify(scoreValues)}::jsonb) x
    `);
  }
}
