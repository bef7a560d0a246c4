import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';
import {
  createTestDatabase,
  createTestServer,
  signIn,
  type TestServer,
} from '../../test/helpers.js';
import { bootstrapDatabase } from './bootstrap.js';
import { generateSchools, type GenerateOptions, type GeneratedData } from './generate.js';

const PASSWORD = 'generated-school-passphrase';
const options: GenerateOptions = {
  students: 120,
  schools: 2,
  seed: 7,
  password: PASSWORD,
  // A year cut short: November and most of December.
  today: '2025-12-20',
};

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async (db: Db, query: ReturnType<typeof sql>) =>
  Number(Object.values((await rows<Record<string, unknown>>(db, query))[0]!)[0]);

/**
 * Every generated value, with each row's relations written as the codes and names they point
 * to instead of uuids: equal for two databases generated alike.
 */
const digestQueries: Record<string, string> = {
  users: `select s.code, u.username, u.name_km, u.name_en, u.gender, u.locale, u.status
          from users u join schools s on s.id = u.school_id`,
  employees: `select s.code, e.code, e.name_km, e.name_en, e.gender, e.birth_date, e.birth_place,
                     e.phone, d.code, e.position, e.hire_date, e.marital_status, e.nssf_type,
                     e.nssf_number, e.national_id, u.username
              from employees e join schools s on s.id = e.school_id
              left join departments d on d.id = e.department_id
              left join users u on u.id = e.user_id`,
  departments: `select s.code, d.code, d.name_km, d.name_en, e.code
                from departments d join schools s on s.id = d.school_id
                left join employees e on e.id = d.head_employee_id`,
  subjects: `select s.code, j.code, j.name_km, j.name_en, j.max_score, j.coefficient, g.number
             from subjects j join schools s on s.id = j.school_id
             join subject_grade_levels sg on sg.subject_id = j.id
             join grade_levels g on g.id = sg.grade_level_id`,
  classes: `select s.code, c.name_en, c.name_km, g.number, c.section, e.code, c.room, c.session,
                   c.capacity, y.name
            from classes c join schools s on s.id = c.school_id
            join grade_levels g on g.id = c.grade_level_id
            join academic_years y on y.id = c.year_id
            left join employees e on e.id = c.homeroom_employee_id`,
  students: `select s.code, st.code, st.name_km, st.name_en, st.gender, st.birth_date,
                    st.birth_place, st.address, st.guardian_name, st.guardian_phone,
                    st.guardian_relation, st.status, c.name_en, en.start_date
             from students st join schools s on s.id = st.school_id
             join enrollments en on en.student_id = st.id
             join classes c on c.id = en.class_id`,
  teaching: `select s.code, c.name_en, j.code, e.code, t.hours_per_week
             from teaching_assignments t join schools s on s.id = t.school_id
             join classes c on c.id = t.class_id join subjects j on j.id = t.subject_id
             join employees e on e.id = t.employee_id`,
  timetable: `select s.code, c.name_en, t.day_of_week, p.session, p.number, p.start_time,
                     j.code, e.code, t.room
              from timetable_entries t join schools s on s.id = t.school_id
              join classes c on c.id = t.class_id join periods p on p.id = t.period_id
              join subjects j on j.id = t.subject_id left join employees e on e.id = t.employee_id`,
  sheets: `select s.code, c.name_en, a.date, a.session, u.username, a.taken_at
           from attendance_sheets a join schools s on s.id = a.school_id
           join classes c on c.id = a.class_id left join users u on u.id = a.taken_by`,
  marks: `select s.code, st.code, a.date, a.session, m.status, m.minutes_late, m.note,
                 m.taken_status
          from attendance_marks m join schools s on s.id = m.school_id
          join attendance_sheets a on a.id = m.sheet_id join students st on st.id = m.student_id`,
  leave: `select s.code, st.code, l.from_date, l.to_date, l.session, l.reason, u.username
          from leave_requests l join schools s on s.id = l.school_id
          join students st on st.id = l.student_id left join users u on u.id = l.created_by`,
  scoreSheets: `select s.code, c.name_en, j.code, t.number, h.kind, h.month, h.status,
                       sub.username, h.submitted_at, pub.username, h.published_at
                from score_sheets h join schools s on s.id = h.school_id
                join classes c on c.id = h.class_id join subjects j on j.id = h.subject_id
                join terms t on t.id = h.term_id
                left join users sub on sub.id = h.submitted_by
                left join users pub on pub.id = h.published_by`,
  scores: `select s.code, st.code, j.code, t.number, h.kind, h.month, x.score, x.absent
           from scores x join schools s on s.id = x.school_id
           join score_sheets h on h.id = x.sheet_id join students st on st.id = x.student_id
           join subjects j on j.id = h.subject_id join terms t on t.id = h.term_id`,
};

