import { sql } from 'drizzle-orm';
import type { SchoolContext } from './context.js';
import { addDays, defaultHolidays, leaveReasons, schoolDays } from './plan.js';
import { hash, highDraw, lowDraw, pick } from './sql.js';

/**
 * Attendance: every shift of every school day up to the day before `today`, with a few leave
 * requests. Answers the last day with attendance (null when none was taken).
 */
export async function takeAttendance(
  ctx: SchoolContext,
  lap: (step: string) => void,
): Promise<string | null> {
  const { job, calendar } = ctx;
  const until = [addDays(calendar.today, -1), calendar.yearEnd].sort()[0]!;
  if (job.attendance === false || until < calendar.yearStart) return null;
  const days = schoolDays(
    calendar.yearStart,
    until,
    job.schoolDays ?? [1, 2, 3, 4, 5, 6],
    job.holidays ?? defaultHolidays,
  );
  await ctx.tx.execute(sql`
    create temp table g_day on commit drop as
    select d.no::int as no, d.day::date as date
    from unnest(string_to_array(${days.join(',')}::text, ',')) with ordinality d(day, no)`);
  await requestLeave(ctx, days.length);
  await insertSheets(ctx);
  lap('leave requests, attendance sheets');
  await insertMarks(ctx);
  lap('attendance marks');
  return days.at(-1) ?? null;
}

/** A few leave requests: about 3 % of students, one to three days each (and g_leave). */
async function requestLeave({ tx, r, schoolId }: SchoolContext, dayCount: number) {
  await tx.execute(sql`
    insert into leave_requests (school_id, student_id, from_date, to_date, session, reason,
                                created_by, created_at)
    select ${schoolId}, s.id, d.date, d.date + floor(${r(31, sql`s.no`)} * 3)::int, null,
           ${pick(leaveReasons, r(32, sql`s.no`))}, c.homeroom_user_id,
           (d.date - 1 + time '16:00') at time zone 'Asia/Phnom_Penh'
    from g_student s
    join g_class c on c.no = s.class_no
    join g_day d on d.no = 1 + floor(${r(33, sql`s.no`)} * ${dayCount}::int)::int
    where ${r(30, sql`s.no`)} < 0.03 and ${dayCount}::int > 0
    order by s.no`);
  await tx.execute(sql`
    create temp table g_leave on commit drop as
    select s.no as student_no, d.no as day_no, l.reason
    from leave_requests l
    join g_student s on s.id = l.student_id
    join g_day d on d.date between l.from_date and l.to_date`);
}

/** A sheet for every session of every class on every school day, taken by its homeroom teacher. */
async function insertSheets({ tx, schoolId }: SchoolContext) {
  await tx.execute(sql`
    insert into attendance_sheets (id, school_id, class_id, date, session, taken_by, taken_at,
                                   updated_by, updated_at)
    select gen_random_uuid(), ${schoolId}, c.id, d.date, v.session, c.homeroom_user_id,
           v.taken, c.homeroom_user_id, v.taken
    from g_class c
    cross join g_day d
    cross join lateral (
      select session,
             (d.date + case when session = 'afternoon' then time '13:05' else time '07:05' end)
               at time zone 'Asia/Phnom_Penh' as taken
      from unnest(c.sessions) session) v
    order by c.no, d.no, v.session`);
}

/** About 93 % present; a few students are absent far more than others. */
async function insertMarks({ tx, schoolId, job }: SchoolContext) {
  await tx.execute(sql`
    insert into attendance_marks (sheet_id, student_id, school_id, status, minutes_late, note,
                                  taken_status, taken_minutes_late)
    select sheet_id, student_id, ${schoolId}, status, minutes_late, note, status, minutes_late
    from (
      select sheet_id, student_id, status,
             case when status = 'late'
                  then 5 + floor(${highDraw(sql`h`)} * 26)::int end as minutes_late,
             coalesce(reason, '') as note
      from (
        select sheet_id, student_id, reason, h,
               case when reason is not null then 'permission'
                    when draw < absent then 'absent'
                    when draw < absent + 0.015 then 'permission'
                    when draw < absent + 0.045 then 'late'
                    else 'present' end as status
        from (
          select sheet_id, student_id, reason, absent, h, ${lowDraw(sql`h`)} as draw
          from (
            select sh.id as sheet_id, s.id as student_id, l.reason, s.absent,
                   ${hash(job.seed, 35, sql`s.no::int8 * 4096 + d.no * 4 + case sh.session when 'morning' then 1 when 'afternoon' then 2 else 3 end`)} as h
            from attendance_sheets sh
            join g_class c on c.id = sh.class_id
            join g_day d on d.date = sh.date
            join g_student s on s.class_no = c.no
            left join g_leave l on l.student_no = s.no and l.day_no = d.no
            where sh.school_id = ${schoolId}
            -- Each row's hash once: the levels above read it as a column.
            offset 0
          ) hashed
        ) drawn
      ) marked
    ) marks
    order by sheet_id, student_id`);
}
