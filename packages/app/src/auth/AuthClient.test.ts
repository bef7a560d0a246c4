import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@sala/contract';
import { createHttpClient } from '../api/http.js';
import { AuthClient, authTiming, loginFailure, safeNext } from './AuthClient.js';
import type { TokenStore } from './tokens.js';

const NOW = Date.UTC(2026, 10, 21, 8, 0, 0);

function jwt(expSecondsFromNow: number): string {
  const encode = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + expSecondsFromNow })}.sig`;
}

function memoryTokens() {
  const jar = new Map<string, { value: string; maxAge: number }>();
  const store: TokenStore = {
    accessToken: () => jar.get('access')?.value,
    refreshToken: () => jar.get('refresh')?.value,
    generalToken: () => undefined,
    bearer: () => jar.get('access')?.value,
    setAccessToken: (value, maxAge) => void jar.set('access', { value, maxAge }),
    setRefreshToken: (value) => void jar.set('refresh', { value, maxAge: 604800 }),
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

type Handler = (body: unknown, init: RequestInit) => { status: number; body?: unknown };

function setup(options: { accessToken?: string; refreshToken?: string; path?: string } = {}) {
  const { store, jar } = memoryTokens();
  if (options.accessToken) store.setAccessToken(options.accessToken, 3600);
  if (options.refreshToken) store.setRefreshToken(options.refreshToken);
  const routes = new Map<string, Handler>();
  const calls: { path: string; body: unknown; auth: string | undefined }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(url).split('?')[0]!;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body, auth: (init.headers as Record<string, string>).authorization });
    const handler = routes.get(`${init.method} ${path}`);
    if (!handler) throw new TypeError('Failed to fetch');
    const answer = handler(body, init);
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
  return { client, http, store, jar, on, calls, navigate, hardRedirect, fetch };
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
  it('keeps a device id and sends it at sign-in', async () => {
    const t = setup();
    t.on('POST /api/auth/login', () => loginAnswer());
    expect(t.client.getState().deviceId).toBe('device-123');
    await t.client.login({ username: 'sokha', password: 'pw' });
    expect(t.calls[0]!.body).toMatchObject({ username: 'sokha', deviceId: 'device-123' });
  });

  it('signs in: clears old tokens, stores the access cookie for 3600 s and the refresh cookie, goes to next', async () => {
    const t = setup({ accessToken: jwt(100), refreshToken: 'old' });
    t.on('POST /api/auth/login', (_, init) => {
      expect((init.headers as Record<string, string>).authorization).toBeUndefined();
      return loginAnswer();
    });
    const outcome = await t.client.login({ username: 'sokha', password: 'pw' }, '/attendance');
    expect(outcome).toEqual({ ok: true });
    expect(t.jar.get('access')?.maxAge).toBe(3600);
    expect(t.jar.get('refresh')?.value).toBe('r1');
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

  it('logout calls the server, clears everything and goes to sign in', async () => {
    const t = setup({ accessToken: jwt(900), refreshToken: 'r1' });
    t.on('POST /api/auth/logout', () => ({ status: 200, body: { success: true, message: 'bye' } }));
    await t.client.logout();
    expect(t.calls[0]!.body).toMatchObject({ token: expect.any(String), refreshToken: 'r1' });
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.store.refreshToken()).toBeUndefined();
    expect(t.navigate).toHaveBeenCalledWith('/auths/login');
    expect(t.hardRedirect).not.toHaveBeenCalled();
  });

  it('logout that fails still clears everything and hard-redirects', async () => {
    const t = setup({ accessToken: jwt(900) });
    await t.client.logout();
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.hardRedirect).toHaveBeenCalledWith('/auths/login');
  });

  it('runs one refresh at a time', async () => {
    const t = setup({ accessToken: jwt(900), refreshToken: 'r1' });
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
    expect(t.jar.get('access')?.maxAge).toBe(600);
    expect(t.store.refreshToken()).toBe('r2');
  });

  it('a failed refresh clears the session', async () => {
    const t = setup({ accessToken: jwt(900), refreshToken: 'r1' });
    t.on('POST /api/auth/refresh_token', () => ({
      status: 401,
      body: errorBody('TOKEN_REFRESH_FAILED', 'Token refresh failed'),
    }));
    expect(await t.client.refresh()).toBe(false);
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.client.getState().status).toBe('anonymous');
  });

  it('on a 401 refreshes once and retries the call once', async () => {
    const t = setup({ accessToken: jwt(900), refreshToken: 'r1' });
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
    expect(await t.http.get('/api/classes')).toEqual(['7A']);
    expect(attempts).toBe(2);
  });

  it('when the refresh after a 401 fails, clears tokens and goes to sign in with next', async () => {
    const t = setup({ accessToken: jwt(900), refreshToken: 'r1', path: '/attendance?class=7A' });
    t.on('GET /api/classes', () => ({
      status: 401,
      body: errorBody('INVALID_TOKEN', 'Invalid authentication token'),
    }));
    t.on('POST /api/auth/refresh_token', () => ({
      status: 401,
      body: errorBody('TOKEN_REFRESH_FAILED', 'Token refresh failed'),
    }));
    const result = await t.http.request('GET', '/api/classes');
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(t.store.accessToken()).toBeUndefined();
    expect(t.navigate).toHaveBeenCalledWith('/auths/login?next=%2Fattendance%3Fclass%3D7A');
  });

  it('does not refresh on a 401 from the login page', async () => {
    const t = setup({ accessToken: jwt(900), refreshToken: 'r1', path: '/auths/login' });
    t.on('GET /api/classes', () => ({ status: 401 }));
    await t.http.request('GET', '/api/classes');
    expect(t.calls.map((c) => c.path)).toEqual(['/api/classes']);
  });

  it('isAuthenticated: false without a token, refreshes under 300 s left', async () => {
    const none = setup();
    expect(await none.client.isAuthenticated()).toBe(false);

    const t = setup({
      accessToken: jwt(authTiming.isAuthenticatedRefreshBelow + 10),
      refreshToken: 'r1',
    });
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
    const t = setup({ accessToken: jwt(1300), refreshToken: 'r1' });
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

  it('checkAuth: a 401 with a refresh token triggers a refresh; no token means logout', async () => {
    const t = setup({ accessToken: jwt(3000), refreshToken: 'r1' });
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
    expect(t.store.refreshToken()).toBe('r3');
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