async function digests(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [name, query] of Object.entries(digestQueries)) {
    const [row] = await rows<{ digest: string; count: number }>(
      db,
      sql.raw(`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest,
                      count(*)::int as count
               from (${query}) r`),
    );
    result[name] = `${row!.count}:${row!.digest}`;
  }
  return result;
}

describe('generateSchools', () => {
  let server: TestServer;
  let other: Database;
  let generated: GeneratedData;

  beforeAll(async () => {
    server = await createTestServer();
    other = await createTestDatabase();
    const db = server.database.db;
    await bootstrapDatabase(db, { demo: false, adminPassword: PASSWORD });
    await bootstrapDatabase(other.db, { demo: false, adminPassword: PASSWORD });
    generated = await generateSchools(db, options);
    await generateSchools(other.db, options);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await other?.close();
  });

  it('fills the bootstrapped school and a new one with a school year', () => {
    expect(generated.schools.map((s) => s.code)).toEqual(['school', 'school2']);
    expect(generated.counts).toMatchObject({ schools: 2, students: 240, enrollments: 240 });
    for (const school of generated.schools) {
      expect(school.classes.reduce((sum, c) => sum + c.size, 0)).toBe(120);
      expect(school.termIds).toHaveLength(2);
      expect(school.subjectIds).toHaveLength(15);
      expect(new Set(school.classes.map((c) => c.homeroomUsername)).size).toBe(
        school.classes.length,
      );
      expect(school.attendanceUntil).toBe('2025-12-19');
    }
    for (const table of ['attendance_marks', 'leave_requests', 'scores', 'timetable_entries'])
      expect(generated.counts[table]).toBeGreaterThan(0);
  });

  it('generates the same values for the same seed and options', async () => {
    const first = await digests(server.database.db);
    expect(await digests(other.db)).toEqual(first);
    expect(Number(first.marks!.split(':')[0])).toBe(generated.counts.attendance_marks);
  });

  it('leaves every index of the schema in place', async () => {
    const names = async (db: Db) =>
      (
        await rows<{ name: string }>(
          db,
          sql`select indexname as name from pg_indexes where schemaname = current_schema()
              order by indexname`,
        )
      ).map((row) => row.name);
    const fresh = await createTestDatabase();
    try {
      expect(await names(server.database.db)).toEqual(await names(fresh.db));
    } finally {
      await fresh.close();
    }
    expect(await names(server.database.db)).toContain('attendance_marks_student_idx');
  });

  it('puts each student in exactly one class of the year', async () => {
    const db = server.database.db;
    expect(
      await one(
        db,
        sql`select count(*) from students s
            where (select count(*) from enrollments e join classes c on c.id = e.class_id
                   where e.student_id = s.id and c.year_id = e.year_id
                     and e.end_date is null) <> 1`,
      ),
    ).toBe(0);
  });

  it('marks attendance only for enrolled students, on school days before today', async () => {
    const db = server.database.db;
    expect(
      await one(
        db,
        sql`select count(*) from attendance_marks m
            join attendance_sheets a on a.id = m.sheet_id
            where not exists (select 1 from enrollments e
                              where e.student_id = m.student_id and e.class_id = a.class_id
                                and a.date >= e.start_date
                                and (e.end_date is null or a.date <= e.end_date))
               or extract(isodow from a.date) = 7
               or a.date >= ${options.today}::date or a.date < '2025-11-01'
               or to_char(a.date, 'MM-DD') in ('01-01', '01-07', '11-09')`,
      ),
    ).toBe(0);
    // Every sheet holds its whole class, and most students are present.
    expect(
      await one(
        db,
        sql`select count(*) from attendance_sheets a
            where (select count(*) from attendance_marks m where m.sheet_id = a.id)
               <> (select count(*) from enrollments e where e.class_id = a.class_id)`,
      ),
    ).toBe(0);
    const present = await one(
      db,
      sql`select avg(case when status = 'present' then 1.0 else 0 end) from attendance_marks`,
    );
    expect(present).toBeGreaterThan(0.88);
    expect(present).toBeLessThan(0.97);
    expect(
      await one(
        db,
        sql`select count(*) from attendance_marks
            where (status = 'late') <> (minutes_late is not null)`,
      ),
    ).toBe(0);
  });

  it("keeps scores within each subject's maximum, the latest month a draft", async () => {
    const db = server.database.db;
    expect(
      await one(
        db,
        sql`select count(*) from scores x join score_sheets h on h.id = x.sheet_id
            join subjects j on j.id = h.subject_id
            where x.score < 0 or x.score > j.max_score or (x.absent and x.score is not null)
               or (not x.absent and x.score is null)`,
      ),
    ).toBe(0);
    const statuses = await rows<{ month: number | null; kind: string; status: string }>(
      db,
      sql`select distinct month, kind, status from score_sheets order by month, kind`,
    );
    // Today is 20 December: November's tests published, December's still a draft.
    expect(statuses).toEqual([
      { month: 11, kind: 'month', status: 'published' },
      { month: 12, kind: 'month', status: 'draft' },
    ]);
  });

  it("gives every row its parent's school", async () => {
    const db = server.database.db;
    const pairs: [string, string, string][] = [
      ['enrollments', 'students', 'student_id'],
      ['enrollments', 'classes', 'class_id'],
      ['classes', 'academic_years', 'year_id'],
      ['classes', 'grade_levels', 'grade_level_id'],
      ['classes', 'employees', 'homeroom_employee_id'],
      ['terms', 'academic_years', 'year_id'],
      ['employees', 'users', 'user_id'],
      ['employees', 'departments', 'department_id'],
      ['user_roles', 'users', 'user_id'],
      ['user_roles', 'roles', 'role_id'],
      ['subjects', 'departments', 'department_id'],
      ['subject_grade_levels', 'subjects', 'subject_id'],
      ['subject_grade_levels', 'grade_levels', 'grade_level_id'],
      ['teaching_assignments', 'classes', 'class_id'],
      ['teaching_assignments', 'subjects', 'subject_id'],
      ['teaching_assignments', 'employees', 'employee_id'],
      ['timetable_entries', 'classes', 'class_id'],
      ['timetable_entries', 'periods', 'period_id'],
      ['timetable_entries', 'employees', 'employee_id'],
      ['attendance_sheets', 'classes', 'class_id'],
      ['attendance_sheets', 'users', 'taken_by'],
      ['attendance_marks', 'attendance_sheets', 'sheet_id'],
      ['attendance_marks', 'students', 'student_id'],
      ['leave_requests', 'students', 'student_id'],
      ['score_sheets', 'classes', 'class_id'],
      ['score_sheets', 'subjects', 'subject_id'],
      ['score_sheets', 'terms', 'term_id'],
      ['score_sheets', 'users', 'submitted_by'],
      ['scores', 'score_sheets', 'sheet_id'],
      ['scores', 'students', 'student_id'],
    ];
    for (const [child, parent, column] of pairs) {
      const query = `select count(*) from ${child} c join ${parent} p on p.id = c.${column}
                     where p.school_id <> c.school_id`;
      expect(await one(db, sql.raw(query)), `${child}.${column}`).toBe(0);
    }
  });

  it('lets a generated teacher and the office sign in to their school', async () => {
    const school = generated.schools[1]!;
    const teacher = await signIn(server.app, school.teacherUsernames[0]!, PASSWORD, {
      schoolCode: school.code,
    });
    expect(teacher.schoolId).toBe(school.id);
    const first = generated.schools[0]!;
    const office = await signIn(server.app, first.officeUsername, PASSWORD, {
      schoolCode: first.code,
    });
    expect(office.schoolId).toBe(first.id);
  });

  it('gives each department a head who holds the head of department role', async () => {
    const db = server.database.db;
    expect(
      await one(
        db,
        sql`select count(*) from departments d
            where d.head_employee_id is null
               or not exists (select 1 from employees e
                              join user_roles ur on ur.user_id = e.user_id
                              join roles ro on ro.id = ur.role_id
                              where e.id = d.head_employee_id
                                and ro.key = 'head_of_department')`,
      ),
    ).toBe(0);
  });
});
