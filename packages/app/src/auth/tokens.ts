import { deleteCookie, readCookie, writeCookie } from './cookies.js';
import { jwtExpiry } from './jwt.js';

/** Cookie names of the spec's section 3. */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const GENERAL_TOKEN_COOKIE = 'authToken';

/** Cookie lifetimes of the spec's section 9, in seconds. */
export const cookieSeconds = {
  accessAtLogin: 3600,
  accessAfterRefresh: 600,
  accessAfterSilentRefresh: 300,
  refresh: 7 * 24 * 60 * 60,
} as const;

/** Where the tokens are kept: cookies (lax, secure on https, path /). */
export const tokenStore = {
  accessToken: () => readCookie(ACCESS_TOKEN_COOKIE),
  refreshToken: () => readCookie(REFRESH_TOKEN_COOKIE),
  generalToken: () => readCookie(GENERAL_TOKEN_COOKIE),
  /** The bearer of API calls: the access token, else the general auth token. */
  bearer: () => readCookie(ACCESS_TOKEN_COOKIE) ?? readCookie(GENERAL_TOKEN_COOKIE),
  setAccessToken(token: string, maxAgeSeconds: number) {
    writeCookie(ACCESS_TOKEN_COOKIE, token, maxAgeSeconds);
  },
  setRefreshToken(token: string) {
    writeCookie(REFRESH_TOKEN_COOKIE, token, cookieSeconds.refresh);
  },
  /** Seconds since epoch at which the access token expires, if there is one. */
  accessExpiry: () => {
    const token = readCookie(ACCESS_TOKEN_COOKIE);
    return token ? jwtExpiry(token) : undefined;
  },
  clear() {
    deleteCookie(ACCESS_TOKEN_COOKIE);
    deleteCookie(REFRESH_TOKEN_COOKIE);
    deleteCookie(GENERAL_TOKEN_COOKIE);
  },
};

export type TokenStore = typeof tokenStore;

export function hasAccessToken(): boolean {
  return !!tokenStore.accessToken();
}
