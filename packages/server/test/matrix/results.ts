import { and, eq } from 'drizzle-orm';
import {
  academicYears,
  classes,
  enrollments,
  gradeLevels,
  students,
  terms,
} from '../../src/db/schema.js';
import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/**
 * Results are read by everyone who reads reports or scores (which classes is the service's
 * check, tested with it) and exported by those who may export reports.
 */
const exporters: Caller[] = ['admin', 'office', 'head', 'teacher'];

export const area: MatrixArea = {
  async setup({ db, schoolId }) {
    const [year] = await db
      .insert(academicYears)
      .values({
        schoolId,
        name: 'Matrix results year',
        startDate: '2024-11-01',
        endDate: '2025-08-31',
      })
      .returning();
    const [term] = await db
      .insert(terms)
      .values({ schoolId, yearId: year!.id, number: 1, months: [11, 12], examMonth: 12 })
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
        section: 'RESULTS',
        nameEn: 'Matrix results class',
      })
      .returning();
    const [student] = await db
      .insert(students)
      .values({ schoolId, code: 'MATRIX-RES-1', nameEn: 'Matrix results pupil' })
      .returning();
    await db.insert(enrollments).values({
      schoolId,
      studentId: student!.id,
      yearId: year!.id,
      classId: schoolClass!.id,
      startDate: '2024-11-01',
    });
    return {
      resultsClassId: schoolClass!.id,
      resultsTermId: term!.id,
      resultsStudentId: student!.id,
    };
  },
  expectations: {
    'GET /api/results': {
      allowed: staff,
      sample: (ids) => ({
        url: `/api/results?classId=${ids.resultsClassId}&period=term&termId=${ids.resultsTermId}`,
      }),
      otherSchool: 'missing',
    },
    'GET /api/results/export': {
      allowed: exporters,
      sample: (ids) => ({
        url: `/api/results/export?classId=${ids.resultsClassId}&period=term&termId=${ids.resultsTermId}`,
      }),
      otherSchool: 'missing',
    },
    'GET /api/results/students/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/results/students/${ids.resultsStudentId}` }),
      otherSchool: 'missing',
    },
  },
};
