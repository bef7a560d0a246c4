// The school a soak runs on, made by the server's own generator, and what its users work on.
import { sql } from 'drizzle-orm';
import { schoolSettingsSchema } from '@sala/contract';
import type { Db } from '../../src/db/client.js';
import type { generateSchools } from '../../src/seed/generate.js';
import { officeUsers, teacherAccountOf, type SoakPlan } from './driver.js';

export interface SoakSchoolOptions {
  /** The simulated users: the school gets a teacher account for each who teaches. */
  users: number;
  students: number;
  password: string;
  /** The school's today (Cambodia): attendance up to yesterday, scores up to this month. */
  today: string;
  seed?: number;
}

const addDays = (date: string, days: number) => {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

/**
 * Generates one school on a bootstrapped database (`generate` is generateSchools, from the
 * sources or from the build): `students` students in classes of ~52, a teacher account for
 * each teacher the users sign in as (fewer students per teacher than usual when needed), a year that
 * holds today and began at least a month ago, its attendance up to yesterday and every month
 * test begun (the latest still a draft). Answers the plan the users follow.
 */
export async function generateSoakSchool(
  db: Db,
  generate: typeof generateSchools,
  options: SoakSchoolOptions,
): Promise<{ plan: SoakPlan; counts: Record<string, number> }> {
  const { today } = options;
  const teachers =
    teacherAccountOf(Math.max(1, options.users - officeUsers(options.users)) - 1) + 1;
  // The generator's year: 1 November to 31 August. Here it begins at least a month before today
  // (so teachers' week and the office's last month hold sheets) and ends after today (so today's
  // sheets may be taken).
  const year = Number(today.slice(0, 4));
  const firstYear = Number(today.slice(5, 7)) >= 11 ? year : year - 1;
  const lastMonth = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  const yearStart = [`${firstYear}-11-01`, lastMonth].sort()[0]!;
  const yearEnd = [`${firstYear + 1}-08-31`, addDays(today, 60)].sort()[1]!;
  const { schools, counts } = await generate(db, {
    students: options.students,
    studentsPerTeacher: Math.max(1, Math.floor(options.students / teachers)),
    password: options.password,
    seed: options.seed ?? 1,
    today,
    yearStart,
    yearEnd,
  });
  const school = schools[0]!;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  // The month test being entered: the draft one; else (before any sheet) this month of its term.
  const [draft] = await rows<{ term_id: string; month: number }>(sql`
    select term_id, month from score_sheets
    where school_id = ${school.id} and kind = 'month' and status = 'draft'
    order by updated_at desc limit 1`);
  let scoreTest = draft ? { termId: draft.term_id, month: Number(draft.month) } : undefined;
  if (!scoreTest) {
    const month = Number(today.slice(5, 7));
    const terms = await rows<{ id: string; months: unknown }>(sql`
      select id, months from terms where school_id = ${school.id}`);
    const monthsOf = (months: unknown) =>
      String(months)
        .replace(/[{}[\]\s]/g, '')
        .split(',')
        .map(Number);
    const term = terms.find((t) => monthsOf(t.months).includes(month));
    if (term) scoreTest = { termId: term.id, month };
  }
  if (!scoreTest) throw new Error(`the generated school has no month test open on ${today}`);
  // Teachers with classes (teaching or homeroom) first: the users sign in as them.
  const busy = new Set(
    (
      await rows<{ username: string }>(sql`
        select u.username from users u join employees e on e.user_id = u.id
        where u.school_id = ${school.id} and (
          exists (select 1 from teaching_assignments ta where ta.employee_id = e.id)
          or exists (select 1 from classes c where c.homeroom_employee_id = e.id))`)
    ).map((row) => row.username),
  );
  const teacherUsernames = [
    ...school.teacherUsernames.filter((name) => busy.has(name)),
    ...school.teacherUsernames.filter((name) => !busy.has(name)),
  ];
  const [settings] = await rows<{ settings: unknown }>(sql`
    select settings from schools where id = ${school.id}`);
  return {
    plan: {
      password: options.password,
      today,
      attendanceEditDays: schoolSettingsSchema.parse(settings?.settings ?? {}).attendanceEditDays,
      scoreTest,
      teacherUsernames,
      officeUsername: school.officeUsername,
    },
    counts,
  };
}
