import type { Caller, MatrixArea } from './types.js';
import { staff } from './types.js';

/**
 * The account, its sessions, users and roles, the school, files, the audit log and the sidebar:
 * the ids they name (a teacher's account, session and role, a custom role, an uploaded file) are
 * created by the suite that runs the samples.
 */
const signedInCallers: Caller[] = ['admin', 'office', 'head', 'teacher', 'viewer', 'pending'];

export const area: MatrixArea = {
  expectations: {
    'POST /api/user/profile': { allowed: signedInCallers, sample: () => ({}), otherSchool: 'own' },
    'PATCH /api/user/profile': {
      allowed: signedInCallers,
      sample: () => ({ payload: { nameEn: 'Someone else' } }),
      otherSchool: 'own',
    },
    'POST /api/user/password': {
      allowed: signedInCallers,
      sample: () => ({
        payload: { currentPassword: 'not it', newPassword: 'a matrix passphrase' },
      }),
      otherSchool: 'own',
    },
    'GET /api/user/sessions': { allowed: signedInCallers, sample: () => ({}), otherSchool: 'own' },
    'DELETE /api/user/sessions': {
      allowed: signedInCallers,
      sample: () => ({}),
      otherSchool: 'own',
    },
    'DELETE /api/user/sessions/:sessionId': {
      allowed: signedInCallers,
      sample: (ids) => ({ url: `/api/user/sessions/${ids.teacherSessionId}` }),
      otherSchool: 'missing',
    },
    'GET /api/users': { allowed: ['admin', 'office'], sample: () => ({}), otherSchool: 'own' },
    'POST /api/users': {
      allowed: ['admin'],
      sample: () => ({ payload: { username: 'matrix-user', password: 'matrix pass phrase 1' } }),
      otherSchool: 'own',
    },
    'GET /api/users/:id': {
      allowed: ['admin', 'office'],
      sample: (ids) => ({ url: `/api/users/${ids.teacherId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/users/:id': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/users/${ids.teacherId}`,
        payload: { nameEn: 'Renamed', version: 1 },
      }),
      otherSchool: 'missing',
    },
    'POST /api/users/:id/status': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/users/${ids.teacherId}/status`,
        payload: { status: 'disabled' },
      }),
      otherSchool: 'missing',
    },
    'POST /api/users/:id/password': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/users/${ids.teacherId}/password`,
        payload: { temporaryPassword: 'matrix temporary 93' },
      }),
      otherSchool: 'missing',
    },
    'PUT /api/users/:id/roles': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/users/${ids.teacherId}/roles`,
        payload: { roleIds: [], version: 1 },
      }),
      otherSchool: 'missing',
    },
    'PUT /api/users/:id/permissions': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/users/${ids.teacherId}/permissions`,
        payload: { permissions: ['audit.read:school'], version: 1 },
      }),
      otherSchool: 'missing',
    },
    'GET /api/users/:id/sessions': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/users/${ids.teacherId}/sessions` }),
      otherSchool: 'missing',
    },
    'DELETE /api/users/:id/sessions/:sessionId': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/users/${ids.teacherId}/sessions/${ids.teacherSessionId}` }),
      otherSchool: 'missing',
    },
    'GET /api/roles': { allowed: ['admin'], sample: () => ({}), otherSchool: 'own' },
    'POST /api/roles': {
      allowed: ['admin'],
      sample: () => ({ payload: { nameEn: 'Matrix role' } }),
      otherSchool: 'own',
    },
    'GET /api/roles/:id': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/roles/${ids.teacherRoleId}` }),
      otherSchool: 'missing',
    },
    'PATCH /api/roles/:id': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/roles/${ids.customRoleId}`,
        payload: { nameEn: 'Taken over' },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/roles/:id': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/roles/${ids.customRoleId}` }),
      otherSchool: 'missing',
    },
    'GET /api/school': { allowed: staff, sample: () => ({}), otherSchool: 'own' },
    'PATCH /api/school': {
      allowed: ['admin'],
      sample: () => ({ payload: { nameEn: 'Renamed school' } }),
      otherSchool: 'own',
    },
    // An account waiting for approval uploads nothing (403 ACCOUNT_PENDING).
    'POST /api/files/avatars': {
      allowed: ['admin', 'office', 'head', 'teacher', 'viewer'],
      sample: () => ({ multipart: true }),
      otherSchool: 'own',
    },
    'POST /api/files/logos': {
      allowed: ['admin'],
      sample: () => ({ multipart: true }),
      otherSchool: 'own',
    },
    'POST /api/files/student-photos': {
      allowed: ['admin', 'office'],
      sample: () => ({ multipart: true }),
      otherSchool: 'own',
    },
    'GET /api/files/:id': {
      allowed: signedInCallers,
      sample: (ids) => ({ url: `/api/files/${ids.fileId}` }),
      otherSchool: 'missing',
    },
    'GET /api/audit': { allowed: ['admin'], sample: () => ({}), otherSchool: 'own' },
    'GET /api/user/sidebar': { allowed: signedInCallers, sample: () => ({}), otherSchool: 'own' },
    'GET /api/sidebar-layouts': { allowed: ['admin'], sample: () => ({}), otherSchool: 'own' },
    'PUT /api/sidebar-layouts/:id': {
      allowed: ['admin'],
      sample: (ids) => ({
        url: `/api/sidebar-layouts/${ids.teacherRoleId}`,
        payload: { entries: [{ route: 'setup', hidden: true }] },
      }),
      otherSchool: 'missing',
    },
    'DELETE /api/sidebar-layouts/:id': {
      allowed: ['admin'],
      sample: (ids) => ({ url: `/api/sidebar-layouts/${ids.teacherRoleId}` }),
      otherSchool: 'missing',
    },
  },
};
