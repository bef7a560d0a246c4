import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  academicYears,
  attendanceMarks,
  attendanceSheets,
  classes,
  departments,
  employeeStatusChanges,
  employees,
  enrollments,
  gradeLevels,
  students,
  subjectGradeLevels,
  subjects,
  teachingAssignments,
  teachingLog,
  terms,
  timetableEntries,
  users,
} from '../db/schema.js';
import type { Tx } from '../lib/audit.js';
import { seededRandom } from '../lib/random.js';
import { toKhmerDigits } from '../modules/classes/names.js';
import { seedDemoScores } from '../modules/scores/demo.js';
import { familyNames, femaleNames, maleNames, provinces } from './names.js';
import { insertPeriods } from './periods.js';

/** A small deterministic random source, so every demo school is the same school. */
function random(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The departments, and the subjects each teaches with their weekly hours and teachers needed. */
const departmentPlan = [
  {
    code: 'KHM',
    km: 'ភាសាខ្មែរ',
    en: 'Khmer Literature',
    subjects: [{ code: 'KHM', km: 'ភាសាខ្មែរ', en: 'Khmer', hours: 5, teachers: 5, coefficient: 2 }],
  },
  {
    code: 'MATH',
    km: 'គណិតវិទ្យា',
    en: 'Mathematics',
    subjects: [
      { code: 'MATH', km: 'គណិតវិទ្យា', en: 'Mathematics', hours: 5, teachers: 5, coefficient: 2 },
      { code: 'ICT', km: 'ព័ត៌មានវិទ្យា', en: 'ICT', hours: 1, teachers: 1, coefficient: 1 },
    ],
  },
  {
    code: 'SCI',
    km: 'វិទ្យាសាស្ត្រ',
    en: 'Sciences',
    subjects: [
      { code: 'PHY', km: 'រូបវិទ្យា', en: 'Physics', hours: 2, teachers: 2, coefficient: 1 },
      { code: 'CHEM', km: 'គីមីវិទ្យា', en: 'Chemistry', hours: 2, teachers: 2, coefficient: 1 },
      { code: 'BIO', km: 'ជីវវិទ្យា', en: 'Biology', hours: 2, teachers: 2, coefficient: 1 },
      { code: 'EARTH', km: 'ផែនដីវិទ្យា', en: 'Earth Science', hours: 1, teachers: 1, coefficient: 1 },
    ],
  },
  {
    code: 'SOC',
    km: 'វិទ្យាសាស្ត្រសង្គម',
    en: 'Social Studies',
    subjects: [
      { code: 'HIST', km: 'ប្រវត្តិវិទ្យា', en: 'History', hours: 2, teachers: 2, coefficient: 1 },
      { code: 'GEO', km: 'ភូមិវិទ្យា', en: 'Geography', hours: 2, teachers: 2, coefficient: 1 },
      {
        code: 'MORAL',
        km: 'សីលធម៌-ពលរដ្ឋវិជ្ជា',
        en: 'Moral-Civics',
        hours: 2,
        teachers: 2,
        coefficient: 1,
      },
    ],
  },
  {
    code: 'LANG',
    km: 'ភាសាបរទេស',
    en: 'Foreign Languages',
    subjects: [
      { code: 'ENG', km: 'ភាសាអង់គ្លេស', en: 'English', hours: 4, teachers: 4, coefficient: 1 },
    ],
  },
  {
    code: 'PE',
    km: 'អប់រំកាយ និងកីឡា',
    en: 'Physical Education',
    subjects: [
      {
        code: 'PE',
        km: 'អប់រំកាយ និងកីឡា',
        en: 'Physical Education',
        hours: 2,
        teachers: 2,
        coefficient: 1,
      },
    ],
  },
] as const;

/** Every department's subjects, in the plan's order: the order classes get their teachers. */
const plannedSubjects: readonly { code: string; hours: number }[] = departmentPlan.flatMap(
  (plan): readonly { code: string; hours: number }[] => plan.subjects,
);

/** The grades of a lower and upper secondary school, with the ministry's score rules. */
const gradePlan = [7, 8, 9, 10, 11, 12].map((number) => ({
  number,
  maxScore: number <= 9 ? 50 : 100,
  divisor: number <= 8 ? 14 : number === 9 ? 8.4 : null,
}));
const sections = ['A', 'B', 'C'] as const;

/** The academic year running on a date: it starts on the first Monday of November. */
function yearAround(today: Date) {
  const firstYear = today.getUTCMonth() >= 10 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const start = new Date(Date.UTC(firstYear, 10, 1));
  while (start.getUTCDay() !== 1) start.setUTCDate(start.getUTCDate() + 1);
  const end = new Date(Date.UTC(firstYear + 1, 7, 31));
  return { name: `${firstYear}–${firstYear + 1}`, start, end, firstYear };
}

/** What every step of the demo school works in; `rng` is drawn from in the steps' order. */
interface DemoContext {
  tx: Tx;
  schoolId: string;
  rng: ReturnType<typeof random>;
  year: ReturnType<typeof yearAround>;
  today: Date;
  yearId: string;
}

type Account = {
  id: string;
  nameKm: string;
  nameEn: string;
  gender: string | null;
  phone: string | null;
};
type Staff = typeof employees.$inferSelect;
type Grade = typeof gradeLevels.$inferSelect;
type SchoolClass = typeof classes.$inferSelect;
type Department = typeof departments.$inferSelect;
type Lesson = {
  classId: string;
  subjectId: string;
  employeeId: string;
  session: 'morning' | 'afternoon';
  room: string;
};

/**
 * Fills the demo school with a living school: a current year with two semesters, grades 7–12
 * with three classes each, departments, staff (the demo accounts among them), subjects, 40-odd
 * students a class with their enrollment, teaching assignments and a full weekly timetable
 * without a clash. Idempotent: a school that has an academic year is left as it is.
 */
export async function seedDemoSchool(db: Db, schoolId: string, today = new Date()): Promise<void> {
  const existing = await db
    .select({ id: academicYears.id })
    .from(academicYears)
    .where(eq(academicYears.schoolId, schoolId))
    .limit(1);
  if (existing.length > 0) return;
  const rng = random(20251103);
  const year = yearAround(today);

  await db.transaction(async (tx) => {
    const yearId = await createYear(tx, schoolId, year);
    const ctx: DemoContext = { tx, schoolId, rng, year, today, yearId };
    const grades = await createGrades(ctx);
    const periodRows = await insertPeriods(tx, schoolId);
    const departmentRows = await createDepartments(ctx);
    const account = await demoAccounts(ctx);
    const { staff, pool } = await hireStaff(ctx, departmentRows, account);
    await appointHeads(ctx, departmentRows, staff, account);
    const subjectRows = await createSubjects(ctx, departmentRows, grades);
    const classRows = await createClasses(ctx, grades, staff);
    // The demo teacher is the homeroom teacher of 7A.
    const demoTeacher = staff.find((person) => person.userId === account('teacher')?.id);
    if (demoTeacher) {
      await tx
        .update(classes)
        .set({ homeroomEmployeeId: demoTeacher.id })
        .where(and(eq(classes.id, classRows[0]!.id)));
    }
    const enrolled = await enrolStudents(ctx, classRows, grades);
    const lessons = await assignTeaching(ctx, classRows, staff, pool, subjectRows);
    const entries = await createTimetable(ctx, classRows, lessons, periodRows);
    if (demoTeacher) await writeTeachingLog(ctx, demoTeacher, entries);
    await takeAttendance(ctx, classRows, staff, enrolled, account('office')?.id ?? null);
    // The months of the first semester so far: scores, the earlier months published.
    await seedDemoScores(tx, schoolId, today);
  });
}

/** The current year and its two semesters. */
async function createYear(tx: Tx, schoolId: string, year: ReturnType<typeof yearAround>) {
  const [yearRow] = await tx
    .insert(academicYears)
    .values({
      schoolId,
      name: year.name,
      startDate: iso(year.start),
      endDate: iso(year.end),
      isCurrent: true,
    })
    .returning();
  const yearId = yearRow!.id;
  await tx.insert(terms).values([
    {
      schoolId,
      yearId,
      number: 1,
      nameKm: 'ឆមាសទី១',
      nameEn: 'Semester 1',
      months: [11, 12, 1, 2],
      examMonth: 2,
    },
    {
      schoolId,
      yearId,
      number: 2,
      nameKm: 'ឆមាសទី២',
      nameEn: 'Semester 2',
      months: [4, 5, 6, 7],
      examMonth: 7,
    },
  ]);
  return yearId;
}

/** Grades 7–12 with the ministry's score rules. */
function createGrades({ tx, schoolId }: DemoContext) {
  return tx
    .insert(gradeLevels)
    .values(
      gradePlan.map((grade) => ({
        schoolId,
        number: grade.number,
        nameKm: `ថ្នាក់ទី${toKhmerDigits(grade.number)}`,
        nameEn: `Grade ${grade.number}`,
        maxScore: grade.maxScore,
        divisor: grade.divisor,
      })),
    )
    .returning();
}

function createDepartments({ tx, schoolId }: DemoContext) {
  return tx
    .insert(departments)
    .values(
      departmentPlan.map((plan) => ({
        schoolId,
        code: plan.code,
        nameKm: plan.km,
        nameEn: plan.en,
        description: '',
      })),
    )
    .returning();
}

/** The school's accounts (the demo accounts), found by username. */
async function demoAccounts({ tx, schoolId }: DemoContext) {
  const accounts = await tx
    .select({
      id: users.id,
      username: users.username,
      nameKm: users.nameKm,
      nameEn: users.nameEn,
      gender: users.gender,
      phone: users.phone,
    })
    .from(users)
    .where(eq(users.schoolId, schoolId));
  return (username: string): Account | undefined =>
    accounts.find((row) => row.username === username);
}

/** A made-up person's name of `gender`, in Khmer and English. */
function personName(rng: DemoContext['rng'], gender: 'female' | 'male') {
  const family = rng.pick(familyNames);
  const given = rng.pick(gender === 'female' ? femaleNames : maleNames);
  return { nameKm: `${family[0]} ${given[0]}`, nameEn: `${family[1]} ${given[1]}` };
}

/** Staff records numbered T001, T002…; a linked account lends its name and phone. */
function staffRows({ rng, year, schoolId }: DemoContext) {
  let staffNumber = 0;
  return (
    fields: { departmentId: string | null; position: string; gender: 'female' | 'male' },
    linked?: Account,
  ) => {
    staffNumber += 1;
    const born = new Date(Date.UTC(rng.int(1968, 1998), rng.int(0, 11), rng.int(1, 28)));
    const hired = new Date(
      Date.UTC(rng.int(2005, year.firstYear - 1), rng.int(0, 11), rng.int(1, 28)),
    );
    const place = rng.pick(provinces);
    const names = linked
      ? { nameKm: linked.nameKm, nameEn: linked.nameEn }
      : personName(rng, fields.gender);
    return {
      schoolId,
      code: `T${pad(staffNumber, 3)}`,
      ...names,
      gender: fields.gender,
      birthDate: iso(born),
      birthPlace: place[1],
      phone: linked?.phone ?? `+8551${rng.int(0, 9)}${pad(rng.int(0, 999999), 6)}`,
      departmentId: fields.departmentId,
      position: fields.position,
      hireDate: iso(hired),
      workingStatus: 'working' as const,
      maritalStatus: rng.pick(['single', 'married', 'married', 'married'] as const),
      nssfType: rng.pick(['in_system', 'in_system', 'out_system'] as const),
      nssfNumber: `${rng.int(100000000, 999999999)}`,
      nationalId: `${rng.int(100000000, 999999999)}`,
      userId: linked?.id ?? null,
    };
  };
}

/**
 * The staff: the principal, the office clerk (the `office` account) and each subject's
 * teachers (the `teacher` account teaches Khmer, `head` Mathematics), with their status
 * history. Answers the staff and, per subject, its teachers in the order they get classes.
 */
async function hireStaff(
  ctx: DemoContext,
  departmentRows: Department[],
  account: (username: string) => Account | undefined,
) {
  const staffRow = staffRows(ctx);
  const office = account('office');
  const staffValues = [
    staffRow({ departmentId: null, position: 'Principal', gender: 'male' }),
    staffRow(
      {
        departmentId: null,
        position: 'Office clerk',
        gender: office?.gender === 'female' ? 'female' : 'male',
      },
      office,
    ),
  ];
  const pool = new Map<string, number[]>();
  for (const plan of departmentPlan) {
    const departmentId = departmentRows.find((row) => row.code === plan.code)!.id;
    for (const subject of plan.subjects) {
      const indexes: number[] = [];
      for (let i = 0; i < subject.teachers; i += 1) {
        let linked: Account | undefined;
        if (subject.code === 'KHM' && i === 0) linked = account('teacher');
        if (subject.code === 'MATH' && i === 0) linked = account('head');
        const gender =
          linked?.gender === 'male'
            ? 'male'
            : linked
              ? 'female'
              : ctx.rng.pick(['female', 'male'] as const);
        indexes.push(staffValues.length);
        staffValues.push(staffRow({ departmentId, position: 'Teacher', gender }, linked));
      }
      pool.set(subject.code, indexes);
    }
  }
  const staff = await ctx.tx.insert(employees).values(staffValues).returning();
  await ctx.tx.insert(employeeStatusChanges).values(
    staff.map((person) => ({
      schoolId: ctx.schoolId,
      employeeId: person.id,
      fromStatus: null,
      toStatus: 'working',
      effectiveDate: person.hireDate ?? iso(ctx.year.start),
    })),
  );
  return { staff, pool };
}

/** The head of department leads Mathematics; each department's first teacher leads the others. */
async function appointHeads(
  { tx }: DemoContext,
  departmentRows: Department[],
  staff: Staff[],
  account: (username: string) => Account | undefined,
) {
  for (const row of departmentRows) {
    const lead =
      row.code === 'MATH'
        ? staff.find((person) => person.userId === account('head')?.id)
        : staff.find((person) => person.departmentId === row.id);
    if (lead) {
      await tx
        .update(departments)
        .set({ headEmployeeId: lead.id })
        .where(eq(departments.id, row.id));
    }
  }
}

/** The departments' subjects, each taught in every grade. */
async function createSubjects(
  { tx, schoolId }: DemoContext,
  departmentRows: Department[],
  grades: Grade[],
) {
  const subjectRows = await tx
    .insert(subjects)
    .values(
      departmentPlan.flatMap((plan) =>
        plan.subjects.map((subject) => ({
          schoolId,
          code: subject.code,
          nameKm: subject.km,
          nameEn: subject.en,
          type: subject.code === 'PE' ? ('learning' as const) : ('learning_exam' as const),
          maxScore: 50,
          coefficient: subject.coefficient,
          departmentId: departmentRows.find((row) => row.code === plan.code)!.id,
        })),
      ),
    )
    .returning();
  await tx
    .insert(subjectGradeLevels)
    .values(
      subjectRows.flatMap((subject) =>
        grades.map((grade) => ({ schoolId, subjectId: subject.id, gradeLevelId: grade.id })),
      ),
    );
  return subjectRows;
}

/** Classes: grades 7–9 in the morning, 10–12 in the afternoon, three sections each. */
function createClasses({ tx, schoolId, yearId }: DemoContext, grades: Grade[], staff: Staff[]) {
  const teachers = staff.filter((person) => person.position === 'Teacher');
  const classValues = grades.flatMap((grade, gradeIndex) =>
    sections.map((section, sectionIndex) => ({
      schoolId,
      yearId,
      gradeLevelId: grade.id,
      section,
      nameKm: `ថ្នាក់ទី${toKhmerDigits(grade.number)}${section}`,
      nameEn: `Grade ${grade.number}${section}`,
      homeroomEmployeeId: teachers[(gradeIndex * 3 + sectionIndex) % teachers.length]!.id,
      room: `${grade.number <= 9 ? 'A' : 'B'}${(gradeIndex % 3) + 1}0${sectionIndex + 1}`,
      session: grade.number <= 9 ? ('morning' as const) : ('afternoon' as const),
      capacity: 48,
    })),
  );
  return tx.insert(classes).values(classValues).returning();
}

/** One made-up student of a grade, numbered `number` in the school. */
function studentRow(ctx: DemoContext, grade: Grade, number: number) {
  const { rng, year } = ctx;
  const gender = rng.next() < 0.52 ? ('female' as const) : ('male' as const);
  const names = personName(rng, gender);
  const guardian = personName(rng, rng.next() < 0.6 ? 'female' : 'male');
  const born = new Date(
    Date.UTC(year.firstYear - grade.number - 6 + rng.int(0, 1), rng.int(0, 11), rng.int(1, 28)),
  );
  const place = rng.pick(provinces);
  return {
    schoolId: ctx.schoolId,
    code: `S${year.firstYear}-${pad(number, 4)}`,
    ...names,
    gender,
    birthDate: iso(born),
    birthPlace: place[1],
    address: `${place[1]}`,
    guardianName: guardian.nameEn,
    guardianPhone: `+8559${rng.int(0, 9)}${pad(rng.int(0, 999999), 6)}`,
    guardianRelation: rng.pick(['Mother', 'Father', 'Mother', 'Grandmother', 'Uncle']),
    status: 'studying',
  } satisfies typeof students.$inferInsert;
}

/**
 * Students: 38–45 a class (the demo teacher's 7A a full 45), with their enrollment from the
 * year's start. Answers each student's id and class, in the order they were made.
 */
async function enrolStudents(ctx: DemoContext, classRows: SchoolClass[], grades: Grade[]) {
  let studentNumber = 0;
  const studentValues: (typeof students.$inferInsert)[] = [];
  const studentClass: string[] = [];
  for (const [index, schoolClass] of classRows.entries()) {
    const grade = grades.find((g) => g.id === schoolClass.gradeLevelId)!;
    const drawn = ctx.rng.int(38, 45);
    const size = index === 0 ? 45 : drawn;
    for (let i = 0; i < size; i += 1) {
      studentNumber += 1;
      studentValues.push(studentRow(ctx, grade, studentNumber));
      studentClass.push(schoolClass.id);
    }
  }
  const studentRows = await ctx.tx
    .insert(students)
    .values(studentValues)
    .returning({ id: students.id });
  await ctx.tx.insert(enrollments).values(
    studentRows.map((student, index) => ({
      schoolId: ctx.schoolId,
      studentId: student.id,
      yearId: ctx.yearId,
      classId: studentClass[index]!,
      startDate: iso(ctx.year.start),
    })),
  );
  return studentRows.map((student, index) => ({ id: student.id, classId: studentClass[index]! }));
}

/**
 * Teaching: each subject of each class goes to the next teacher of its pool. Answers the
 * week's lessons, one per hour of each assignment.
 */
async function assignTeaching(
  { tx, schoolId, yearId }: DemoContext,
  classRows: SchoolClass[],
  staff: Staff[],
  pool: Map<string, number[]>,
  subjectRows: (typeof subjects.$inferSelect)[],
) {
  const nextTeacher = new Map<string, number>();
  const assignmentValues: (typeof teachingAssignments.$inferInsert)[] = [];
  const lessons: Lesson[] = [];
  for (const schoolClass of classRows) {
    for (const subject of plannedSubjects) {
      const indexes = pool.get(subject.code)!;
      const turn = nextTeacher.get(subject.code) ?? 0;
      nextTeacher.set(subject.code, turn + 1);
      const teacher = staff[indexes[turn % indexes.length]!]!;
      const subjectRow = subjectRows.find((row) => row.code === subject.code)!;
      assignmentValues.push({
        schoolId,
        yearId,
        classId: schoolClass.id,
        subjectId: subjectRow.id,
        employeeId: teacher.id,
        hoursPerWeek: subject.hours,
      });
      for (let h = 0; h < subject.hours; h += 1) {
        lessons.push({
          classId: schoolClass.id,
          subjectId: subjectRow.id,
          employeeId: teacher.id,
          session: schoolClass.session === 'afternoon' ? 'afternoon' : 'morning',
          room: schoolClass.room,
        });
      }
    }
  }
  await tx.insert(teachingAssignments).values(assignmentValues);
  return lessons;
}

/** Monday–Saturday × 5 periods. */
const weekSlots = [1, 2, 3, 4, 5, 6].flatMap((day) =>
  [1, 2, 3, 4, 5].map((number) => ({ day, number })),
);

/**
 * The week: each class's lessons shuffled into its free slots, a subject spread over the days,
 * never a teacher in two places at once.
 */
async function createTimetable(
  ctx: DemoContext,
  classRows: SchoolClass[],
  lessons: Lesson[],
  periodRows: { id: string; session: string; number: number }[],
) {
  const busy = new Set<string>();
  const entryValues: (typeof timetableEntries.$inferInsert)[] = [];
  for (const schoolClass of classRows) {
    const own = lessons.filter((lesson) => lesson.classId === schoolClass.id);
    // Shuffled, so each subject spreads over the week.
    for (let i = own.length - 1; i > 0; i -= 1) {
      const j = Math.floor(ctx.rng.next() * (i + 1));
      [own[i], own[j]] = [own[j]!, own[i]!];
    }
    const free = [...weekSlots];
    for (const lesson of own) {
      const slot = freeSlot(lesson, free, busy, entryValues);
      if (!slot) continue;
      free.splice(free.indexOf(slot), 1);
      busy.add(`${lesson.employeeId}:${lesson.session}:${slot.day}:${slot.number}`);
      const period = periodRows.find(
        (p) => p.session === lesson.session && p.number === slot.number,
      )!;
      entryValues.push({
        schoolId: ctx.schoolId,
        yearId: ctx.yearId,
        classId: lesson.classId,
        dayOfWeek: slot.day,
        periodId: period.id,
        subjectId: lesson.subjectId,
        employeeId: lesson.employeeId,
        room: lesson.room,
      });
    }
  }
  await ctx.tx.insert(timetableEntries).values(entryValues);
  return entryValues;
}

/** The class's free slot where the teacher is free, on the day with fewest of the subject. */
function freeSlot(
  lesson: Lesson,
  free: typeof weekSlots,
  busy: Set<string>,
  entryValues: (typeof timetableEntries.$inferInsert)[],
) {
  const sameDay = (day: number) =>
    entryValues.filter(
      (entry) =>
        entry.classId === lesson.classId &&
        entry.subjectId === lesson.subjectId &&
        entry.dayOfWeek === day,
    ).length;
  const candidates = free
    .filter(
      (slot) => !busy.has(`${lesson.employeeId}:${lesson.session}:${slot.day}:${slot.number}`),
    )
    .sort((a, b) => sameDay(a.day) - sameDay(b.day));
  return candidates[0];
}

/** The demo teacher's log of the last week's lessons. */
async function writeTeachingLog(
  { tx, schoolId, rng, year, today }: DemoContext,
  demoTeacher: Staff,
  entryValues: (typeof timetableEntries.$inferInsert)[],
) {
  const mine = entryValues.filter((entry) => entry.employeeId === demoTeacher.id);
  const logValues: (typeof teachingLog.$inferInsert)[] = [];
  for (let back = 1; back <= 7; back += 1) {
    const date = new Date(today.getTime() - back * 86_400_000);
    if (date < year.start) continue;
    const day = ((date.getUTCDay() + 6) % 7) + 1;
    for (const entry of mine.filter((e) => e.dayOfWeek === day)) {
      logValues.push({
        schoolId,
        employeeId: demoTeacher.id,
        classId: entry.classId,
        subjectId: entry.subjectId,
        date: iso(date),
        hours: 1,
        content: rng.pick([
          'Reading and comprehension',
          'Grammar exercises',
          'Writing a short essay',
          'Poetry recitation',
        ]),
        createdBy: demoTeacher.userId,
      });
    }
  }
  if (logValues.length > 0) await tx.insert(teachingLog).values(logValues);
}

/**
 * Three weeks of attendance, Monday to Saturday: a few absences, permissions and late arrivals
 * a day, taken by each class's homeroom teacher (or the office).
 */
async function takeAttendance(
  ctx: DemoContext,
  classRows: SchoolClass[],
  staff: Staff[],
  enrolled: { id: string; classId: string }[],
  officeUser: string | null,
) {
  const staffUser = new Map(staff.map((person) => [person.id, person.userId ?? null]));
  const sheetValues: (typeof attendanceSheets.$inferInsert)[] = [];
  const markValues: (typeof attendanceMarks.$inferInsert)[] = [];
  for (let back = 21; back >= 1; back -= 1) {
    const date = new Date(ctx.today.getTime() - back * 86_400_000);
    if (date < ctx.year.start || date.getUTCDay() === 0) continue;
    for (const schoolClass of classRows) {
      const sheetId = randomUUID();
      const takenBy =
        (schoolClass.homeroomEmployeeId && staffUser.get(schoolClass.homeroomEmployeeId)) ||
        officeUser;
      sheetValues.push({
        id: sheetId,
        schoolId: ctx.schoolId,
        classId: schoolClass.id,
        date: iso(date),
        session: schoolClass.session === 'afternoon' ? 'afternoon' : 'morning',
        takenBy,
        updatedBy: takenBy,
        takenAt: date,
        updatedAt: date,
      });
      for (const student of enrolled) {
        if (student.classId === schoolClass.id) markValues.push(markOf(ctx, sheetId, student.id));
      }
    }
  }
  if (sheetValues.length > 0) await ctx.tx.insert(attendanceSheets).values(sheetValues);
  for (let start = 0; start < markValues.length; start += 2000) {
    await ctx.tx.insert(attendanceMarks).values(markValues.slice(start, start + 2000));
  }
}

/** One student's mark: about 91 % present. */
function markOf({ rng, schoolId }: DemoContext, sheetId: string, studentId: string) {
  const draw = rng.next();
  const status =
    draw < 0.04 ? 'absent' : draw < 0.06 ? 'permission' : draw < 0.09 ? 'late' : 'present';
  const minutesLate = status === 'late' ? rng.int(5, 30) : null;
  return {
    sheetId,
    studentId,
    schoolId,
    status,
    minutesLate,
    takenStatus: status,
    takenMinutesLate: minutesLate,
  } satisfies typeof attendanceMarks.$inferInsert;
}
