import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/** Students: every staff role reads (a teacher their classes only); admin and office manage. */
const managers: Caller[] = ['admin', 'office'];
const someClass = '00000000-0000-4000-8000-000000000001';

export const area: MatrixArea = {
  async setup({ app, admin }) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/students',
      headers: admin.headers,
      payload: { nameKm: 'សិស្សម៉ាទ្រីស', nameEn: 'Matrix student' },
    });
    return { studentId: created.json().student.id };
  },
  expectations: {
    'GET /api/students': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/students': {
      allowed: managers,
      sample: () => ({ payload: { nameEn: 'Their own student' } }),
      otherSchool: 'own',
    },
    'GET /api/students/:id': {
      allowed: staff,
      sample: (ids) => ({ url: `/api/students/${ids.studentId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/students/:id': {
      allowed: managers,
      sample: (ids) => ({
        url: `/api/students/${ids.studentId}`,
        payload: { nameEn: 'Taken over', version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/students/:id': {
      allowed: managers,
      sample: (ids) => ({ url: `/api/students/${ids.studentId}?version=1` }),
      otherSchool: 'missing',
    },
    'POST /api/students/:id/enrollments': {
      allowed: managers,
      sample: (ids) => ({
        url: `/api/students/${ids.studentId}/enrollments`,
        payload: { classId: someClass, startDate: '2026-11-02' },
      }),
      otherSchool: 'missing',
    },
    'POST /api/students/:id/enrollments/end': {
      allowed: managers,
      sample: (ids) => ({
        url: `/api/students/${ids.studentId}/enrollments/end`,
        payload: { yearId: someClass, endDate: '2026-11-20', reason: 'left' },
      }),
      otherSchool: 'missing',
    },
    'GET /api/learner/list': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'GET /api/student/list': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/student/create': {
      allowed: managers,
      sample: () => ({ payload: { nameEn: 'Their own learner' } }),
      otherSchool: 'own',
    },
    'POST /api/student/update': {
      allowed: managers,
      sample: (ids) => ({
        url: '/api/student/update',
        payload: { id: ids.studentId, nameEn: 'Taken over', version: 1 },
      }),
      otherSchool: 'missing',
    },
    // The XLSX export and import (an image is no spreadsheet: the other school gets a 400).
    'GET /api/students/export': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'POST /api/students/import': {
      allowed: managers,
      sample: () => ({ multipart: true }),
      otherSchool: 'own',
    },
    'GET /api/employees/export': {
      allowed: ['admin', 'office', 'head'],
      sample: () => ({}),
      otherSchool: 'own',
    },
    'POST /api/employees/import': {
      allowed: ['admin'],
      sample: () => ({ multipart: true }),
      otherSchool: 'own',
    },
  },
  tables: ['students', 'enrollments'],
};
