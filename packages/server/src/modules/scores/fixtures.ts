import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  academicYears,
  classes,
  departments,
  employees,
  enrollments,
  gradeLevels,
  students,
  subjectGradeLevels,
  subjects,
  teachingAssignments,
  terms,
  users,
} from '../../db/schema.js';

/** The ids of a small school year for the score tests. */
export interface ScoreSchool {
  year: string;
  terms: { t1: string; t2: string };
  classes: { c7A: string; c7B: string };
  subjects: { math: string; khmer: string; english: string; biology: string; art: string };
  /** 7A's students by code (S01–S05 all year; S06 moves to 7B on 21 December). */
  students: Record<string, string>;
}

/**
 * A year from November 2025 to August 2026 (term 1: Nov–Feb, exam in February; term 2:
 * Apr–Jul), grade 7 (Mathematics, Khmer, English; maximum 50) and two classes. The demo
 * teacher (Khmer department) teaches Khmer in 7A and is its homeroom teacher; the head of
 * department (Mathematics) teaches Mathematics in 7A and 7B; someone else teaches English in 7A,
 * Khmer in 7B and Biology in 7A (a subject of 7A only by its assignment).
 */
export async function seedScoreSchool(db: Db, schoolId: string): Promise<ScoreSchool> {
  const userId = async (username: string) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.schoolId, schoolId), eq(users.username, username)))
    )[0]!.id;
  const [year] = await db
    .insert(academicYears)
    .values({
      schoolId,
      name: 'Score year',
      startDate: '2025-11-03',
      endDate: '2026-08-31',
      isCurrent: true,
    })
    .returning();
  const [t1, t2] = await db
    .insert(terms)
    .values([
      {
        schoolId,
        yearId: year!.id,
        number: 1,
        nameEn: 'Semester 1',
        months: [11, 12, 1, 2],
        examMonth: 2,
      },
      {
        schoolId,
        yearId: year!.id,
        number: 2,
        nameEn: 'Semester 2',
        months: [4, 5, 6, 7],
        examMonth: 7,
      },
    ])
    .returning();
  const [grade] = await db
    .insert(gradeLevels)
    .values({ schoolId, number: 7, nameEn: 'Grade 7', maxScore: 50, divisor: 14 })
    .returning();
  const [khmerDept, mathDept, langDept] = await db
    .insert(departments)
    .values([
      { schoolId, code: 'SKHM', nameEn: 'Khmer' },
      { schoolId, code: 'SMATH', nameEn: 'Mathematics' },
      { schoolId, code: 'SLANG', nameEn: 'Languages' },
    ])
    .returning();
  const [dara, chantha, other] = await db
    .insert(employees)
    .values([
      {
        schoolId,
        code: 'ST01',
        nameEn: 'Sok Dara',
        userId: await userId('teacher'),
        departmentId: khmerDept!.id,
      },
      {
        schoolId,
        code: 'ST02',
        nameEn: 'Ly Chantha',
        userId: await userId('head'),
        departmentId: mathDept!.id,
      },
      { schoolId, code: 'ST03', nameEn: 'Kim Sophea', departmentId: langDept!.id },
    ])
    .returning();
  const [math, khmer, english, biology, art] = await db
    .insert(subjects)
    .values([
      {
        schoolId,
        code: 'SMATH',
        nameKm: 'គណិតវិទ្យា',
        nameEn: 'Mathematics',
        maxScore: 50,
        coefficient: 2,
        departmentId: mathDept!.id,
      },
      {
        schoolId,
        code: 'SKHM',
        nameKm: 'ភាសាខ្មែរ',
        nameEn: 'Khmer',
        maxScore: 50,
        coefficient: 2,
        departmentId: khmerDept!.id,
      },
      {
        schoolId,
        code: 'SENG',
        nameKm: 'ភាសាអង់គ្លេស',
        nameEn: 'English',
        maxScore: 50,
        departmentId: langDept!.id,
      },
      { schoolId, code: 'SBIO', nameEn: 'Biology', maxScore: 20 },
      { schoolId, code: 'SART', nameEn: 'Art', maxScore: 10 },
    ])
    .returning();
  await db.insert(subjectGradeLevels).values(
    [math!, khmer!, english!].map((subject) => ({
      schoolId,
      subjectId: subject.id,
      gradeLevelId: grade!.id,
    })),
  );
  const [c7A, c7B] = await db
    .insert(classes)
    .values([
      {
        schoolId,
        yearId: year!.id,
        gradeLevelId: grade!.id,
        section: 'A',
        nameEn: '7A',
        homeroomEmployeeId: dara!.id,
      },
      {
        schoolId,
        yearId: year!.id,
        gradeLevelId: grade!.id,
        section: 'B',
        nameEn: '7B',
        homeroomEmployeeId: other!.id,
      },
    ])
    .returning();
  await db.insert(teachingAssignments).values(
    [
      [c7A!.id, khmer!.id, dara!.id],
      [c7A!.id, math!.id, chantha!.id],
      [c7A!.id, english!.id, other!.id],
      [c7A!.id, biology!.id, other!.id],
      [c7B!.id, khmer!.id, other!.id],
      [c7B!.id, math!.id, chantha!.id],
    ].map(([classId, subjectId, employeeId]) => ({
      schoolId,
      yearId: year!.id,
      classId: classId!,
      subjectId: subjectId!,
      employeeId: employeeId!,
    })),
  );
  const pupils = await db
    .insert(students)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        schoolId,
        code: `S0${i + 1}`,
        nameEn: `Pupil ${String.fromCharCode(70 - i)}`,
      })),
    )
    .returning();
  await db.insert(enrollments).values([
    ...pupils.slice(0, 5).map((pupil) => ({
      schoolId,
      studentId: pupil.id,
      yearId: year!.id,
      classId: c7A!.id,
      startDate: '2025-11-03',
    })),
    {
      schoolId,
      studentId: pupils[5]!.id,
      yearId: year!.id,
      classId: c7A!.id,
      startDate: '2025-11-03',
      endDate: '2025-12-20',
      endReason: 'transferred' as const,
    },
    {
      schoolId,
      studentId: pupils[5]!.id,
      yearId: year!.id,
      classId: c7B!.id,
      startDate: '2025-12-21',
    },
  ]);
  return {
    year: year!.id,
    terms: { t1: t1!.id, t2: t2!.id },
    classes: { c7A: c7A!.id, c7B: c7B!.id },
    subjects: {
      math: math!.id,
      khmer: khmer!.id,
      english: english!.id,
      biology: biology!.id,
      art: art!.id,
    },
    students: Object.fromEntries(pupils.map((pupil) => [pupil.code, pupil.id])),
  };
}
