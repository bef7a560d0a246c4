import type { MatrixArea } from './types.js';
import { staff } from './types.js';

export const area: MatrixArea = {
  async setup({ app, admin }) {
    const year = await app.inject({
      method: 'POST',
      url: '/api/academic-years',
      headers: admin.headers,
      payload: {
        name: 'Matrix 2040–2041',
        startDate: '2040-11-01',
        endDate: '2041-08-31',
        terms: [{ number: 1, nameEn: 'Semester 1', months: [11, 12, 1, 2], examMonth: 2 }],
      },
    });
    // The demo school may already have its grades: use grade 12 when it is there.
    const grades = await app.inject({
      method: 'GET',
      url: '/api/grade-levels',
      headers: admin.headers,
    });
    const existing = (grades.json().items as { id: string; number: number }[]).find(
      (grade) => grade.number === 12,
    );
    const gradeLevelId =
      existing?.id ??
      (
        await app.inject({
          method: 'POST',
          url: '/api/grade-levels',
          headers: admin.headers,
          payload: { number: 12, nameEn: 'Grade 12', maxScore: 100 },
        })
      ).json().gradeLevel.id;
    return { academicYearId: year.json().year.id, gradeLevelId };
  },
  expectations: {
    'GET /api/academic-years': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/academic-years': {
      allowed: ['admin'],
      sample: () => ({
        payload: { name: 'Their year', startDate: '2040-11-01', endDate: '2041-08-31' },
      }),
      otherSchool: 'own',
    },
    'GET /api/academic-years/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/academic-years/${ids.academicYearId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/academic-years/:id': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/academic-years/${ids.academicYearId}`,
        payload: { name: 'Taken over', isCurrent: true, version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/academic-years/:id': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/academic-years/${ids.academicYearId}?version=1` }),
      otherSchool: 'missing',
    },
    'POST /api/academic-years/:id/rollover': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/academic-years/${ids.academicYearId}/rollover`,
        payload: { name: 'Rolled over', startDate: '2041-11-01', endDate: '2042-08-31' },
      }),
      otherSchool: 'missing',
    },
    'GET /api/grade-levels': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/grade-levels': {
      allowed: ['admin'],
      sample: () => ({ payload: { number: 11, nameEn: 'Grade 11', maxScore: 100 } }),
      otherSchool: 'own',
    },
    'GET /api/grade-levels/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/grade-levels/${ids.gradeLevelId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/grade-levels/:id': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/grade-levels/${ids.gradeLevelId}`,
        payload: { maxScore: 1, version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/grade-levels/:id': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/grade-levels/${ids.gradeLevelId}?version=1` }),
      otherSchool: 'missing',
    },
    'GET /api/periods': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'PUT /api/periods': {
      allowed: ['admin'],
      sample: () => ({
        payload: {
          periods: [{ session: 'morning', number: 1, startTime: '07:00', endTime: '08:00' }],
        },
      }),
      otherSchool: 'own',
    },
  },
  tables: ['academic_years', 'terms', 'grade_levels', 'periods'],
};
