import { and, eq } from 'drizzle-orm';
import {
  academicYears,
  classes,
  enrollments,
  gradeLevels,
  reportJobs,
  students,
  terms,
  users,
} from '../../src/db/schema.js';
import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/**
 * Report cards are read by everyone who reads reports; comments are written by the class's
 * homeroom teacher or the office (the service's check, tested with it); PDFs are printed by
 * those who may export reports, and a job is seen by who asked for it or the whole school's
 * printers.
 */
const printers: Caller[] = ['admin', 'office', 'head', 'teacher'];

export const area: MatrixArea = {
  async setup({ db, schoolId }) {
    const [year] = await db
      .insert(academicYears)
      .values({
        schoolId,
        name: 'Matrix reports year',
        startDate: '2023-11-01',
        endDate: '2024-08-31',
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
        section: 'REPORTS',
        nameEn: 'Matrix reports class',
      })
      .returning();
    const [student] = await db
      .insert(students)
      .values({ schoolId, code: 'MATRIX-REP-1', nameEn: 'Matrix reports pupil' })
      .returning();
    await db.insert(enrollments).values({
      schoolId,
      studentId: student!.id,
      yearId: year!.id,
      classId: schoolClass!.id,
      startDate: '2023-11-01',
    });
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), eq(users.username, 'admin')));
    // A job that ended long ago: nothing prints while the matrix runs.
    const [job] = await db
      .insert(reportJobs)
      .values({
        schoolId,
        requestedBy: admin!.id,
        classId: schoolClass!.id,
        params: { period: 'year', language: 'en', fileName: 'report-cards-matrix-y-en.pdf' },
        status: 'failed',
        error: 'matrix',
        total: 1,
      })
      .returning();
    return {
      reportsClassId: schoolClass!.id,
      reportsTermId: term!.id,
      reportsStudentId: student!.id,
      reportsJobId: job!.id,
    };
  },
  expectations: {
    'GET /api/reports/cards': {
      allowed: staff,
      sample: (ids) => ({
        url: `/api/reports/cards?classId=${ids.reportsClassId}&period=term&termId=${ids.reportsTermId}`,
      }),
      otherSchool: 'own',
    },
    'PUT /api/reports/comments': {
      allowed: staff,
      sample: (ids) => ({
        payload: {
          classId: ids.reportsClassId,
          studentId: ids.reportsStudentId,
          period: 't1',
          comment: 'Taken over',
        },
      }),
      otherSchool: 'own',
    },
    'POST /api/reports/jobs': {
      allowed: printers,
      sample: (ids) => ({
        payload: {
          classId: ids.reportsClassId,
          period: 'term',
          termId: ids.reportsTermId,
          language: 'km',
        },
      }),
      otherSchool: 'own',
    },
    'GET /api/reports/jobs/:id': {
      allowed: printers,
      sample: (ids) => ({ url: `/api/reports/jobs/${ids.reportsJobId}` }),
      otherSchool: 'missing',
    },
    'GET /api/reports/jobs/:id/file': {
      allowed: printers,
      sample: (ids) => ({ url: `/api/reports/jobs/${ids.reportsJobId}/file` }),
      otherSchool: 'missing',
    },
  },
  tables: ['report_comments', 'report_jobs'],
};
