import { classWithPupil } from './classWithPupil.js';
import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/**
 * Results are read by everyone who reads reports or scores (which classes is the service's
 * check, tested with it) and exported by those who may export reports.
 */
const exporters: Caller[] = ['admin', 'office', 'head', 'teacher'];

export const area: MatrixArea = {
  async setup({ db, schoolId }) {
    const { termId, classId, studentId } = await classWithPupil(db, schoolId, {
      label: 'results',
      section: 'RESULTS',
      studentCode: 'MATRIX-RES-1',
      startDate: '2024-11-01',
      endDate: '2025-08-31',
      months: [11, 12],
      examMonth: 12,
    });
    return {
      resultsClassId: classId,
      resultsTermId: termId,
      resultsStudentId: studentId,
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
