import type { SessionUser } from '@sala/contract';

/** The signed-in demo administrator the app's stories answer with. */
export const storyUser: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'admin',
  nameKm: 'អ្នកគ្រប់គ្រង',
  nameEn: 'Administrator',
  email: null,
  phone: null,
  locale: 'km',
  digits: 'latn',
  gender: null,
  avatarFileId: null,
  status: 'active',
  mustChangePassword: false,
  school: {
    id: '00000000-0000-4000-8000-000000000002',
    code: 'demo',
    nameKm: 'សាលារៀនសាលា',
    nameEn: 'Sala Demo School',
    logoFileId: null,
  },
  roles: ['admin'],
  roleTags: [],
  permissions: ['users.manage:school'],
};

/** A successful sign-in (or sign-up) answer for `user`. */
export function signedInBody(user: SessionUser = storyUser) {
  return {
    success: true as const,
    message: 'Login successful',
    token: 't',
    accessToken: 't',
    refreshToken: 'r',
    expiresIn: 900,
    user,
  };
}

/** The error body the server sends, with its code and English message. */
export function errorBody(code: string, message: string, fieldErrors?: Record<string, string[]>) {
  return { success: false as const, code, message, ...(fieldErrors ? { fieldErrors } : {}) };
}
