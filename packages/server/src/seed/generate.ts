import { eq, sql, type SQL } from 'drizzle-orm';
import { schoolSettingsSchema, type SessionOfDay } from '@sala/contract';
import type { Db } from '../db/client.js';
import {
  academicYears,
  departments,
  gradeLevels,
  schools,
  subjectGradeLevels,
  subjects,
  terms,
  userRoles,
  users,
} from '../db/schema.js';
import type { Tx } from '../lib/audit.js';
import { hashPassword } from '../lib/passwords.js';
import { expectedSessions } from '../modules/attendance/access.js';
import { toKhmerDigits } from '../modules/classes/names.js';
import { ensureBuiltInRoles } from '../modules/privileges/service.js';
import { seededRandom } from '../lib/random.js';
import { familyNames, femaleNames, insertPeriods, maleNames, provinces } from './demoSchool.js';

/**
 * A generated school year for benchmarks and tests: schools full of staff, students, classes,
 * a timetable, a year of attendance and two terms of scores, written with set-based SQL. Every
 * value comes from a hash of the seed and of the row's numbers (never from the uuids or from
 * the order rows happen to be read in), so the same seed and options give the same data.
 */
export interface GenerateOptions {
  /** Students per school, e.g. 3000. */
  students: number;
  /** Schools; the first is the one the database was bootstrapped with. Default 1. */
  schools?: number;
  /** Same seed and options give identical data (only the ids differ). Default 1. */
  seed?: number;
  /** The password of every generated account (hashed once). */
  password: string;
  /**
   * ISO date: the year runs from 1 November before it to 31 August, attendance is taken up to
   * the day before, and the month tests and exams that have begun are written. Default
   * 2026-09-01: the whole year 2025–2026.
   */
  today?: string;
  /** A year of attendance sheets and marks, and a few leave requests. Default true. */
  attendance?: boolean;
  /** Monthly tests and exams of both terms. Default true. */
  scores?: boolean;
  /** Students in every class (the last may have fewer); default ~52, classes of even size. */
  classSize?: number;
  /** Grade levels, spread over the classes in order. Default 7–12. */
  grades?: number[];
  /** The shift of every class; default `split`: grades up to 9 morning, the rest afternoon. */
  classSession?: SessionOfDay | 'split';
  /** ISO weekdays with lessons (1 Monday … 7 Sunday). Default Monday–Saturday. */
  schoolDays?: number[];
  /** Days off as MM-DD. Default: the public holidays between November and August. */
  holidays?: string[];
  /** The year's first day (ISO) instead of 1 November. */
  yearStart?: string;
  /** The year's last day (ISO) instead of 31 August. */
  yearEnd?: string;
  /** Students per teacher: one teacher account per this many students (at least one per class). */
  studentsPerTeacher?: number;
  /** Told each step's name and the seconds it took, as it ends. */
  progress?: (step: string, seconds: number) => void;
}

export interface GeneratedClass {
  id: string;
  nameEn: string;
  grade: number;
  section: string;
  session: SessionOfDay;
  size: number;
  homeroomEmployeeId: string;
  homeroomUsername: string;
}

export interface GeneratedSchool {
  id: string;
  code: string;
  adminUsername: string;
  /** The office clerk's account (the office role). */
  officeUsername: string;
  /** Every teacher's username, in staff order; each department's first also heads it. */
  teacherUsernames: string[];
  /** In class order: grade, then section. */
  classIds: string[];
  classes: GeneratedClass[];
  yearId: string;
  /** Term 1, term 2. */
  termIds: string[];
  /** In the subject plan's order (Khmer, Mathematics, …). */
  subjectIds: string[];
  yearStart: string;
  yearEnd: string;
  /** The last day with attendance (the day before `today`, or the year's end). */
  attendanceUntil: string | null;
  studentCount: number;
}

export interface GeneratedData {
  schools: GeneratedSchool[];
  counts: Record<string, number>;
}

interface SubjectPlan {
  code: string;
  department: string;
  km: string;
  en: string;
  /** Lessons a week; the plan fills 30 periods (Monday–Saturday × 5). */
  hours: number;
  maxScore: number;
  coefficient: number;
}

