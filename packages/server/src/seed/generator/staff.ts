import { sql } from 'drizzle-orm';
import { provinces } from '../names.js';
import type { SchoolContext } from './context.js';
import { phonePrefixes, subjectPlan } from './plan.js';
import { familyName, givenName, pick } from './sql.js';

/**
 * The subject plan as a working table (g_subject): each subject's id, hours, first lesson of
 * the week and its pool of teachers.
 */
export async function stageSubjects(
  { tx }: SchoolContext,
  subjectIds: string[],
  departmentId: Map<string, string>,
  pools: { start: number; size: number }[],
) {
  await tx.execute(sql`
    create temp table g_subject (no int primary key, id uuid, code text, max_score numeric,
      hours int, unit_start int, pool_start int, pool_size int, department_id uuid)
    on commit drop`);
  let unit = 0;
  await tx.execute(sql`
    insert into g_subject values ${sql.join(
      subjectPlan.map((s, i) => {
        const row = sql`(${i + 1}::int, ${subjectIds[i]!}::uuid, ${s.code}::text, ${s.maxScore}::numeric,
          ${s.hours}::int, ${unit}::int, ${pools[i]!.start}::int, ${pools[i]!.size}::int,
          ${departmentId.get(s.department)!}::uuid)`;
        unit += s.hours;
        return row;
      }),
      sql`, `,
    )}`);
}

/**
 * Teachers: an account (the teacher role) and a staff record each, in their subject's
 * department (the working table g_teacher), each department headed by its first teacher.
 */
export async function createTeachers(ctx: SchoolContext, teachers: number, width: number) {
  await insertTeacherAccounts(ctx, teachers, width);
  await insertTeacherRecords(ctx, width);
  await appointHeads(ctx);
}

async function insertTeacherAccounts(ctx: SchoolContext, teachers: number, width: number) {
  const { tx, r, schoolId, job } = ctx;
  await tx.execute(sql`
    create temp table g_teacher on commit drop as
    select n as no, case when ${r(1, sql`n`)} < 0.55 then 'female' else 'male' end as gender,
           p.no as subject_no, p.department_id
    from generate_series(1, ${teachers}::int) n
    join g_subject p on n between p.pool_start and p.pool_start + p.pool_size - 1`);
  await tx.execute(sql`
    insert into users (school_id, username, name_km, name_en, gender, password_hash, locale,
                       status, password_changed_at)
    select ${schoolId}, 'teacher' || lpad(t.no::text, ${width}::int, '0'),
           ${familyName(r, 2, sql`t.no`, 0)} || ' ' || ${givenName(r, sql`t.gender`, 3, sql`t.no`, 0)},
           ${familyName(r, 2, sql`t.no`, 1)} || ' ' || ${givenName(r, sql`t.gender`, 3, sql`t.no`, 1)},
           t.gender, ${job.passwordHash}, case when ${r(4, sql`t.no`)} < 0.8 then 'km' else 'en' end,
           'active', ${`${ctx.calendar.yearStart}T00:00:00Z`}::timestamptz
    from g_teacher t order by t.no`);
  await tx.execute(sql`alter table g_teacher add column user_id uuid, add column employee_id uuid`);
  await tx.execute(sql`
    update g_teacher t set user_id = u.id from users u
    where u.school_id = ${schoolId}
      and u.username = 'teacher' || lpad(t.no::text, ${width}::int, '0')`);
  await tx.execute(sql`
    insert into user_roles (school_id, user_id, role_id)
    select ${schoolId}, t.user_id, ro.id from g_teacher t
    join roles ro on ro.school_id = ${schoolId} and ro.key = 'teacher'`);
}

