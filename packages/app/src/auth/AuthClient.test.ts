import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type SessionUser } from '@sala/contract';
import { createHttpClient } from '../api/http.js';
import { AuthClient, authTiming, loginFailure, safeNext } from './AuthClient.js';
import type { TokenStore } from './tokens.js';

const NOW = Date.UTC(2026, 10, 21, 8, 0, 0);

function jwt(expSecondsFromNow: number): string {
  const encode = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + expSecondsFromNow })}.sig`;
}

/** The token store over a map; `legacy-refresh` stands for an earlier version's refresh cookie. */
function memoryTokens() {
  const jar = new Map<string, { value: string; maxAge: number }>();
  const store: TokenStore = {
    accessToken: () => jar.get('access')?.value,
    generalToken: () => undefined,
    bearer: () => jar.get('access')?.value,
    setAccessToken: (value, maxAge) => void jar.set('access', { value, maxAge }),
    forgetLegacyRefreshToken: () => void jar.delete('legacy-refresh'),
    accessExpiry: () => {
      const token = jar.get('access')?.value;
      if (!token) return undefined;
      return (
        JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
          exp: number;
        }
      ).exp;
    },
    clear: () => jar.clear(),
  };
  return { store, jar };
}

const user: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'sokha',
  nameKm: 'សុខា',
  nameEn: 'Sokha',
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
    nameKm: 'សាលា',
    nameEn: 'School',
    logoFileId: null,
  },
  roles: ['teacher'],
  roleTags: ['teacher'],
  permissions: ['attendance.record:own'],
};

type Answer = { status: number; body?: unknown };
type Handler = (body: unknown, init: RequestInit) => Answer | Promise<Answer>;

function setup(options: { accessToken?: string; legacyRefreshToken?: string; path?: string } = {}) {
  const { store, jar } = memoryTokens();
  if (options.accessToken) store.setAccessToken(options.accessToken, 3600);
  if (options.legacyRefreshToken) {
    jar.set('legacy-refresh', { value: options.legacyRefreshToken, maxAge: 604800 });
  }
  const routes = new Map<string, Handler>();
  const calls: {
    path: string;
    body: unknown;
    auth: string | undefined;
    credentials: RequestCredentials | undefined;
  }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(url).split('?')[0]!;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({
      path,
      body,
      auth: (init.headers as Record<string, string>).authorization,
      credentials: init.credentials,
    });
    const handler = routes.get(`${init.method} ${path}`);
    if (!handler) throw new TypeError('Failed to fetch');
    const answer = await handler(body, init);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const http = createHttpClient({
    baseUrl: () => '',
    bearer: () => store.bearer(),
    language: () => 'en',
    fetch,
  });
  const navigate = vi.fn();
  const hardRedirect = vi.fn();
  const storage = new Map<string, string>();
  const client = new AuthClient({
    http,
    tokens: store,
    navigate,
    hardRedirect,
    currentPath: () => options.path ?? '/attendance?class=7A',
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    randomId: () => 'device-123',
  });
  const on = (route: string, handler: Handler) => routes.set(route, handler);
  /** Every value the app keeps where script can read it: its token store and its storage. */
  const readable = () => [...[...jar.values()].map((entry) => entry.value), ...storage.values()];
  return { client, http, store, jar, on, calls, navigate, hardRedirect, fetch, readable };
}

const errorBody = (code: string, message: string) => ({ success: false, code, message });
const loginAnswer = (access = jwt(900)) => ({
  status: 200,
  body: {
    success: true,
    message: 'ok',
    token: access,
    accessToken: access,
    refreshToken: 'r1',
    expiresIn: 900,
    user,
  },
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AuthClient', () => {
  it('deletes at start the refresh-token cookie an earlier version left readable by scripts', () => {
    const t = setup({ accessToken: jwt(900), legacyRefreshToken: 'left-by-an-old-version' });
    expect(t.jar.has('legacy-refresh')).toBe(false);
    expect(t.readable()).not.toContain('left-by-an-old-version');
  });

  it('keeps a device id and sends it at sign-in', async () => {
    const t = setup();
    t.on('POST /api/auth/login', () => loginAnswer());
    expect(t.client.getState().deviceId).toBe('device-123');
    await t.client.login({ username: 'sokha', password: 'pw' });
    expect(t.calls[0]!.body).toMatchObject({ username: 'sokha', deviceId: 'device-123' });
  });

  it('signs in: clears old tokens, stores the access cookie for 3600 s, keeps no refresh token, goes to next', async () => {
    const t = setup({ accessToken: jwt(100) });
    t.on('POST /api/auth/login', (_, init) => {
      expect((init.headers as Record<string, string>).authorization).toBeUndefined();
      // The server's HttpOnly refresh cookie is taken by the browser from this answer.
      expect(init.credentials).toBe('include');
      return loginAnswer();
    });
    const outcome = await t.client.login({ username: 'sokha', password: 'pw' }, '/attendance');
    expect(outcome).toEqual({ ok: true });
    expect(t.jar.get('access')?.maxAge).toBe(3600);
    expect([...t.jar.keys()]).toEqual(['access']);
    expect(t.readable()).not.toContain('r1');
    expect(t.client.getState()).toMatchObject({
      status: 'authenticated',
      permissions: ['attendance.record:own'],
    });
    expect(t.navigate).toHaveBeenCalledWith('/attendance');
  });

  it('never follows a next that leaves the site', async () => {
    const t = setup();
    t.on('POST /api/auth/login', () => loginAnswer());
    await t.client.login({ username: 'sokha', password: 'pw' }, '//evil.example');
    expect(t.navigate).toHaveBeenCalledWith('/');
  });

  it.each([
    [401, errorBody('INVALID_CREDENTIALS', 'Invalid credentials'), 'INVALID_CREDENTIALS'],
    [401, 'not json', 'INVALID_CREDENTIALS'],
    [400, errorBody('VALIDATION_ERROR', 'Validation error'), 'VALIDATION_ERROR'],
    [400, undefined, 'VALIDATION_ERROR'],
    [500, errorBody('SERVER_ERROR', 'x'), 'SERVER_ERROR'],
    [503, undefined, 'SERVER_ERROR'],
    [429, errorBody('TOO_MANY_REQUESTS', 'Too many attempts'), 'TOO_MANY_REQUESTS'],
    [418, undefined, 'LOGIN_FAILED'],
  ])(
    'maps a failed sign-in answering %i to %s and clears auth data',
    async (status, body, code) => {
      const t = setup({ accessToken: jwt(100) });
      t.on('POST /api/auth/login', () => ({ status, body }));
      const outcome = await t.client.login({ username: 'sokha', password: 'bad' });
      expect(outcome).toMatchObject({ ok: false, code });
      expect(t.store.accessToken()).toBeUndefined();
      expect(t.client.getState().status).toBe('anonymous');
      expect(t.navigate).not.toHaveBeenCalled();
    },
  );

  it('reports a network failure at sign-in as NETWORK', async () => {
    const t = setup();
    expect(await t.client.login({ username: 'a', password: 'b' })).toMatchObject({
      ok: false,
      code: 'NETWORK',
    });
  });

  it('starts authenticated from the access-token cookie and fetches the user', async () => {
    const t = setup({ accessToken: jwt(900) });
    t.on('POST /api/user/profile', () => ({ status: 200, body: { user } }));
    expect(t.client.getState().status).toBe('authenticated');
    await t.client.init();
    expect(t.client.getState().user?.username).toBe('sokha');
  });

  it('logs out at startup when the user cannot be fetched', async () => {
    const t = setup({ accessToken: jwt(900) });
    t.on('POST /api/user/profile', () => ({
      status: 404,
      body: errorBody('PROFILE_NOT_FOUND', 'User profile not found'),
    }));
    t.on('POST /api/auth/logout', () => ({ status: 200, body: { success: true, message: 'bye' } }));
    await t.client.init();
    expect(t.client.getState().status).toBe('anonymous');
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.navigate).toHaveBeenCalledWith('/auths/login');
  });

  it('starts anonymous without a token', async () => {
    const t = setup();
    await t.client.init();
    expect(t.client.getState().status).toBe('anonymous');
    expect(t.fetch).not.toHaveBeenCalled();
  });

  it('logout calls the server with its refresh cookie, clears everything and goes to sign in', async () => {
    const t = setup({ accessToken: jwt(900) });
    t.on('POST /api/auth/logout', () => ({ status: 200, body: { success: true, message: 'bye' } }));
    await t.client.logout();
    expect(t.calls[0]!.body).toEqual({ token: expect.any(String) });
    expect(t.calls[0]!.credentials).toBe('include');
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.jar.size).toBe(0);
    expect(t.navigate).toHaveBeenCalledWith('/auths/login');
    expect(t.hardRedirect).not.toHaveBeenCalled();
  });

  it('sends nothing that needs the session from the sign-out on, until the next sign-in', async () => {
    const t = setup({ accessToken: jwt(900) });
    const { getAcademicYears, postLogin, postLogout } = endpoints;
    t.on(`GET ${getAcademicYears.path}`, () => ({ status: 200, body: { items: [] } }));
    let during: unknown;
    t.on(`POST ${postLogout.path}`, () => {
      // A screen still open asks for its data while the server ends the session.
      during = t.http.send('getAcademicYears');
      return { status: 200, body: { success: true, message: 'bye' } };
    });
    await t.client.logout();
    expect(await during).toMatchObject({ ok: false, code: 'NO_TOKEN' });
    expect(await t.http.send('getAcademicYears')).toMatchObject({ ok: false, code: 'NO_TOKEN' });
    expect(t.calls.map((c) => c.path)).toEqual([postLogout.path]);

    t.on(`POST ${postLogin.path}`, () => loginAnswer());
    await t.client.login({ username: 'sokha', password: 'pw' });
    expect(await t.http.send('getAcademicYears')).toMatchObject({ ok: true });
    expect(t.calls.map((c) => c.path)).toEqual([
      postLogout.path,
      postLogin.path,
      getAcademicYears.path,
    ]);
  });

  it('logout that fails still clears everything and hard-redirects', async () => {
    const t = setup({ accessToken: jwt(900) });
    await t.client.logout();
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.hardRedirect).toHaveBeenCalledWith('/auths/login');
  });

  it('runs one refresh at a time, with the refresh cookie only, and keeps no refresh token', async () => {
    const t = setup({ accessToken: jwt(900) });
    let refreshes = 0;
    t.on('POST /api/auth/refresh_token', () => {
      refreshes++;
      return {
        status: 200,
        body: { success: true, token: jwt(900), accessToken: jwt(900), refreshToken: 'r2' },
      };
    });
    const results = await Promise.all([t.client.refresh(), t.client.refresh(), t.client.refresh()]);
    expect(results).toEqual([true, true, true]);
    expect(refreshes).toBe(1);
    expect(t.calls[0]).toMatchObject({ body: {}, credentials: 'include' });
    expect(t.jar.get('access')?.maxAge).toBe(600);
    expect([...t.jar.keys()]).toEqual(['access']);
    expect(t.readable()).not.toContain('r2');
  });

  it('a failed refresh clears the session', async () => {
    const t = setup({ accessToken: jwt(900) });
    t.on('POST /api/auth/refresh_token', () => ({
      status: 401,
      body: errorBody('TOKEN_REFRESH_FAILED', 'Token refresh failed'),
    }));
    expect(await t.client.refresh()).toBe(false);
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.client.getState().status).toBe('anonymous');
  });

  it('on a 401 refreshes once and retries the call once', async () => {
    const t = setup({ accessToken: jwt(900) });
    const fresh = jwt(900) + 'x';
    let attempts = 0;
    t.on('GET /api/classes', (_, init) => {
      attempts++;
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === `Bearer ${fresh}`
        ? { status: 200, body: ['7A'] }
        : { status: 401, body: errorBody('INVALID_TOKEN', 'Invalid authentication token') };
    });
    t.on('POST /api/auth/refresh_token', () => ({
      status: 200,
      body: { success: true, token: fresh, accessToken: fresh, refreshToken: 'r2' },
    }));
    expect(await t.http.call('getClasses', { query: {} })).toEqual(['7A']);
    expect(attempts).toBe(2);
  });

  it('a call refused after the refresh it raced has ended is retried without a second refresh', async () => {
    const t = setup({ accessToken: jwt(900) });
    const fresh = jwt(900) + 'x';
    let refreshes = 0;
    let openSidebar!: () => void;
    const sidebarHeld = new Promise<void>((resolve) => (openSidebar = resolve));
    const authorised = (init: RequestInit) =>
      (init.headers as Record<string, string>).authorization === `Bearer ${fresh}`;
    t.on('GET /api/classes', (_, init) =>
      authorised(init) ? { status: 200, body: ['7A'] } : { status: 401 },
    );
    // The sidebar's refusal, sent with the old token, arrives only after the refresh.
    t.on('GET /api/user/sidebar', async (_, init) => {
      if (authorised(init)) return { status: 200, body: [] };
      await sidebarHeld;
      return { status: 401 };
    });
    t.on('POST /api/auth/refresh_token', () => {
      refreshes++;
      return { status: 200, body: { success: true, accessToken: fresh, refreshToken: 'r2' } };
    });
    const sidebar = t.http.call('getOwnSidebar', {});
    expect(await t.http.call('getClasses', { query: {} })).toEqual(['7A']);
    openSidebar();
    expect(await sidebar).toEqual([]);
    expect(refreshes).toBe(1);
  });

  it('a call refused while another tab refreshed is retried with that tab’s token, no refresh here', async () => {
    const t = setup({ accessToken: jwt(900) });
    const fresh = jwt(900) + 'y';
    let refreshes = 0;
    t.on('GET /api/classes', (_, init) => {
      if ((init.headers as Record<string, string>).authorization === `Bearer ${fresh}`) {
        return { status: 200, body: ['7A'] };
      }
      // Meanwhile the other tab refreshed: the shared access cookie now holds its new token.
      t.store.setAccessToken(fresh, 600);
      return { status: 401 };
    });
    t.on('POST /api/auth/refresh_token', () => {
      refreshes++;
      return { status: 401 };
    });
    expect(await t.http.call('getClasses', { query: {} })).toEqual(['7A']);
    expect(refreshes).toBe(0);
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('when the refresh after a 401 fails, clears tokens and goes to sign in with next', async () => {
    const t = setup({ accessToken: jwt(900), path: '/attendance?class=7A' });
    t.on('GET /api/classes', () => ({
      status: 401,
      body: errorBody('INVALID_TOKEN', 'Invalid authentication token'),
    }));
    t.on('POST /api/auth/refresh_token', () => ({
      status: 401,
      body: errorBody('TOKEN_REFRESH_FAILED', 'Token refresh failed'),
    }));
    const result = await t.http.send('getClasses', { query: {} });
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.navigate).toHaveBeenCalledWith('/auths/login?next=%2Fattendance%3Fclass%3D7A');
  });

  it('does not refresh on a 401 from the login page', async () => {
    const t = setup({ accessToken: jwt(900), path: '/auths/login' });
    t.on('GET /api/classes', () => ({ status: 401 }));
    await t.http.send('getClasses', { query: {} });
    expect(t.calls.map((c) => c.path)).toEqual(['/api/classes']);
  });

  it('isAuthenticated: false without a token, refreshes under 300 s left', async () => {
    const none = setup();
    expect(await none.client.isAuthenticated()).toBe(false);

    const t = setup({ accessToken: jwt(authTiming.isAuthenticatedRefreshBelow + 10) });
    t.on('POST /api/auth/refresh_token', () => ({
      status: 200,
      body: { success: true, token: jwt(900), accessToken: jwt(900), refreshToken: 'r2' },
    }));
    expect(await t.client.isAuthenticated()).toBe(true);
    expect(t.calls).toHaveLength(0);
    vi.setSystemTime(NOW + 20_000);
    expect(await t.client.isAuthenticated()).toBe(true);
    expect(t.calls.map((c) => c.path)).toEqual(['/api/auth/refresh_token']);
  });

  it('checkAuth: refreshes under 1200 s left, otherwise verifies on the server', async () => {
    const t = setup({ accessToken: jwt(1300) });
    t.on('POST /api/auth/verify_token', () => ({ status: 200, body: { user } }));
    t.on('POST /api/auth/refresh_token', () => ({
      status: 200,
      body: { success: true, token: jwt(900), accessToken: jwt(900), refreshToken: 'r2' },
    }));
    expect(await t.client.checkAuth()).toBe(true);
    expect(t.calls.map((c) => c.path)).toEqual(['/api/auth/verify_token']);
    vi.setSystemTime(NOW + 200_000);
    expect(await t.client.checkAuth()).toBe(true);
    expect(t.calls.map((c) => c.path)).toEqual([
      '/api/auth/verify_token',
      '/api/auth/refresh_token',
    ]);
  });

  it('checkAuth: a 401 triggers a refresh (with the refresh cookie); no token means logout', async () => {
    const t = setup({ accessToken: jwt(3000) });
    t.on('POST /api/auth/verify_token', () => ({
      status: 401,
      body: errorBody('INVALID_TOKEN', 'Invalid authentication token'),
    }));
    t.on('POST /api/auth/refresh_token', () => ({
      status: 200,
      body: { success: true, token: jwt(900), accessToken: jwt(900), refreshToken: 'r2' },
    }));
    expect(await t.client.checkAuth()).toBe(true);

    const none = setup();
    none.on('POST /api/auth/logout', () => ({ status: 401 }));
    expect(await none.client.checkAuth()).toBe(false);
    expect(none.navigate).toHaveBeenCalledWith('/auths/login');
  });

  it('fires the refresh timer 300 s before expiry', async () => {
    const t = setup();
    t.on('POST /api/auth/login', () => loginAnswer(jwt(900)));
    let refreshed = 0;
    t.on('POST /api/auth/refresh_token', () => {
      refreshed++;
      return {
        status: 200,
        body: { success: true, token: jwt(900), accessToken: jwt(900), refreshToken: 'r2' },
      };
    });
    await t.client.login({ username: 'a', password: 'b' });
    await vi.advanceTimersByTimeAsync((900 - authTiming.refreshTimerBefore) * 1000 - 1000);
    expect(refreshed).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(refreshed).toBe(1);
    expect(t.jar.get('access')?.maxAge).toBe(600);
  });

  it('runs the silent refresh 60 s before expiry, storing the access cookie for 300 s', async () => {
    const t = setup();
    t.on('POST /api/auth/login', () => loginAnswer(jwt(900)));
    // The refresh timer's refresh fails offline, so the silent refresh is the one that renews.
    t.on('POST /api/auth/refresh', () => ({
      status: 200,
      body: {
        success: true,
        token: jwt(900),
        accessToken: jwt(900),
        refreshToken: 'r3',
        expiresIn: 900,
      },
    }));
    await t.client.login({ username: 'a', password: 'b' });
    await vi.advanceTimersByTimeAsync((900 - authTiming.silentRefreshBefore) * 1000 + 1000);
    expect(t.calls.map((c) => c.path)).toContain('/api/auth/refresh');
    expect(t.jar.get('access')?.maxAge).toBe(300);
    expect(t.readable()).not.toContain('r3');
    expect(t.client.getState().status).toBe('authenticated');
  });

  it('logs out automatically at expiry when nothing renewed the token', async () => {
    const t = setup();
    t.on('POST /api/auth/login', () => loginAnswer(jwt(900)));
    t.on('POST /api/auth/logout', () => ({ status: 200, body: { success: true, message: 'bye' } }));
    await t.client.login({ username: 'a', password: 'b' });
    t.navigate.mockClear();
    await vi.advanceTimersByTimeAsync(901_000);
    expect(t.client.getState().status).toBe('anonymous');
    expect(t.navigate).toHaveBeenCalledWith('/auths/login');
  });

  it('checks permissions: empty list passes, else any one held', async () => {
    const t = setup();
    t.on('POST /api/auth/login', () => loginAnswer());
    await t.client.login({ username: 'a', password: 'b' });
    expect(t.client.hasPermission([])).toBe(true);
    expect(t.client.hasPermission(['users.manage:school', 'attendance.record:own'])).toBe(true);
    expect(t.client.hasPermission(['users.manage:school'])).toBe(false);
    expect(t.client.hasRoleTag('teacher')).toBe(true);
  });
});

describe('a temporary password', () => {
  const temporary = { ...user, mustChangePassword: true };
  const temporaryLogin = () => {
    const answer = loginAnswer();
    return { ...answer, body: { ...answer.body, user: temporary } };
  };

  it('sends the user to choose their own password first, then where they were going', async () => {
    const t = setup();
    t.on('POST /api/auth/login', temporaryLogin);
    await t.client.login({ username: 'sokha', password: 'k7mp-x4ra-9tbe' }, '/attendance?day=2');
    expect(t.navigate).toHaveBeenCalledWith(
      `/auths/password?next=${encodeURIComponent('/attendance?day=2')}`,
    );
    expect(t.client.knowsTemporaryPassword()).toBe(true);
    // The temporary password is nowhere script could read it later.
    expect(t.readable()).not.toContain('k7mp-x4ra-9tbe');

    let sent: unknown;
    t.on('POST /api/user/password', (body) => {
      sent = body;
      return { status: 200, body: { success: true, message: 'ok' } };
    });
    expect(await t.client.changePassword({ newPassword: 'rice fields of Kampot' })).toEqual({
      ok: true,
    });
    // Not asked again: the one just signed in with is the current password.
    expect(sent).toEqual({
      currentPassword: 'k7mp-x4ra-9tbe',
      newPassword: 'rice fields of Kampot',
    });
    expect(t.client.getState().user?.mustChangePassword).toBe(false);
    expect(t.client.knowsTemporaryPassword()).toBe(false);
  });

  it('keeps the refusal of a new password with its field, and the need to change it', async () => {
    const t = setup();
    t.on('POST /api/auth/login', temporaryLogin);
    await t.client.login({ username: 'sokha', password: 'k7mp-x4ra-9tbe' });
    t.on('POST /api/user/password', () => ({
      status: 400,
      body: {
        ...errorBody('PASSWORD_TOO_PERSONAL', 'no'),
        fieldErrors: { newPassword: ['PASSWORD_TOO_PERSONAL'] },
      },
    }));
    expect(await t.client.changePassword({ newPassword: 'sokha-2026!!' })).toEqual({
      ok: false,
      code: 'PASSWORD_TOO_PERSONAL',
      message: 'no',
      fieldErrors: { newPassword: ['PASSWORD_TOO_PERSONAL'] },
    });
    expect(t.client.getState().user?.mustChangePassword).toBe(true);
    expect(t.client.knowsTemporaryPassword()).toBe(true);
  });

  it('forgets the temporary password at sign-out', async () => {
    const t = setup();
    t.on('POST /api/auth/login', temporaryLogin);
    t.on('POST /api/auth/logout', () => ({ status: 200, body: { success: true, message: 'ok' } }));
    await t.client.login({ username: 'sokha', password: 'k7mp-x4ra-9tbe' });
    await t.client.logout();
    expect(t.client.knowsTemporaryPassword()).toBe(false);
  });

  it('takes any PASSWORD_CHANGE_REQUIRED answer as the need to change it', async () => {
    const t = setup({ accessToken: jwt(900) });
    t.on('POST /api/user/profile', () => ({ status: 200, body: { user } }));
    await t.client.init();
    expect(t.client.getState().user?.mustChangePassword).toBe(false);
    t.on('GET /api/attendance/classes', () => ({
      status: 403,
      body: errorBody('PASSWORD_CHANGE_REQUIRED', 'Please change your temporary password first'),
    }));
    const result = await t.http.send('getAttendanceClasses');
    expect(result).toMatchObject({ ok: false, code: 'PASSWORD_CHANGE_REQUIRED' });
    expect(t.client.getState().user?.mustChangePassword).toBe(true);
    // Asked for after a reload: the step asks for the temporary password itself.
    expect(t.client.knowsTemporaryPassword()).toBe(false);
    // Another refusal is only a refusal.
    const fresh = setup({ accessToken: jwt(900) });
    fresh.on('POST /api/user/profile', () => ({ status: 200, body: { user } }));
    fresh.on('GET /api/users', () => ({ status: 403, body: errorBody('FORBIDDEN', 'no') }));
    await fresh.client.init();
    await fresh.http.send('getUsers', { query: {} });
    expect(fresh.client.getState().user?.mustChangePassword).toBe(false);
  });
});

describe('safeNext and loginFailure', () => {
  it.each([
    [null, '/'],
    ['/attendance', '/attendance'],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
  ])('safeNext(%s) = %s', (next, expected) => expect(safeNext(next)).toBe(expected));

  it('keeps the server message for display', () => {
    expect(
      loginFailure({
        ok: false,
        status: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid credentials',
      }),
    ).toEqual({
      ok: false,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid credentials',
    });
  });
});

describe('signing out on purpose', () => {
  it('is remembered until the next sign-in, so no `next` is kept', async () => {
    const t = setup({ accessToken: jwt(900) });
    t.on('POST /api/auth/logout', () => ({ status: 200, body: { success: true, message: 'bye' } }));
    t.on('POST /api/auth/login', () => loginAnswer());
    await t.client.logout();
    expect(t.client.getState().signedOut).toBe(true);
    await t.client.login({ username: 'a', password: 'b' });
    expect(t.client.getState().signedOut).toBe(false);
  });
});