const departmentPlan = [
  { code: 'KHM', km: 'ភាសាខ្មែរ', en: 'Khmer Literature' },
  { code: 'MATH', km: 'គណិតវិទ្យា', en: 'Mathematics' },
  { code: 'SCI', km: 'វិទ្យាសាស្ត្រ', en: 'Sciences' },
  { code: 'SOC', km: 'វិទ្យាសាស្ត្រសង្គម', en: 'Social Studies' },
  { code: 'LANG', km: 'ភាសាបរទេស', en: 'Foreign Languages' },
  { code: 'TECH', km: 'បច្ចេកវិទ្យា និងបំណិនជីវិត', en: 'Technology and Life Skills' },
  { code: 'ARTS', km: 'សិល្បៈ និងអប់រំកាយ', en: 'Arts and Physical Education' },
] as const;

/** 15 subjects of every grade: two with coefficient 2 out of 100, the rest out of 50. */
const subjectPlan: SubjectPlan[] = [
  ['KHM', 'KHM', 'ភាសាខ្មែរ', 'Khmer', 5, 100, 2],
  ['MATH', 'MATH', 'គណិតវិទ្យា', 'Mathematics', 5, 100, 2],
  ['PHY', 'SCI', 'រូបវិទ្យា', 'Physics', 2, 50, 1],
  ['CHEM', 'SCI', 'គីមីវិទ្យា', 'Chemistry', 2, 50, 1],
  ['BIO', 'SCI', 'ជីវវិទ្យា', 'Biology', 2, 50, 1],
  ['EARTH', 'SCI', 'ផែនដីវិទ្យា', 'Earth Science', 1, 50, 1],
  ['HIST', 'SOC', 'ប្រវត្តិវិទ្យា', 'History', 2, 50, 1],
  ['GEO', 'SOC', 'ភូមិវិទ្យា', 'Geography', 2, 50, 1],
  ['MORAL', 'SOC', 'សីលធម៌-ពលរដ្ឋវិជ្ជា', 'Moral-Civics', 2, 50, 1],
  ['ENG', 'LANG', 'ភាសាអង់គ្លេស', 'English', 2, 50, 1],
  ['FRA', 'LANG', 'ភាសាបារាំង', 'French', 1, 50, 1],
  ['ICT', 'TECH', 'ព័ត៌មានវិទ្យា', 'ICT', 1, 50, 1],
  ['HOME', 'TECH', 'គេហវិទ្យា', 'Home Economics', 1, 50, 1],
  ['ART', 'ARTS', 'សិល្បៈ', 'Arts', 1, 50, 1],
  ['PE', 'ARTS', 'អប់រំកាយ និងកីឡា', 'Physical Education', 1, 50, 1],
].map(([code, department, km, en, hours, maxScore, coefficient]) => ({
  code: code as string,
  department: department as string,
  km: km as string,
  en: en as string,
  hours: hours as number,
  maxScore: maxScore as number,
  coefficient: coefficient as number,
}));

/** Periods a week: Monday–Saturday × 5. */
const SLOTS = 30;
const WEEK_DAYS = 6;
/** Two terms of five teaching months, each ending with its exam. */
const termPlan = [
  { number: 1, months: [11, 12, 1, 2, 3], examMonth: 3 },
  { number: 2, months: [4, 5, 6, 7, 8], examMonth: 8 },
];
/** Public holidays between November and August (fixed dates only). */
const defaultHolidays = [
  '11-09',
  '01-01',
  '01-07',
  '03-08',
  '04-14',
  '04-15',
  '04-16',
  '05-01',
  '05-14',
  '06-18',
];
const leaveReasons = ['ឈឺ', 'មានធុរៈគ្រួសារ', 'ទៅពិនិត្យសុខភាព', 'ចូលរួមពិធីបុណ្យ'];
const guardianRelations = ['Mother', 'Father', 'Mother', 'Father', 'Grandmother', 'Uncle', 'Aunt'];
const phonePrefixes = [
  '11',
  '12',
  '15',
  '16',
  '17',
  '61',
  '69',
  '70',
  '77',
  '78',
  '85',
  '89',
  '92',
];
const phonePrefixes9 = ['10', '31', '60', '66', '67', '68', '71', '88', '90', '96', '97', '98'];
const sectionLetters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const isoOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) =>
  isoOf(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));

/**
 * A number in [0, 1) from the hash of the seed, a stream (what it is drawn for) and the row's
 * numbers: the same on every run and on PGlite and PostgreSQL, whatever order rows come in.
 */
function draw(seed: number, stream: number, ...keys: SQL[]): SQL {
  let hash = sql`hashint8extended(${stream}::int8, ${seed}::int8)`;
  for (const key of keys) hash = sql`hashint8extended((${key})::int8, ${hash})`;
  return sql`((${hash} & 2147483647)::float8 / 2147483648.0)`;
}