async function insertTeacherRecords(ctx: SchoolContext, width: number) {
  const { tx, r, schoolId } = ctx;
  await tx.execute(sql`
    insert into employees (school_id, code, name_km, name_en, gender, birth_date, birth_place,
                           phone, department_id, position, hire_date, working_status,
                           marital_status, nssf_type, nssf_number, national_id, user_id)
    select ${schoolId}, 'T' || lpad(t.no::text, ${width}::int, '0'), u.name_km, u.name_en,
           t.gender,
           make_date(1968 + floor(${r(5, sql`t.no`)} * 30)::int, 1, 1)
             + floor(${r(6, sql`t.no`)} * 365)::int,
           ${pick(
             provinces.map((p) => p[1]),
             r(7, sql`t.no`),
           )},
           '+855' || ${pick(phonePrefixes, r(8, sql`t.no`))}
             || lpad(floor(${r(9, sql`t.no`)} * 1000000)::int::text, 6, '0'),
           t.department_id, 'Teacher',
           make_date(2005 + floor(${r(10, sql`t.no`)} * ${ctx.calendar.firstYear - 2005}::int)::int, 1, 1)
             + floor(${r(11, sql`t.no`)} * 365)::int,
           'working',
           case when ${r(12, sql`t.no`)} < 0.7 then 'married' else 'single' end,
           case when ${r(13, sql`t.no`)} < 0.8 then 'in_system' else 'out_system' end,
           lpad(floor(${r(14, sql`t.no`)} * 1000000000)::bigint::text, 9, '0'),
           lpad(floor(${r(15, sql`t.no`)} * 1000000000)::bigint::text, 9, '0'),
           t.user_id
    from g_teacher t join users u on u.id = t.user_id order by t.no`);
  await tx.execute(sql`
    update g_teacher t set employee_id = e.id from employees e where e.user_id = t.user_id`);
  await tx.execute(sql`
    insert into employee_status_changes (school_id, employee_id, from_status, to_status,
                                         effective_date)
    select ${schoolId}, e.id, null, 'working', e.hire_date
    from g_teacher t join employees e on e.id = t.employee_id order by t.no`);
}

/** Each department's head: its first teacher, who also gets the head of department role. */
async function appointHeads({ tx, schoolId }: SchoolContext) {
  await tx.execute(sql`
    update departments d set head_employee_id = h.employee_id
    from (select distinct on (department_id) department_id, employee_id
          from g_teacher order by department_id, no) h
    where d.id = h.department_id`);
  await tx.execute(sql`
    insert into user_roles (school_id, user_id, role_id)
    select ${schoolId}, e.user_id, ro.id from departments d
    join employees e on e.id = d.head_employee_id
    join roles ro on ro.school_id = ${schoolId} and ro.key = 'head_of_department'
    where d.school_id = ${schoolId}`);
}

/** The office: one clerk (`office`) with an account and a staff record. */
export async function createOffice(ctx: SchoolContext) {
  const { tx, r, schoolId, job, calendar } = ctx;
  await tx.execute(sql`
    with person as (
      select ${familyName(r, 50, sql`0`, 0)} || ' ' || ${givenName(r, sql`'female'`, 51, sql`0`, 0)} as km,
             ${familyName(r, 50, sql`0`, 1)} || ' ' || ${givenName(r, sql`'female'`, 51, sql`0`, 1)} as en
    ), account as (
      insert into users (school_id, username, name_km, name_en, gender, password_hash, locale,
                         status, password_changed_at)
      select ${schoolId}, 'office', km, en, 'female', ${job.passwordHash}, 'km', 'active',
             ${`${calendar.yearStart}T00:00:00Z`}::timestamptz
      from person
      on conflict do nothing
      returning id
    ), granted as (
      insert into user_roles (school_id, user_id, role_id)
      select ${schoolId}, a.id, ro.id from account a
      join roles ro on ro.school_id = ${schoolId} and ro.key = 'office'
    )
    insert into employees (school_id, code, name_km, name_en, gender, position, hire_date,
                           working_status, user_id)
    select ${schoolId}, 'A001', p.km, p.en, 'female', 'Office clerk',
           ${`${calendar.firstYear - 3}-09-01`}::date, 'working', a.id
    from person p cross join account a`);
}
