import type { MatrixArea } from './types.js';
import { staff } from './types.js';

export const area: MatrixArea = {
  async setup({ app, admin }) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/departments',
      headers: admin.headers,
      payload: { code: 'MATRIX', nameEn: 'Matrix department' },
    });
    return { departmentId: created.json().department.id };
  },
  expectations: {
    'GET /api/departments': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/departments': {
      allowed: ['admin'],
      sample: () => ({ payload: { code: 'OTHER', nameEn: 'Their own' } }),
      otherSchool: 'own',
    },
    'GET /api/departments/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/departments/${ids.departmentId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/departments/:id': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/departments/${ids.departmentId}`,
        payload: { nameEn: 'Taken over', version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/departments/:id': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/departments/${ids.departmentId}?version=1` }),
      otherSchool: 'missing',
    },
  },
  tables: ['departments'],
};
