import { sql } from 'drizzle-orm';
import type { SchoolContext } from './context.js';
import type { Calendar } from './school.js';
import { addDays, pad, termPlan } from './plan.js';
import { hash, highDraw, lowDraw } from './sql.js';

/** A month test or an exam of a term, and the day it closed. */
interface Test {
  term: number;
  kind: 'month' | 'exam';
  month: number | null;
  end: string;
}

/** Every month test that has begun by `today`, and each term's exam once its month is over. */
export function testsSoFar({ today, firstYear }: Calendar): Test[] {
  const tests: Test[] = [];
  for (const term of termPlan) {
    for (const m of term.months) {
      const y = m >= 11 ? firstYear : firstYear + 1;
      const start = `${y}-${pad(m, 2)}-01`;
      if (start >= today) continue;
      const end = addDays(`${m === 12 ? y + 1 : y}-${pad((m % 12) + 1, 2)}-01`, -1);
      tests.push({ term: term.number, kind: 'month', month: m, end });
      // The exam once its month is over.
      if (m === term.examMonth && end < today)
        tests.push({ term: term.number, kind: 'exam', month: null, end });
    }
  }
  return tests;
}

/**
 * Scores: every month test and exam that has begun, of every subject of every class; the
 * latest month still a draft, the others published by the administrator.
 */
export async function enterScores(
  ctx: SchoolContext,
  termRows: { id: string; number: number }[],
  adminId: string | null,
  lap: (step: string) => void,
) {
  if (ctx.job.scores === false) return;
  const tests = testsSoFar(ctx.calendar);
  if (tests.length === 0) return;
  const lastMonth = tests.filter((t) => t.kind === 'month').at(-1);
  await ctx.tx.execute(sql`
    create temp table g_test on commit drop as
    select no::int, term_id::uuid, kind, month::int, draft::boolean, closed::timestamptz
    from (values ${sql.join(
      tests.map(
        (t, i) =>
          sql`(${i + 1}::int, ${termRows.find((row) => row.number === t.term)!.id}::uuid,
               ${t.kind}::text, ${t.month}::int, ${t === lastMonth}::boolean,
               ${`${t.end}T16:00:00+07:00`}::timestamptz)`,
      ),
      sql`, `,
    )}) v(no, term_id, kind, month, draft, closed)`);
  await insertSheets(ctx, adminId);
  lap('score sheets');
  await insertScores(ctx);
  lap('scores');
}

/** A sheet per class, subject and test, by the subject's teacher. */
async function insertSheets({ tx, schoolId }: SchoolContext, adminId: string | null) {
  await tx.execute(sql`
    insert into score_sheets (school_id, class_id, subject_id, term_id, kind, month, status,
                              submitted_by, submitted_at, published_by, published_at,
                              updated_by, updated_at)
    select ${schoolId}, c.id, p.id, t.term_id, t.kind, t.month,
           case when t.draft then 'draft' else 'published' end,
           case when not t.draft then g.user_id end,
           case when not t.draft then t.closed end,
           case when not t.draft then ${adminId}::uuid end,
           case when not t.draft then t.closed + interval '1 hour' end,
           g.user_id, t.closed
    from g_class c cross join g_subject p cross join g_test t
    join g_teaching g on g.class_no = c.no and g.subject_no = p.no
    order by c.no, p.no, t.no`);
}

/** Each student's score on each sheet, from their ability and the test's luck; 2 % absent. */
async function insertScores({ tx, schoolId, job }: SchoolContext) {
  await tx.execute(sql`
    insert into scores (sheet_id, student_id, school_id, score, absent, updated_by, updated_at)
    select sheet_id, student_id, ${schoolId},
           case when not absent then round(max_score * least(1, greatest(0,
             0.22 + 0.5 * ability + 0.4 * (draw - 0.35))) * 2) / 2 end,
           absent, updated_by, updated_at
    from (
      select sheet_id, student_id, max_score, updated_by, updated_at,
             ${lowDraw(sql`h`)} < 0.02 as absent, ${highDraw(sql`h`)} as draw,
             0.7 * ability + 0.3 * ${lowDraw(sql`h2`)} as ability
      from (
        select sh.id as sheet_id, s.id as student_id, p.max_score, sh.updated_by,
               sh.updated_at, s.ability,
               ${hash(job.seed, 40, sql`s.no::int8 * 1024 + p.no * 32 + t.no`)} as h,
               ${hash(job.seed, 43, sql`s.no::int8 * 32 + p.no`)} as h2
        from score_sheets sh
        join g_class c on c.id = sh.class_id
        join g_subject p on p.id = sh.subject_id
        join g_test t on t.term_id = sh.term_id and t.kind = sh.kind
          and t.month is not distinct from sh.month
        join g_student s on s.class_no = c.no
        where sh.school_id = ${schoolId}
        offset 0
      ) hashed
    ) drawn
    order by sheet_id, student_id`);
}