/**
 * The 64-bit hash of the seed, a stream and one key (a constant folded once per query, then one
 * hash a row); `lowDraw` and `highDraw` read two independent numbers in [0, 1) from it.
 */
const hash = (seed: number, stream: number, key: SQL): SQL =>
  sql`hashint8extended((${key})::int8, hashint8extended(${stream}::int8, ${seed}::int8))`;
const lowDraw = (h: SQL): SQL => sql`((${h} & 2147483647)::float8 / 2147483648.0)`;
const highDraw = (h: SQL): SQL => sql`(((${h} >> 32) & 2147483647)::float8 / 2147483648.0)`;

/** A text[] literal of `items`. */
const textArray = (items: readonly string[]): SQL =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}::text`),
    sql`, `,
  )}]`;

/** `items[1 + floor(r × n)]` in SQL, `r` a draw. */
const pick = (items: readonly string[], r: SQL): SQL =>
  sql`(${textArray(items)})[1 + floor(${r} * ${items.length}::int)::int]`;

interface ClassLayout {
  no: number;
  grade: number;
  section: string;
  session: SessionOfDay;
  size: number;
  firstStudent: number;
  /** Index among the classes of its shift, and its rotation of the weekly timetable. */
  shiftIndex: number;
  offset: number;
  homeroom: number;
  room: string;
}

/** Classes of a school: grades in blocks, sections A, B…, students numbered class by class. */
function layoutClasses(
  students: number,
  options: {
    classSize: number | undefined;
    grades: number[];
    session: SessionOfDay | 'split';
    seed: number;
  },
  teachers: (classes: number) => number,
): { classes: ClassLayout[]; teachers: number } {
  const { grades } = options;
  const count = Math.max(
    1,
    options.classSize ? Math.ceil(students / options.classSize) : Math.round(students / 52),
  );
  const sizes = Array.from({ length: count }, (_, k) =>
    options.classSize
      ? Math.min(options.classSize, students - k * options.classSize)
      : Math.floor(students / count) + (k < students % count ? 1 : 0),
  );
  if (!options.classSize && count > 1) {
    // Uneven classes, 45–60 where the school is large enough: students move between pairs.
    const next = seededRandom(options.seed);
    const low = Math.min(45, sizes[count - 1]!);
    const high = Math.max(60, sizes[0]!);
    for (let k = 0; k < count; k += 1) {
      const other = (k + 1 + Math.floor(next() * (count - 1))) % count;
      const moved = Math.floor(next() * 7);
      if (sizes[k]! - moved >= low && sizes[other]! + moved <= high) {
        sizes[k]! -= moved;
        sizes[other]! += moved;
      }
    }
  }
  const teacherCount = teachers(count);
  // A homeroom teacher per class, all different: a step through the staff coprime with its size.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const step =
    [7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43].find((p) => gcd(p, teacherCount) === 1) ?? 1;
  const shiftCounts = new Map<SessionOfDay, number>();
  const sectionCounts = new Map<number, number>();
  let first = 1;
  return {
    teachers: teacherCount,
    classes: sizes.map((size, k) => {
      const grade = grades[Math.floor((k * grades.length) / count)]!;
      const section = sectionCounts.get(grade) ?? 0;
      sectionCounts.set(grade, section + 1);
      const session: SessionOfDay =
        options.session === 'split' ? (grade <= 9 ? 'morning' : 'afternoon') : options.session;
      const shiftIndex = shiftCounts.get(session) ?? 0;
      shiftCounts.set(session, shiftIndex + 1);
      const letter =
        section < sectionLetters.length
          ? sectionLetters[section]!
          : `${sectionLetters[Math.floor(section / sectionLetters.length) - 1]}${sectionLetters[section % sectionLetters.length]}`;
      const layout: ClassLayout = {
        no: k + 1,
        grade,
        section: letter,
        session,
        size,
        firstStudent: first,
        shiftIndex,
        // Six classes a step of five periods apart, then the next six one period on: classes
        // sharing a teacher (same offset modulo the subject's lessons) never meet in a period.
        offset: (5 * shiftIndex + Math.floor(shiftIndex / 6)) % SLOTS,
        homeroom: ((k * step) % teacherCount) + 1,
        room: `${String.fromCharCode(65 + Math.floor(k / 40))}${pad((k % 40) + 1, 2)}`,
      };
      first += size;
      return layout;
    }),
  };
}

