import type { MatrixArea } from './types.js';

/** Staff records: the office reads all, a head of department their department, admin manages. */
const readers: MatrixArea['expectations'][string]['allowed'] = ['admin', 'office', 'head'];

export const area: MatrixArea = {
  async setup({ app, admin }) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: admin.headers,
      payload: { code: 'MATRIX-STAFF', nameEn: 'Matrix staff member' },
    });
    return { employeeId: created.json().employee.id };
  },
  expectations: {
    'GET /api/employees': { allowed: readers, sample: () => ({}), otherSchool: 'own' },
    'POST /api/employees': {
      allowed: ['admin'],
      sample: () => ({ payload: { code: 'OTHER-STAFF', nameEn: 'Their own' } }),
      otherSchool: 'own',
    },
    'POST /api/employees/accounts/preview': {
      allowed: ['admin'],
      sample: (ids) => ({ payload: { employeeIds: [ids.employeeId] } }),
      otherSchool: 'own',
    },
    'POST /api/employees/accounts': {
      allowed: ['admin'],
      sample: (ids) => ({
        payload: {
          roleId: ids.teacherRoleId,
          accounts: [{ employeeId: ids.employeeId, username: 'matrix.staff' }],
        },
      }),
      otherSchool: 'own',
    },
    'GET /api/employees/:id': {
      allowed: readers,
      sample: (ids) => ({ url: `/api/employees/${ids.employeeId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/employees/:id': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/employees/${ids.employeeId}`,
        payload: { nameEn: 'Taken over', version: 1 },
      }),
      otherSchool: 'missing',
    },
    'POST /api/employees/:id/status': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/employees/${ids.employeeId}/status`,
        payload: { status: 'terminated', effectiveDate: '2026-01-05', version: 1 },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/employees/:id': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/employees/${ids.employeeId}?version=1` }),
      otherSchool: 'missing',
    },
  },
  tables: ['employees', 'employee_status_changes', 'users', 'user_roles'],
};
