import { deleteCookie, readCookie, writeCookie } from './cookies.js';
import { jwtExpiry } from './jwt.js';

/** Cookie names of the spec's section 3. */
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const GENERAL_TOKEN_COOKIE = 'authToken';
/**
 * The cookie earlier versions kept the refresh token in, where any script on the page could read
 * it. The refresh token now lives only in the server's own cookie (`HttpOnly`, path `/api/auth`),
 * which the browser sends with the sign-in, refresh and sign-out calls by itself: this one is
 * only ever deleted.
 */
export const LEGACY_REFRESH_TOKEN_COOKIE = 'refreshToken';

/** Cookie lifetimes of the spec's section 9, in seconds (`refresh`: the server's cookie). */
export const cookieSeconds = {
  accessAtLogin: 3600,
  accessAfterRefresh: 600,
  accessAfterSilentRefresh: 300,
  refresh: 7 * 24 * 60 * 60,
} as const;

/**
 * Where the app keeps its tokens: the access token in a cookie (lax, secure on https, path /).
 * The refresh token is never kept where script can read it: the server's `HttpOnly` cookie is
 * the only copy.
 */
export const tokenStore = {
  accessToken: () => readCookie(ACCESS_TOKEN_COOKIE),
  generalToken: () => readCookie(GENERAL_TOKEN_COOKIE),
  /** The bearer of API calls: the access token, else the general auth token. */
  bearer: () => readCookie(ACCESS_TOKEN_COOKIE) ?? readCookie(GENERAL_TOKEN_COOKIE),
  setAccessToken(token: string, maxAgeSeconds: number) {
    writeCookie(ACCESS_TOKEN_COOKIE, token, maxAgeSeconds);
  },
  /** Seconds since epoch at which the access token expires, if there is one. */
  accessExpiry: () => {
    const token = readCookie(ACCESS_TOKEN_COOKIE);
    return token ? jwtExpiry(token) : undefined;
  },
  /** Deletes the script-readable refresh-token cookie an earlier version may have left. */
  forgetLegacyRefreshToken() {
    deleteCookie(LEGACY_REFRESH_TOKEN_COOKIE);
  },
  clear() {
    deleteCookie(ACCESS_TOKEN_COOKIE);
    deleteCookie(LEGACY_REFRESH_TOKEN_COOKIE);
    deleteCookie(GENERAL_TOKEN_COOKIE);
  },
};

export type TokenStore = typeof tokenStore;

export function hasAccessToken(): boolean {
  return !!tokenStore.accessToken();
}
