import type { SessionUser } from '@sala/contract';
import { delay, http, HttpResponse } from 'msw';

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

/** One page of a list answer, holding every item. */
export function page<T>(items: T[], pageSize = 20) {
  return { items, total: items.length, page: 1, pageSize };
}

/** An error answer as the server sends it: the status, the code, the message, field errors. */
export function failure(
  status: number,
  code: string,
  message: string,
  fieldErrors?: Record<string, string[]>,
): Response {
  return HttpResponse.json(errorBody(code, message, fieldErrors), { status });
}

/** The server failed: the page shows its failure state. */
export const serverError = (): Response =>
  failure(500, 'SERVER_ERROR', 'Server error - please try again later');

/** A call that is never answered: the page stays loading (or sending) for as long as it is seen. */
export async function unanswered(): Promise<never> {
  await delay('infinite');
  throw new Error('An infinite delay ended');
}

/** The app's runtime settings, which a download link reads to build its address. */
export const appConfig = http.get('/config.json', () =>
  HttpResponse.json({ apiBaseUrl: '', buildId: 'story' }),
);
