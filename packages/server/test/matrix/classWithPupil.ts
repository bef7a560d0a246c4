import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import {
  academicYears,
  classes,
  enrollments,
  gradeLevels,
  students,
  terms,
} from '../../src/db/schema.js';

/**
 * A year of its own with one term, a grade-9 class and one pupil enrolled from the first day:
 * what the score, result and report areas of the matrix sample their requests on. Each area
 * names its own year, so their records never meet.
 */
export async function classWithPupil(
  db: Db,
  schoolId: string,
  options: {
    label: string;
    section: string;
    studentCode: string;
    startDate: string;
    endDate: string;
    months: number[];
    examMonth: number;
  },
) {
  const [year] = await db
    .insert(academicYears)
    .values({
      schoolId,
      name: `Matrix ${options.label} year`,
      startDate: options.startDate,
      endDate: options.endDate,
    })
    .returning();
  const [term] = await db
    .insert(terms)
    .values({
      schoolId,
      yearId: year!.id,
      number: 1,
      months: options.months,
      examMonth: options.examMonth,
    })
    .returning();
  const [grade] = await db
    .select()
    .from(gradeLevels)
    .where(and(eq(gradeLevels.schoolId, schoolId), eq(gradeLevels.number, 9)));
  const gradeId =
    grade?.id ??
    (
      await db
        .insert(gradeLevels)
        .values({ schoolId, number: 9, nameEn: 'Grade 9', maxScore: 50 })
        .returning()
    )[0]!.id;
  const [schoolClass] = await db
    .insert(classes)
    .values({
      schoolId,
      yearId: year!.id,
      gradeLevelId: gradeId,
      section: options.section,
      nameEn: `Matrix ${options.label} class`,
    })
    .returning();
  const [student] = await db
    .insert(students)
    .values({ schoolId, code: options.studentCode, nameEn: `Matrix ${options.label} pupil` })
    .returning();
  await db.insert(enrollments).values({
    schoolId,
    studentId: student!.id,
    yearId: year!.id,
    classId: schoolClass!.id,
    startDate: options.startDate,
  });
  return { yearId: year!.id, termId: term!.id, classId: schoolClass!.id, studentId: student!.id };
}
