import { sql } from 'drizzle-orm';
import type { SchoolSettings } from '@sala/contract';
import { expectedSessions } from '../../modules/attendance/access.js';
import { provinces } from '../names.js';
import type { SchoolContext } from './context.js';
import { SLOTS, WEEK_DAYS, guardianRelations, phonePrefixes9, type ClassLayout } from './plan.js';
import { familyName, givenName, pick, textArray } from './sql.js';

/**
 * Classes, with their homeroom teacher, room and shift (and the working table g_class, with the
 * attendance sessions each class takes under the school's settings).
 */
export async function createClasses(
  ctx: SchoolContext,
  layout: ClassLayout[],
  gradeId: Map<number, string>,
  settings: SchoolSettings,
) {
  const { tx, schoolId, yearId } = ctx;
  await tx.execute(sql`
    create temp table g_class (no int primary key, grade int, section text, session text,
      size int, first_student int, shift_index int, "offset" int, homeroom int, room text,
      sessions text[], id uuid, homeroom_employee_id uuid, homeroom_user_id uuid)
    on commit drop`);
  await tx.execute(sql`
    insert into g_class (no, grade, section, session, size, first_student, shift_index, "offset",
                         homeroom, room, sessions)
    values ${sql.join(
      layout.map(
        (c) => sql`(${c.no}::int, ${c.grade}::int, ${c.section}::text, ${c.session}::text,
          ${c.size}::int, ${c.firstStudent}::int, ${c.shiftIndex}::int, ${c.offset}::int,
          ${c.homeroom}::int, ${c.room}::text,
          ${textArray(expectedSessions(c.session, settings.attendanceSessions))})`,
      ),
      sql`, `,
    )}`);
  await tx.execute(sql`
    update g_class c set homeroom_employee_id = t.employee_id, homeroom_user_id = t.user_id
    from g_teacher t where t.no = c.homeroom`);
  const gradeIdSql = sql.join(
    [...gradeId].map(([g, id]) => sql`when ${g}::int then ${id}::uuid`),
    sql` `,
  );
  await tx.execute(sql`
    insert into classes (school_id, year_id, grade_level_id, section, name_km, name_en,
                         homeroom_employee_id, room, session, capacity)
    select ${schoolId}, ${yearId}, case c.grade ${gradeIdSql} end, c.section,
           'ថ្នាក់ទី' || translate(c.grade::text, '0123456789', '០១២៣៤៥៦៧៨៩') || c.section,
           'Grade ' || c.grade || c.section, c.homeroom_employee_id, c.room, c.session,
           greatest(c.size, 60)
    from g_class c order by c.no`);
  await tx.execute(sql`
    update g_class c set id = k.id from classes k
    where k.school_id = ${schoolId} and k.year_id = ${yearId}
      and k.name_en = 'Grade ' || c.grade || c.section`);
}

/**
 * Students, numbered class by class (the working table g_student, with how often each is
 * absent and how well each does), and their enrollment from the year's first day.
 */
export async function createStudents(ctx: SchoolContext, width: number) {
  const { tx, r, schoolId, yearId, job } = ctx;
  await tx.execute(sql`
    create temp table g_student on commit drop as
    select n as no, c.no as class_no, c.grade,
           case when ${r(20, sql`n`)} < 0.51 then 'female' else 'male' end as gender,
           ${r(21, sql`n`)} as guardian_draw,
           -- How often the student is absent (a few far more than most), and how well they do.
           0.004 + 0.06 * power(${r(34, sql`n`)}, 3) as absent,
           ${r(42, sql`n`)} as ability
    from generate_series(1, ${job.students}::int) n
    join g_class c on n between c.first_student and c.first_student + c.size - 1`);
  await insertStudents(ctx, width);
  await tx.execute(sql`alter table g_student add column id uuid`);
  await tx.execute(sql`
    update g_student s set id = st.id from students st
    where st.school_id = ${schoolId}
      and st.code = 'S' || lpad(s.no::text, ${width}::int, '0')`);
  await tx.execute(sql`create index on g_student (id)`);
  await tx.execute(sql`
    insert into enrollments (school_id, student_id, year_id, class_id, start_date)
    select ${schoolId}, s.id, ${yearId}, c.id, ${ctx.calendar.yearStart}::date
    from g_student s join g_class c on c.no = s.class_no order by s.no`);
}

