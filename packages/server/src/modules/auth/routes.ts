import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { bearerToken, principalOf } from '../../lib/access.js';
import { HttpError, successText } from '../../lib/http-errors.js';
import {
  countAttempts,
  throttle,
  type AttemptLimit,
  type LoginLimits,
} from '../../lib/rate-limit-store.js';
import { REFRESH_TOKEN_TTL_SECONDS, type TokenSigner } from '../../lib/tokens.js';
import { login, logout, refresh, signup, type SignInAttempts } from './service.js';
import { loadPrincipal, loadSessionUser } from './sessions.js';
import { route } from '../../lib/endpoint.js';

export const REFRESH_COOKIE = 'sala_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
/** Sign-in bodies are small; anything bigger is refused before it is parsed. */
const AUTH_BODY_LIMIT = 16 * 1024;

export interface AuthRoutesOptions {
  db: Db;
  signer: TokenSigner;
  loginLimits: LoginLimits;
}

const isLocalHost = (hostname: string) =>
  /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(hostname);

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: !isLocalHost(request.hostname),
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

/**
 * The address a throttling counter is kept for: an IPv4 address, or the /64 network of an
 * IPv6 one (a single client usually holds a whole /64 and could rotate within it).
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':') || ip.startsWith('::ffff:')) return ip.replace(/^::ffff:/, '');
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export async function authRoutes(
  app: FastifyInstance,
  { db, signer, loginLimits }: AuthRoutesOptions,
) {
  // Throttling lives in the database (see lib/rate-limit-store.ts), so it holds across processes.
  const ipKey = (request: FastifyRequest) => `auth-ip:${clientKey(request.ip)}`;
  const perIp: AttemptLimit = {
    max: loginLimits.perIp,
    windowMs: loginLimits.windowMs,
    key: ipKey,
  };
  /**
   * A sign-in's attempt counts for the caller's address and for the account its name resolves
   * to (whatever spelling named it), once the service has resolved it: one statement. The
   * account's failed attempts are forgiven once it signs in; the address's count keeps its
   * failures only.
   */
  const signInAttempts = (request: FastifyRequest, reply: FastifyReply): SignInAttempts => ({
    async count(accountKey) {
      const limits = [
        { key: ipKey(request), max: loginLimits.perIp },
        { key: accountKey, max: loginLimits.perAccount },
      ];
      const counts = await countAttempts(
        db,
        limits.map(({ key }) => ({ key, windowMs: loginLimits.windowMs })),
      );
      limits.forEach(({ max }, i) => {
        const { count, ttlMs } = counts[i]!;
        if (count > max) {
          reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
          throw new HttpError(429, 'TOO_MANY_REQUESTS');
        }
      });
    },
    settle: (accountKey) => ({ clear: [accountKey], forgive: [ipKey(request)] }),
  });
  route(
    app,
    'postLogin',
    async (request, reply) => {
      const signedIn = await login(
        db,
        signer,
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id },
        signInAttempts(request, reply),
      );
      setRefreshCookie(request, reply, signedIn.refreshToken);
      return {
        success: true as const,
        message: successText(request, 'LOGIN_SUCCESSFUL'),
        token: signedIn.accessToken,
        accessToken: signedIn.accessToken,
        refreshToken: signedIn.refreshToken,
        expiresIn: signedIn.expiresIn,
        user: signedIn.user,
      };
    },
    { bodyLimit: AUTH_BODY_LIMIT },
  );

  route(
    app,
    'postSignup',
    async (request, reply) => {
      const created = await signup(db, signer, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        requestId: request.id,
      });
      setRefreshCookie(request, reply, created.refreshToken);
      return {
        success: true as const,
        message: successText(request, 'ACCOUNT_CREATED_PENDING'),
        token: created.accessToken,
        accessToken: created.accessToken,
        refreshToken: created.refreshToken,
        expiresIn: created.expiresIn,
        user: created.user,
      };
    },
    { bodyLimit: AUTH_BODY_LIMIT, preHandler: throttle(db, perIp) },
  );

  const rotate = async (
    request: FastifyRequest<{ Body: { refreshToken?: string } | null | undefined }>,
    reply: FastifyReply,
  ) => {
    const cookie = request.cookies[REFRESH_COOKIE];
    const token = cookie ?? request.body?.refreshToken;
    if (!token) throw new HttpError(401, 'NO_TOKEN');
    const rotated = await refresh(db, signer, token, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      requestId: request.id,
    });
    setRefreshCookie(request, reply, rotated.refreshToken);
    // A browser's refresh token lives in the HttpOnly cookie only: its successor is not put in
    // the body, where a script in the page could read it. A client that sent its token in the
    // body (no cookie) keeps it itself and gets the successor back.
    const inBody = cookie === undefined ? { refreshToken: rotated.refreshToken } : {};
    return { ...rotated, inBody };
  };

  route(
    app,
    'postRefreshToken',
    async (request, reply) => {
      const rotated = await rotate(request, reply);
      return {
        success: true as const,
        token: rotated.accessToken,
        accessToken: rotated.accessToken,
        ...rotated.inBody,
      };
    },
    { bodyLimit: AUTH_BODY_LIMIT },
  );

  route(
    app,
    'postRefresh',
    async (request, reply) => {
      const rotated = await rotate(request, reply);
      return {
        success: true as const,
        token: rotated.accessToken,
        accessToken: rotated.accessToken,
        ...rotated.inBody,
        expiresIn: rotated.expiresIn,
      };
    },
    { bodyLimit: AUTH_BODY_LIMIT },
  );

  route(
    app,
    'postVerifyToken',
    async (request) => {
      // The spec posts the access token in the body; the bearer header works too.
      const token = request.body?.accessToken ?? request.body?.token ?? bearerToken(request);
      if (!token) throw new HttpError(401, 'NO_TOKEN');
      const verified = await signer.verifyAccessToken(token);
      if (!verified.ok) throw new HttpError(401, 'INVALID_TOKEN');
      const principal = await loadPrincipal(db, verified.claims);
      const user = principal
        ? await loadSessionUser(db, verified.claims.sid, verified.claims.sub)
        : undefined;
      if (!user) throw new HttpError(401, 'TOKEN_REJECTED');
      return { user };
    },
    { bodyLimit: AUTH_BODY_LIMIT },
  );

  route(
    app,
    'postLogout',
    async (request, reply) => {
      // Logout ends the session named by the access token, else the one of the refresh token;
      // an already expired access token still signs the device out through its refresh cookie.
      const access = bearerToken(request) ?? request.body?.token;
      const verified = access ? await signer.verifyAccessToken(access) : undefined;
      const refreshToken = request.cookies[REFRESH_COOKIE] ?? request.body?.refreshToken;
      if (verified?.ok) {
        await logout(
          db,
          { schoolId: verified.claims.sid, sessionId: verified.claims.sess },
          request.id,
        );
      } else if (refreshToken) {
        await logout(db, { refreshToken }, request.id);
      } else {
        throw new HttpError(401, access ? 'INVALID_TOKEN' : 'NO_TOKEN');
      }
      reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
      // The copies the browser kept of the answers it may revalidate (classes, rosters) go with
      // the session, on a shared computer too (browsers honour this over HTTPS and on localhost).
      reply.header('clear-site-data', '"cache"');
      return { success: true as const, message: successText(request, 'SIGNED_OUT') };
    },
    { bodyLimit: AUTH_BODY_LIMIT },
  );

  // The spec: 401 'Session expired. Please login again.', 404 'User profile not found'.
  route(app, 'postProfile', async (request) => {
    const principal = principalOf(request);
    const user = await loadSessionUser(db, principal.schoolId, principal.userId, principal);
    if (!user) throw new HttpError(404, 'PROFILE_NOT_FOUND');
    return { user };
  });
}