/** Teachers of each subject, in proportion to its lessons (largest remainder), at least one. */
function teacherPools(total: number): { start: number; size: number }[] {
  const hours = subjectPlan.reduce((sum, s) => sum + s.hours, 0);
  const spare = Math.max(0, total - subjectPlan.length);
  const exact = subjectPlan.map((s) => (spare * s.hours) / hours);
  const sizes = exact.map((e) => 1 + Math.floor(e));
  let left = total - sizes.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    sizes[i]! += 1;
    left -= 1;
  }
  let start = 1;
  return sizes.map((size) => {
    const pool = { start, size };
    start += size;
    return pool;
  });
}

/** The school days from `from` to `until`, as ISO dates. */
function schoolDays(from: string, until: string, weekdays: number[], holidays: string[]) {
  const days: string[] = [];
  for (let day = from; day <= until; day = addDays(day, 1)) {
    const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (weekdays.includes(weekday) && !holidays.includes(day.slice(5))) days.push(day);
  }
  return days;
}

/**
 * Runs `fill` with the secondary indexes of `tables` dropped, then builds them again from their
 * own definitions: one sorted build instead of a random insert per row. In the caller's
 * transaction, so nobody sees the tables without them, and a failure leaves them as they were.
 */
async function withoutIndexes<T>(
  tx: Tx,
  tables: string[],
  fill: () => Promise<T>,
  progress?: GenerateOptions['progress'],
): Promise<T> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    tx,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema()
          and i.tablename in (${sql.join(
            tables.map((t) => sql`${t}`),
            sql`, `,
          )})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        order by i.indexname`,
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  const result = await fill();
  const started = performance.now();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  progress?.(`indexes of ${tables.join(', ')}`, (performance.now() - started) / 1000);
  return result;
}

const rowsOf = async <T>(tx: Tx, query: SQL): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

const countedTables = [
  'schools',
  'users',
  'employees',
  'departments',
  'grade_levels',
  'subjects',
  'classes',
  'students',
  'enrollments',
  'teaching_assignments',
  'periods',
  'timetable_entries',
  'attendance_sheets',
  'attendance_marks',
  'leave_requests',
  'score_sheets',
  'scores',
] as const;

/**
 * Fills the database with `options.schools` schools (the bootstrapped one first, then new ones
 * with their built-in roles and an admin), each with `options.students` students and their
 * year. The database must hold no academic year yet.
 */
export async function generateSchools(db: Db, options: GenerateOptions): Promise<GeneratedData> {
  const count = options.schools ?? 1;
  const seed = options.seed ?? 1;
  if (!(options.students >= 1) || !Number.isInteger(options.students))
    throw new Error('students must be a whole number of at least 1');
  if (!(count >= 1) || !Number.isInteger(count))
    throw new Error('schools must be a whole number of at least 1');
  if (
    options.classSize !== undefined &&
    !(Number.isInteger(options.classSize) && options.classSize >= 1)
  )
    throw new Error('classSize must be a whole number of at least 1');
  if (options.grades !== undefined && options.grades.length === 0)
    throw new Error('grades must name at least one grade');
  for (const day of [options.today, options.yearStart, options.yearEnd]) {
    if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
      throw new Error(`${day} is not a date as YYYY-MM-DD`);
  }
  const [first] = await db
    .select({ id: schools.id, code: schools.code })
    .from(schools)
    .orderBy(schools.createdAt)
    .limit(1);
  if (!first) throw new Error('the database has no school: bootstrap it first');
  const [year] = await db.select({ id: academicYears.id }).from(academicYears).limit(1);
  if (year) throw new Error('the database already holds an academic year: use an empty one');

  const passwordHash = await hashPassword(options.password);
  // One transaction: all the schools or none.
  const generated = await db.transaction(async (tx) => {
    // The rows are consistent by construction: where the role may, foreign keys are not checked
    // row by row (their triggers are skipped in this transaction; unique and check constraints
    // still hold), and sorts get room in memory.
    const [role] = await rowsOf<{ superuser: boolean }>(
      tx,
      sql`select current_setting('is_superuser') = 'on' as superuser`,
    );
    if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local work_mem = '128MB'`);
    return withoutIndexes(
      tx,
      ['attendance_marks', 'scores'],
      async () => {
        const list: GeneratedSchool[] = [];
        for (let number = 1; number <= count; number += 1) {
          list.push(
            await generateSchool(tx, {
              ...options,
              number,
              seed: seed * 1000 + number,
              passwordHash,
              existing: number === 1 ? first : undefined,
            }),
          );
        }
        return list;
      },
      options.progress,
    );
  });
  const analyzed = performance.now();
  await db.execute(sql`analyze`);
  options.progress?.('analyze', (performance.now() - analyzed) / 1000);
  const [counted] = await rowsOf<Record<string, number>>(
    db,
    sql.raw(
      `select ${countedTables.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`,
    ),
  );
  return { schools: generated, counts: { ...counted } };
}

