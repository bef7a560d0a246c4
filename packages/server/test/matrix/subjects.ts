import type { MatrixArea } from './types.js';
import { staff } from './types.js';

/** Subjects, under their own paths and the spec's course calls: every staff role reads. */
export const area: MatrixArea = {
  async setup({ app, admin }) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/subjects',
      headers: admin.headers,
      payload: { code: 'MATRIX-SUBJ', nameEn: 'Matrix subject', maxScore: 50 },
    });
    return { subjectId: created.json().subject.id };
  },
  expectations: {
    'GET /api/subjects': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'GET /api/courses/list': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/subjects': {
      allowed: ['admin'],
      sample: () => ({ payload: { code: 'OTHER-SUBJ', nameEn: 'Their own', maxScore: 10 } }),
      otherSchool: 'own',
    },
    'POST /api/courses/create': {
      allowed: ['admin'],
      sample: () => ({ payload: { code: 'OTHER-COURSE', nameEn: 'Their own', maxScore: 10 } }),
      otherSchool: 'own',
    },
    'GET /api/subjects/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/subjects/${ids.subjectId}` }),
      otherSchool: 'missing',
    },
    'GET /api/courses/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/courses/${ids.subjectId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/subjects/:id': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/subjects/${ids.subjectId}`,
        payload: { nameEn: 'Taken over', version: 1 },
      }),
      otherSchool: 'missing',
    },
    'POST /api/courses/update': {
      allowed: ['admin'],
      sample: (ids) => ({ payload: { id: ids.subjectId, nameEn: 'Taken over', version: 1 } }),
      otherSchool: 'missing',
    },
    'DELETE /api/subjects/:id': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/subjects/${ids.subjectId}?version=1` }),
      otherSchool: 'missing',
    },
    'POST /api/courses/delete': {
      allowed: ['admin'],
      sample: (ids) => ({ payload: { id: ids.subjectId, version: 1 } }),
      otherSchool: 'missing',
    },
  },
  tables: ['subjects', 'subject_grade_levels'],
};