async function insertStudents({ tx, r, schoolId, calendar }: SchoolContext, width: number) {
  await tx.execute(sql`
    insert into students (school_id, code, name_km, name_en, gender, birth_date, birth_place,
                          address, guardian_name, guardian_phone, guardian_relation, status)
    select ${schoolId}, 'S' || lpad(s.no::text, ${width}::int, '0'),
           f.km || ' ' || ${givenName(r, sql`s.gender`, 23, sql`s.no`, 0)},
           f.en || ' ' || ${givenName(r, sql`s.gender`, 23, sql`s.no`, 1)},
           s.gender,
           make_date(${calendar.firstYear - 6}::int - s.grade, 1, 1)
             + floor(${r(24, sql`s.no`)} * 540)::int,
           p.place, p.place,
           case when g.relation = 'Father' or g.relation = 'Uncle' then f.en || ' '
                  || ${givenName(r, sql`'male'`, 26, sql`s.no`, 1)}
                else ${familyName(r, 27, sql`s.no`, 1)} || ' ' || ${givenName(r, sql`'female'`, 26, sql`s.no`, 1)}
           end,
           '+855' || ${pick(phonePrefixes9, r(28, sql`s.no`))}
             || lpad(floor(${r(29, sql`s.no`)} * 10000000)::int::text, 7, '0'),
           g.relation, 'studying'
    from g_student s
    cross join lateral (select ${familyName(r, 22, sql`s.no`, 0)} as km,
                               ${familyName(r, 22, sql`s.no`, 1)} as en) f
    cross join lateral (select ${pick(
      provinces.map((p) => p[1]),
      r(25, sql`s.no`),
    )} as place) p
    cross join lateral (select ${pick(guardianRelations, sql`s.guardian_draw`)} as relation) g
    order by s.no`);
}

/**
 * Teaching: each subject of a class goes to a teacher of its pool on the class's track (the
 * working table g_teaching), and the teaching assignments that record it.
 */
export async function assignTeachers({ tx, schoolId, yearId }: SchoolContext) {
  await tx.execute(sql`
    create temp table g_teaching on commit drop as
    select c.no as class_no, p.no as subject_no, t.employee_id, t.user_id
    from g_class c cross join g_subject p
    cross join lateral (select c."offset" % p.hours as track) k
    join g_teacher t on t.no = p.pool_start + case
      when p.pool_size > k.track
        then k.track + p.hours * (c.shift_index % ((p.pool_size - 1 - k.track) / p.hours + 1))
      else (k.track + c.shift_index) % p.pool_size end`);
  await tx.execute(sql`
    insert into teaching_assignments (school_id, year_id, class_id, subject_id, employee_id,
                                      hours_per_week)
    select ${schoolId}, ${yearId}, c.id, p.id, g.employee_id, p.hours
    from g_teaching g join g_class c on c.no = g.class_no join g_subject p on p.no = g.subject_no
    order by g.class_no, g.subject_no`);
}

/**
 * The week: lesson u of a class in slot (u + offset) mod 30, a subject's lessons on different
 * days; a lesson that would put a teacher in two places at once is left out.
 */
export async function createTimetable(
  { tx, schoolId, yearId }: SchoolContext,
  periodRows: { id: string; session: string; number: number }[],
) {
  const periodIdSql = sql.join(
    periodRows.map((p) => sql`when ${`${p.session}:${p.number}`}::text then ${p.id}::uuid`),
    sql` `,
  );
  await tx.execute(sql`
    insert into timetable_entries (school_id, year_id, class_id, day_of_week, period_id,
                                   subject_id, employee_id, room)
    select ${schoolId}, ${yearId}, c.id, s.slot % ${WEEK_DAYS}::int + 1,
           case (case when c.session = 'afternoon' then 'afternoon' else 'morning' end)
                || ':' || (s.slot / ${WEEK_DAYS}::int + 1) ${periodIdSql} end,
           p.id, g.employee_id, c.room
    from g_class c
    cross join g_subject p
    cross join lateral generate_series(p.unit_start, p.unit_start + p.hours - 1) u
    cross join lateral (select (u + c."offset") % ${SLOTS}::int as slot) s
    join g_teaching g on g.class_no = c.no and g.subject_no = p.no
    order by c.no, u
    on conflict do nothing`);
}
