import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  profileResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  refreshTokenResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyTokenRequestSchema,
  verifyTokenResponseSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { bearerToken, principalOf, publicRoute, signedIn } from '../../lib/access.js';
import { HttpError, requestLanguage } from '../../lib/http-errors.js';
import { throttle, type AttemptLimit } from '../../lib/rate-limit-store.js';
import { REFRESH_TOKEN_TTL_SECONDS, type TokenSigner } from '../../lib/tokens.js';
import { loadPrincipal, loadSessionUser, login, logout, refresh, signup } from './service.js';

export const REFRESH_COOKIE = 'sala_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
/** Sign-in bodies are small; anything bigger is refused before it is parsed. */
const AUTH_BODY_LIMIT = 16 * 1024;

export interface LoginLimits {
  /**
   * Failed sign-ins (and all sign-ups) per client address per window: a school's staff behind
   * one address signing in every morning must not lock each other out.
   */
  perIp: number;
  /** Failed attempts per account per window (a successful sign-in clears the count). */
  perAccount: number;
  windowMs: number;
}

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

const message = (request: FastifyRequest, en: string, km: string) =>
  requestLanguage(request.headers['accept-language']) === 'km' ? km : en;

export async function authRoutes(
  app: FastifyInstance,
  { db, signer, loginLimits }: AuthRoutesOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Throttling lives in the database (see lib/rate-limit-store.ts), so it holds across processes.
  const ipKey = (request: FastifyRequest) => `auth-ip:${clientKey(request.ip)}`;
  const perIp: AttemptLimit = {
    max: loginLimits.perIp,
    windowMs: loginLimits.windowMs,
    key: ipKey,
  };
  const accountKey = (request: FastifyRequest) => {
    const body = request.body as { username?: string; schoolCode?: string } | undefined;
    return `login-account:${(body?.schoolCode ?? '').toLowerCase()}:${(body?.username ?? '').toLowerCase()}`;
  };
  const perAccount: AttemptLimit = {
    max: loginLimits.perAccount,
    windowMs: loginLimits.windowMs,
    key: accountKey,
  };
  api.post(
    apiPaths.login,
    {
      config: publicRoute(),
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
      preHandler: throttle(db, perIp, perAccount),
    },
    async (request, reply) => {
      // The account's failed attempts are forgiven once it signs in; the address's count
      // keeps its failures only.
      const signedIn = await login(
        db,
        signer,
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id },
        { clear: [accountKey(request)], forgive: [ipKey(request)] },
      );
      setRefreshCookie(request, reply, signedIn.refreshToken);
      return {
        success: true as const,
        message: message(request, 'Login successful', 'ចូលគណនីបានសម្រេច'),
        token: signedIn.accessToken,
        accessToken: signedIn.accessToken,
        refreshToken: signedIn.refreshToken,
        expiresIn: signedIn.expiresIn,
        user: signedIn.user,
      };
    },
  );

  api.post(
    apiPaths.signup,
    {
      config: publicRoute(),
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: signupRequestSchema, response: { 200: signupResponseSchema } },
      preHandler: throttle(db, perIp),
    },
    async (request, reply) => {
      const created = await signup(db, signer, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        requestId: request.id,
      });
      setRefreshCookie(request, reply, created.refreshToken);
      return {
        success: true as const,
        message: message(
          request,
          'Account created. An administrator must approve it before you can use the school’s data.',
          'បានបង្កើតគណនី។ អ្នកគ្រប់គ្រងត្រូវអនុម័តគណនីនេះ មុនពេលអ្នកអាចប្រើទិន្នន័យរបស់សាលារៀន។',
        ),
        token: created.accessToken,
        accessToken: created.accessToken,
        refreshToken: created.refreshToken,
        expiresIn: created.expiresIn,
        user: created.user,
      };
    },
  );

  const rotate = async (
    request: FastifyRequest<{ Body: { refreshToken?: string } | null | undefined }>,
    reply: FastifyReply,
  ) => {
    const token = request.cookies[REFRESH_COOKIE] ?? request.body?.refreshToken;
    if (!token) throw new HttpError(401, 'NO_TOKEN');
    const rotated = await refresh(db, signer, token, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      requestId: request.id,
    });
    setRefreshCookie(request, reply, rotated.refreshToken);
    return rotated;
  };

  api.post(
    apiPaths.refreshToken,
    {
      config: publicRoute(),
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: refreshRequestSchema, response: { 200: refreshTokenResponseSchema } },
    },
    async (request, reply) => {
      const rotated = await rotate(request, reply);
      return {
        success: true as const,
        token: rotated.accessToken,
        accessToken: rotated.accessToken,
        refreshToken: rotated.refreshToken,
      };
    },
  );

  api.post(
    apiPaths.refresh,
    {
      config: publicRoute(),
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: refreshRequestSchema, response: { 200: refreshResponseSchema } },
    },
    async (request, reply) => {
      const rotated = await rotate(request, reply);
      return {
        success: true as const,
        token: rotated.accessToken,
        accessToken: rotated.accessToken,
        refreshToken: rotated.refreshToken,
        expiresIn: rotated.expiresIn,
      };
    },
  );

  api.post(
    apiPaths.verifyToken,
    {
      config: publicRoute(),
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: verifyTokenRequestSchema, response: { 200: verifyTokenResponseSchema } },
    },
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
  );

  api.post(
    apiPaths.logout,
    {
      config: publicRoute(),
      bodyLimit: AUTH_BODY_LIMIT,
      schema: { body: logoutRequestSchema, response: { 200: logoutResponseSchema } },
    },
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
      return { success: true as const, message: message(request, 'Signed out', 'បានចាកចេញ') };
    },
  );

  api.post(
    apiPaths.profile,
    {
      // The spec: 401 'Session expired. Please login again.', 404 'User profile not found'.
      config: signedIn({ invalidTokenCode: 'SESSION_EXPIRED' }),
      schema: { response: { 200: profileResponseSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await loadSessionUser(db, principal.schoolId, principal.userId, principal);
      if (!user) throw new HttpError(404, 'PROFILE_NOT_FOUND');
      return { user };
    },
  );
}
