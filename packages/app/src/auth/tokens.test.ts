import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@sala/contract';
import { createHttpClient } from '../api/http.js';
import { AuthClient } from './AuthClient.js';
import { LEGACY_REFRESH_TOKEN_COOKIE, tokenStore } from './tokens.js';

/** A token the server answers, shaped like a JWT that expires in `seconds`. */
function jwt(seconds: number): string {
  const encode = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

const user = {
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
  roles: [],
  roleTags: [],
  permissions: [],
} satisfies SessionUser;

const answer = (body: object) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** Every cookie the page's script can read, and everything in its local storage. */
const readableByScript = () => [
  document.cookie,
  ...Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`),
];

afterEach(() => {
  tokenStore.clear();
  localStorage.clear();
});

describe('the tokens in the browser', () => {
  it('never keep the refresh token where script can read it, through sign-in and refreshes', async () => {
    // Each answer carries a refresh token in its body, as the API's shape has it.
    const issued = ['refresh-at-sign-in', 'refresh-after-one', 'refresh-after-two'];
    let refreshes = 0;
    const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
      expect(init.credentials).toBe('include');
      const path = String(url);
      if (path === '/api/auth/login') {
        return answer({
          success: true,
          message: 'ok',
          token: jwt(900),
          accessToken: jwt(900),
          refreshToken: issued[0],
          expiresIn: 900,
          user,
        });
      }
      // The refresh calls send nothing of their own: the server's HttpOnly cookie is the token.
      expect(path).toBe('/api/auth/refresh_token');
      expect(JSON.parse(String(init.body))).toEqual({});
      refreshes++;
      return answer({
        success: true,
        token: jwt(900),
        accessToken: jwt(900),
        refreshToken: issued[refreshes],
      });
    });
    const http = createHttpClient({
      baseUrl: () => '',
      bearer: () => tokenStore.bearer(),
      language: () => 'en',
      fetch,
    });
    const client = new AuthClient({
      http,
      tokens: tokenStore,
      navigate: () => undefined,
      hardRedirect: () => undefined,
      currentPath: () => '/',
      storage: localStorage,
    });
    expect((await client.login({ username: 'sokha', password: 'pw' })).ok).toBe(true);
    expect(await client.refresh()).toBe(true);
    // Under 20 minutes left: checkAuth refreshes too.
    expect(await client.checkAuth()).toBe(true);
    expect(refreshes).toBe(2);
    expect(tokenStore.accessToken()).toBeDefined();
    for (const token of issued) expect(readableByScript().join('; ')).not.toContain(token);
    expect(document.cookie).not.toContain(`${LEGACY_REFRESH_TOKEN_COOKIE}=`);
    client.dispose();
  });

  it('delete the refresh-token cookie an earlier version wrote, when the app starts', () => {
    document.cookie = `${LEGACY_REFRESH_TOKEN_COOKIE}=left-by-an-old-version; Max-Age=604800; Path=/; SameSite=Lax`;
    expect(document.cookie).toContain('left-by-an-old-version');
    const client = new AuthClient({
      http: createHttpClient({
        baseUrl: () => '',
        bearer: () => tokenStore.bearer(),
        language: () => 'en',
        fetch: vi.fn(),
      }),
      tokens: tokenStore,
      navigate: () => undefined,
      hardRedirect: () => undefined,
      currentPath: () => '/',
      storage: localStorage,
    });
    expect(document.cookie).not.toContain('left-by-an-old-version');
    client.dispose();
  });
});
