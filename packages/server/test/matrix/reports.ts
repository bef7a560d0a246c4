import { and, eq } from 'drizzle-orm';
import { reportJobs, users } from '../../src/db/schema.js';
import { classWithPupil } from './classWithPupil.js';
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
    const { termId, classId, studentId } = await classWithPupil(db, schoolId, {
      label: 'reports',
      section: 'REPORTS',
      studentCode: 'MATRIX-REP-1',
      startDate: '2023-11-01',
      endDate: '2024-08-31',
      months: [11, 12],
      examMonth: 12,
    });
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, schoolId), eq(users.username, 'admin')));
    // A job that ended long ago: nothing prints while the matrix runs.
    const ended = {
      schoolId,
      requestedBy: admin!.id,
      classId,
      params: { period: 'year', language: 'en', fileName: 'report-cards-matrix-y-en.pdf' },
      status: 'failed' as const,
      error: 'matrix',
      total: 1,
    };
    // The second one is for the cancel route, which removes it.
    const [job, cancelled] = await db.insert(reportJobs).values([ended, ended]).returning();
    return {
      reportsClassId: classId,
      reportsTermId: termId,
      reportsStudentId: studentId,
      reportsJobId: job!.id,
      reportsCancelJobId: cancelled!.id,
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
    'DELETE /api/reports/jobs/:id': {
      allowed: printers,
      sample: (ids) => ({ url: `/api/reports/jobs/${ids.reportsCancelJobId}` }),
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
