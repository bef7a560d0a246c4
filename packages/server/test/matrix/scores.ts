import { subjects } from '../../src/db/schema.js';
import { classWithPupil } from './classWithPupil.js';
import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/**
 * Scores are seen by every member of staff (in their reach), entered by those who teach (and the
 * administrator), and moved along (submitted, published, unlocked) by those who enter or publish
 * them; which classes and subjects is the service's check, tested with it.
 */
const enterers: Caller[] = ['admin', 'head', 'teacher'];
const movers: Caller[] = ['admin', 'office', 'head', 'teacher'];

export const area: MatrixArea = {
  async setup({ db, schoolId }) {
    const { termId, classId, studentId } = await classWithPupil(db, schoolId, {
      label: 'scores',
      section: 'SCORES',
      studentCode: 'MATRIX-SCORE-1',
      startDate: '2024-11-04',
      endDate: '2025-08-29',
      months: [11, 12, 1, 2],
      examMonth: 2,
    });
    const [subject] = await db
      .insert(subjects)
      .values({ schoolId, code: 'MATRIX-SCORE', nameEn: 'Matrix subject', maxScore: 50 })
      .returning();
    return {
      scoreClassId: classId,
      scoreTermId: termId,
      scoreSubjectId: subject!.id,
      scoreStudentId: studentId,
    };
  },
  expectations: {
    'GET /api/scores/classes': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'GET /api/scores/sheet': {
      allowed: staff,
      sample: (ids) => ({
        url: `/api/scores/sheet?classId=${ids.scoreClassId}&termId=${ids.scoreTermId}&kind=month&month=11`,
      }),
      otherSchool: 'own',
    },
    'POST /api/scores/batch': {
      allowed: enterers,
      sample: (ids) => ({
        payload: {
          classId: ids.scoreClassId,
          termId: ids.scoreTermId,
          kind: 'month',
          month: 11,
          cells: [{ studentId: ids.scoreStudentId, subjectId: ids.scoreSubjectId, score: 30 }],
        },
      }),
      otherSchool: 'own',
    },
    'POST /api/scores/status': {
      allowed: movers,
      sample: (ids) => ({
        payload: {
          classId: ids.scoreClassId,
          termId: ids.scoreTermId,
          kind: 'month',
          month: 11,
          action: 'publish',
        },
      }),
      otherSchool: 'own',
    },
    // Who publishes a test sees what publishing it would do (a head of department only their
    // department's subjects: the service's check, tested with it).
    'GET /api/scores/publish/preview': {
      allowed: ['admin', 'office', 'head'],
      sample: (ids) => ({
        url: `/api/scores/publish/preview?classId=${ids.scoreClassId}&termId=${ids.scoreTermId}&kind=month&month=11`,
      }),
      otherSchool: 'own',
    },
    'POST /api/scores/import/preview': {
      allowed: enterers,
      sample: (ids) => ({
        url: `/api/scores/import/preview?classId=${ids.scoreClassId}&termId=${ids.scoreTermId}&kind=exam`,
        multipart: true,
      }),
      otherSchool: 'own',
    },
    'GET /api/scores/template': {
      allowed: staff,
      sample: (ids) => ({
        url: `/api/scores/template?classId=${ids.scoreClassId}&termId=${ids.scoreTermId}&kind=exam`,
      }),
      otherSchool: 'own',
    },
  },
  tables: ['score_sheets', 'scores'],
};