interface SchoolJob extends GenerateOptions {
  number: number;
  seed: number;
  passwordHash: string;
  existing: { id: string; code: string } | undefined;
}

async function generateSchool(tx: Tx, job: SchoolJob): Promise<GeneratedSchool> {
  const { seed, number } = job;
  const r = (stream: number, ...keys: SQL[]) => draw(seed, stream, ...keys);
  let lapStarted = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    job.progress?.(`school ${number}: ${step}`, (now - lapStarted) / 1000);
    lapStarted = now;
  };

  // The school, its roles and its administrator.
  let schoolId: string;
  let code: string;
  if (job.existing) {
    ({ id: schoolId, code } = job.existing);
  } else {
    code = `school${number}`;
    const [created] = await tx
      .insert(schools)
      .values({
        code,
        nameKm: `វិទ្យាល័យ ${toKhmerDigits(number)}`,
        nameEn: `High School ${number}`,
        settings: { demo: false, allowSignup: false },
      })
      .returning({ id: schools.id });
    schoolId = created!.id;
    const roleIds = await ensureBuiltInRoles(tx, schoolId);
    const [admin] = await tx
      .insert(users)
      .values({
        schoolId,
        username: 'admin',
        nameKm: 'អ្នកគ្រប់គ្រង',
        nameEn: 'Administrator',
        locale: 'km',
        status: 'active',
        passwordHash: job.passwordHash,
      })
      .returning({ id: users.id });
    await tx
      .insert(userRoles)
      .values({ schoolId, userId: admin!.id, roleId: roleIds.get('admin')! });
  }
  const [settingsRow] = await tx
    .select({ settings: schools.settings })
    .from(schools)
    .where(eq(schools.id, schoolId));
  const settings = schoolSettingsSchema.parse(settingsRow?.settings ?? {});
  const [adminRow] = await rowsOf<{ id: string; username: string }>(
    tx,
    sql`select u.id, u.username from users u
        join user_roles ur on ur.user_id = u.id
        join roles ro on ro.id = ur.role_id and ro.key = 'admin'
        where u.school_id = ${schoolId} order by u.created_at limit 1`,
  );

  // The year and its terms.
  const today = job.today ?? '2026-09-01';
  const month = Number(today.slice(5, 7));
  const firstYear = Number(today.slice(0, 4)) - (month >= 11 ? 0 : 1);
  const yearStart = job.yearStart ?? `${firstYear}-11-01`;
  const yearEnd = job.yearEnd ?? `${firstYear + 1}-08-31`;
  const [yearRow] = await tx
    .insert(academicYears)
    .values({
      schoolId,
      name: `${firstYear}–${firstYear + 1}`,
      startDate: yearStart,
      endDate: yearEnd,
      isCurrent: true,
    })
    .returning({ id: academicYears.id });
  const yearId = yearRow!.id;
  const termRows = await tx
    .insert(terms)
    .values(
      termPlan.map((term) => ({
        schoolId,
        yearId,
        number: term.number,
        nameKm: `ឆមាសទី${toKhmerDigits(term.number)}`,
        nameEn: `Semester ${term.number}`,
        months: term.months,
        examMonth: term.examMonth,
      })),
    )
    .returning({ id: terms.id, number: terms.number });
  termRows.sort((a, b) => a.number - b.number);

  const grades = job.grades ?? [7, 8, 9, 10, 11, 12];
  const gradeRows = await tx
    .insert(gradeLevels)
    .values(
      grades.map((grade) => ({
        schoolId,
        number: grade,
        nameKm: `ថ្នាក់ទី${toKhmerDigits(grade)}`,
        nameEn: `Grade ${grade}`,
        maxScore: 50,
        divisor: null,
      })),
    )
    .onConflictDoUpdate({
      target: [gradeLevels.schoolId, gradeLevels.number],
      set: { maxScore: 50, divisor: null },
    })
    .returning({ id: gradeLevels.id, number: gradeLevels.number });
  const gradeId = new Map(gradeRows.map((g) => [g.number, g.id]));

  const departmentRows = await tx
    .insert(departments)
    .values(departmentPlan.map((d) => ({ schoolId, code: d.code, nameKm: d.km, nameEn: d.en })))
    .returning({ id: departments.id, code: departments.code });
  const departmentId = new Map(departmentRows.map((d) => [d.code, d.id]));
  const subjectRows = await tx
    .insert(subjects)
    .values(
      subjectPlan.map((s) => ({
        schoolId,
        code: s.code,
        nameKm: s.km,
        nameEn: s.en,
        type: 'learning_exam' as const,
        maxScore: s.maxScore,
        coefficient: s.coefficient,
        departmentId: departmentId.get(s.department)!,
      })),
    )
    .returning({ id: subjects.id, code: subjects.code });
  const subjectIds = subjectPlan.map((s) => subjectRows.find((row) => row.code === s.code)!.id);
  await tx
    .insert(subjectGradeLevels)
    .values(
      subjectIds.flatMap((subjectId) =>
        gradeRows.map((g) => ({ schoolId, subjectId, gradeLevelId: g.id })),
      ),
    );
  const periodRows = await insertPeriods(tx, schoolId);

  // The layout: classes, their shifts and homeroom teachers; the staff and their subjects.
  const perTeacher = job.studentsPerTeacher ?? 25;
  const layout = layoutClasses(
    job.students,
    { classSize: job.classSize, grades, session: job.classSession ?? 'split', seed },
    (classCount) => Math.max(Math.ceil(job.students / perTeacher), classCount, subjectPlan.length),
  );
  const pools = teacherPools(layout.teachers);
  const teacherWidth = Math.max(3, String(layout.teachers).length);
  const studentWidth = Math.max(5, String(job.students).length);

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

  lap('year, grades, departments, subjects, periods');
  // Teachers: an account (the teacher role) and a staff record each, in their subject's department.
  const given = (gender: SQL, stream: number, key: SQL, lang: 0 | 1) =>
    sql`case when ${gender} = 'female' then ${pick(
      femaleNames.map((n) => n[lang]),
      r(stream, key),
    )} else ${pick(
      maleNames.map((n) => n[lang]),
      r(stream, key),
    )} end`;
  const family = (stream: number, key: SQL, lang: 0 | 1) =>
    pick(
      familyNames.map((n) => n[lang]),
      r(stream, key),
    );
  await tx.execute(sql`
    create temp table g_teacher on commit drop as
    select n as no, case when ${r(1, sql`n`)} < 0.55 then 'female' else 'male' end as gender,
           p.no as subject_no, p.department_id
    from generate_series(1, ${layout.teachers}::int) n
    join g_subject p on n between p.pool_start and p.pool_start + p.pool_size - 1`);
  await tx.execute(sql`
    insert into users (school_id, username, name_km, name_en, gender, password_hash, locale,
                       status, password_changed_at)
    select ${schoolId}, 'teacher' || lpad(t.no::text, ${teacherWidth}::int, '0'),
           ${family(2, sql`t.no`, 0)} || ' ' || ${given(sql`t.gender`, 3, sql`t.no`, 0)},
           ${family(2, sql`t.no`, 1)} || ' ' || ${given(sql`t.gender`, 3, sql`t.no`, 1)},
           t.gender, ${job.passwordHash}, case when ${r(4, sql`t.no`)} < 0.8 then 'km' else 'en' end,
           'active', ${`${yearStart}T00:00:00Z`}::timestamptz
    from g_teacher t order by t.no`);
  await tx.execute(sql`alter table g_teacher add column user_id uuid, add column employee_id uuid`);
  await tx.execute(sql`
    update g_teacher t set user_id = u.id from users u
    where u.school_id = ${schoolId}
      and u.username = 'teacher' || lpad(t.no::text, ${teacherWidth}::int, '0')`);
  await tx.execute(sql`
    insert into user_roles (school_id, user_id, role_id)
    select ${schoolId}, t.user_id, ro.id from g_teacher t
    join roles ro on ro.school_id = ${schoolId} and ro.key = 'teacher'`);
  await tx.execute(sql`
    insert into employees (school_id, code, name_km, name_en, gender, birth_date, birth_place,
                           phone, department_id, position, hire_date, working_status,
                           marital_status, nssf_type, nssf_number, national_id, user_id)
    select ${schoolId}, 'T' || lpad(t.no::text, ${teacherWidth}::int, '0'), u.name_km, u.name_en,
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
           make_date(2005 + floor(${r(10, sql`t.no`)} * ${firstYear - 2005}::int)::int, 1, 1)
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
  // Each department's head: its first teacher.
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
  // The office: one clerk with an account.
  await tx.execute(sql`
    with person as (
      select ${family(50, sql`0`, 0)} || ' ' || ${given(sql`'female'`, 51, sql`0`, 0)} as km,
             ${family(50, sql`0`, 1)} || ' ' || ${given(sql`'female'`, 51, sql`0`, 1)} as en
    ), account as (
      insert into users (school_id, username, name_km, name_en, gender, password_hash, locale,
                         status, password_changed_at)
      select ${schoolId}, 'office', km, en, 'female', ${job.passwordHash}, 'km', 'active',
             ${`${yearStart}T00:00:00Z`}::timestamptz
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
           ${`${firstYear - 3}-09-01`}::date, 'working', a.id
    from person p cross join account a`);

  lap('teachers');
  // Classes, with their homeroom teacher, room and shift.
  await tx.execute(sql`
    create temp table g_class (no int primary key, grade int, section text, session text,
      size int, first_student int, shift_index int, "offset" int, homeroom int, room text,
      sessions text[], id uuid, homeroom_employee_id uuid, homeroom_user_id uuid)
    on commit drop`);
  await tx.execute(sql`
    insert into g_class (no, grade, section, session, size, first_student, shift_index, "offset",
                         homeroom, room, sessions)
    values ${sql.join(
      layout.classes.map(
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

  // Students, numbered class by class, and their enrollment from the year's first day.
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
  await tx.execute(sql`
    insert into students (school_id, code, name_km, name_en, gender, birth_date, birth_place,
                          address, guardian_name, guardian_phone, guardian_relation, status)
    select ${schoolId}, 'S' || lpad(s.no::text, ${studentWidth}::int, '0'),
           f.km || ' ' || ${given(sql`s.gender`, 23, sql`s.no`, 0)},
           f.en || ' ' || ${given(sql`s.gender`, 23, sql`s.no`, 1)},
           s.gender,
           make_date(${firstYear - 6}::int - s.grade, 1, 1)
             + floor(${r(24, sql`s.no`)} * 540)::int,
           p.place, p.place,
           case when g.relation = 'Father' or g.relation = 'Uncle' then f.en || ' '
                  || ${given(sql`'male'`, 26, sql`s.no`, 1)}
                else ${family(27, sql`s.no`, 1)} || ' ' || ${given(sql`'female'`, 26, sql`s.no`, 1)}
           end,
           '+855' || ${pick(phonePrefixes9, r(28, sql`s.no`))}
             || lpad(floor(${r(29, sql`s.no`)} * 10000000)::int::text, 7, '0'),
           g.relation, 'studying'
    from g_student s
    cross join lateral (select ${family(22, sql`s.no`, 0)} as km,
                               ${family(22, sql`s.no`, 1)} as en) f
    cross join lateral (select ${pick(
      provinces.map((p) => p[1]),
      r(25, sql`s.no`),
    )} as place) p
    cross join lateral (select ${pick(guardianRelations, sql`s.guardian_draw`)} as relation) g
    order by s.no`);
  await tx.execute(sql`alter table g_student add column id uuid`);
  await tx.execute(sql`
    update g_student s set id = st.id from students st
    where st.school_id = ${schoolId}
      and st.code = 'S' || lpad(s.no::text, ${studentWidth}::int, '0')`);
  await tx.execute(sql`create index on g_student (id)`);
  await tx.execute(sql`
    insert into enrollments (school_id, student_id, year_id, class_id, start_date)
    select ${schoolId}, s.id, ${yearId}, c.id, ${yearStart}::date
    from g_student s join g_class c on c.no = s.class_no order by s.no`);

  lap('classes, students, enrollments');
  // Teaching: each subject of a class goes to a teacher of its pool on the class's track.
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
  // The week: lesson u of a class in slot (u + offset) mod 30, a subject's lessons on
  // different days; a lesson that would put a teacher in two places at once is left out.
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

  lap('teaching assignments, timetable');
  // Attendance: every shift of every school day up to the day before `today`.
  const until = [addDays(today, -1), yearEnd].sort()[0]!;
  let attendanceUntil: string | null = null;
  if (job.attendance !== false && until >= yearStart) {
    const days = schoolDays(
      yearStart,
      until,
      job.schoolDays ?? [1, 2, 3, 4, 5, 6],
      job.holidays ?? defaultHolidays,
    );
    attendanceUntil = days.at(-1) ?? null;
    await tx.execute(sql`
      create temp table g_day on commit drop as
      select d.no::int as no, d.day::date as date
      from unnest(string_to_array(${days.join(',')}::text, ',')) with ordinality d(day, no)`);
    // A few leave requests: about 3 % of students, one to three days each.
    await tx.execute(sql`
      insert into leave_requests (school_id, student_id, from_date, to_date, session, reason,
                                  created_by, created_at)
      select ${schoolId}, s.id, d.date, d.date + floor(${r(31, sql`s.no`)} * 3)::int, null,
             ${pick(leaveReasons, r(32, sql`s.no`))}, c.homeroom_user_id,
             (d.date - 1 + time '16:00') at time zone 'Asia/Phnom_Penh'
      from g_student s
      join g_class c on c.no = s.class_no
      join g_day d on d.no = 1 + floor(${r(33, sql`s.no`)} * ${days.length}::int)::int
      where ${r(30, sql`s.no`)} < 0.03 and ${days.length}::int > 0
      order by s.no`);
    await tx.execute(sql`
      create temp table g_leave on commit drop as
      select s.no as student_no, d.no as day_no, l.reason
      from leave_requests l
      join g_student s on s.id = l.student_id
      join g_day d on d.date between l.from_date and l.to_date`);
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
    lap('leave requests, attendance sheets');
    // About 93 % present; a few students are absent far more than others.
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
                     ${hash(seed, 35, sql`s.no::int8 * 4096 + d.no * 4 + case sh.session when 'morning' then 1 when 'afternoon' then 2 else 3 end`)} as h
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
    lap('attendance marks');
  }

  // Scores: every month test and exam that has begun; the latest month still a draft.
  if (job.scores !== false) {
    const tests: { term: number; kind: 'month' | 'exam'; month: number | null; end: string }[] = [];
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
    const lastMonth = tests.filter((t) => t.kind === 'month').at(-1);
    if (tests.length > 0) {
      await tx.execute(sql`
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
      await tx.execute(sql`
        insert into score_sheets (school_id, class_id, subject_id, term_id, kind, month, status,
                                  submitted_by, submitted_at, published_by, published_at,
                                  updated_by, updated_at)
        select ${schoolId}, c.id, p.id, t.term_id, t.kind, t.month,
               case when t.draft then 'draft' else 'published' end,
               case when not t.draft then g.user_id end,
               case when not t.draft then t.closed end,
               case when not t.draft then ${adminRow?.id ?? null}::uuid end,
               case when not t.draft then t.closed + interval '1 hour' end,
               g.user_id, t.closed
        from g_class c cross join g_subject p cross join g_test t
        join g_teaching g on g.class_no = c.no and g.subject_no = p.no
        order by c.no, p.no, t.no`);
      lap('score sheets');
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
                   ${hash(seed, 40, sql`s.no::int8 * 1024 + p.no * 32 + t.no`)} as h,
                   ${hash(seed, 43, sql`s.no::int8 * 32 + p.no`)} as h2
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
      lap('scores');
    }
  }

  const classRows = await rowsOf<{
    no: number;
    id: string;
    grade: number;
    section: string;
    session: SessionOfDay;
    size: number;
    homeroom_employee_id: string;
    username: string;
  }>(
    tx,
    sql`select c.no, c.id, c.grade, c.section, c.session, c.size, c.homeroom_employee_id,
               u.username
        from g_class c join users u on u.id = c.homeroom_user_id order by c.no`,
  );
  const teacherRows = await rowsOf<{ username: string }>(
    tx,
    sql`select u.username from g_teacher t join users u on u.id = t.user_id order by t.no`,
  );
  // The next school makes its own.
  await tx.execute(sql`
    drop table if exists g_subject, g_teacher, g_class, g_student, g_teaching, g_day, g_leave,
      g_test`);
  return {
    id: schoolId,
    code,
    adminUsername: adminRow?.username ?? 'admin',
    officeUsername: 'office',
    teacherUsernames: teacherRows.map((t) => t.username),
    classIds: classRows.map((c) => c.id),
    classes: classRows.map((c) => ({
      id: c.id,
      nameEn: `Grade ${c.grade}${c.section}`,
      grade: Number(c.grade),
      section: c.section,
      session: c.session,
      size: Number(c.size),
      homeroomEmployeeId: c.homeroom_employee_id,
      homeroomUsername: c.username,
    })),
    yearId,
    termIds: termRows.map((t) => t.id),
    subjectIds,
    yearStart,
    yearEnd,
    attendanceUntil,
    studentCount: job.students,
  };
}
