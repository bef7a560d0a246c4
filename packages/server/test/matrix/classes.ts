import type { MatrixArea } from './types.js';
import { staff } from './types.js';

export const area: MatrixArea = {
  async setup({ app, admin }) {
    const year = await app.inject({
      method: 'POST',
      url: '/api/academic-years',
      headers: admin.headers,
      payload: { name: 'Matrix classes year', startDate: '2042-11-01', endDate: '2043-08-31' },
    });
    const grades = await app.inject({
      method: 'GET',
      url: '/api/grade-levels',
      headers: admin.headers,
    });
    const existing = (grades.json().items as { id: string; number: number }[]).find(
      (grade) => grade.number === 10,
    );
    const gradeLevelId =
      existing?.id ??
      (
        await app.inject({
          method: 'POST',
          url: '/api/grade-levels',
          headers: admin.headers,
          payload: { number: 10, nameEn: 'Grade 10', maxScore: 100 },
        })
      ).json().gradeLevel.id;
    const created = await app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: admin.headers,
      payload: { yearId: year.json().year.id, gradeLevelId, section: 'MX' },
    });
    return { classId: created.json().schoolClass.id };
  },
  expectations: {
    'GET /api/classes': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/classes': {
      allowed: ['admin', 'office'],
      // Another school cannot place a class in this school's year or grade.
      sample: (ids) => ({
        payload: { yearId: ids.academicYearId, gradeLevelId: ids.gradeLevelId, section: 'Z' },
      }),
      otherSchool: 'own',
    },
    'GET /api/classes/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/classes/${ids.classId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/classes/:id': {
      allowed: ['admin', 'office'],
      sample: (ids) => ({
        url: `/api/classes/${ids.classId}`,
        payload: { room: 'Taken over', version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/classes/:id': {
      allowed: ['admin', 'office'],
      sample: (ids) => ({ url: `/api/classes/${ids.classId}?version=1` }),
      otherSchool: 'missing',
    },
  },
  tables: ['classes'],
};
