import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  changePasswordRequestSchema,
  okResponseSchema,
  profileUserResponseSchema,
  sessionListResponseSchema,
  sessionParamsSchema,
  updateProfileRequestSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, signedIn } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage } from '../../lib/http-errors.js';
import { settleAttempts, throttle, type AttemptLimit } from '../../lib/rate-limit-store.js';
import type { LoginLimits } from '../auth/routes.js';
import { listSessions, revokeSession } from '../users/service.js';
import { changePassword, updateProfile } from './service.js';

/** The signed-in user's own account: profile, password and devices. */
export async function accountRoutes(
  app: FastifyInstance,
  { db, loginLimits }: { db: Db; loginLimits: LoginLimits },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guessing the current password from a stolen session is throttled like a sign-in: so many
  // attempts per account and window; a change that succeeds clears the count.
  const passwordKey = (request: FastifyRequest) => `password-change:${principalOf(request).userId}`;
  const perAccount: AttemptLimit = {
    max: loginLimits.perAccount,
    windowMs: loginLimits.windowMs,
    key: passwordKey,
  };
  const self = (request: Parameters<typeof actorOf>[0]) => {
    const principal = principalOf(request);
    return {
      ...actorOf(request, principal),
      userId: principal.userId,
      sessionId: principal.sessionId,
    };
  };

  api.patch(
    apiPaths.profile,
    {
      config: signedIn({ invalidTokenCode: 'SESSION_EXPIRED' }),
      schema: { body: updateProfileRequestSchema, response: { 200: profileUserResponseSchema } },
    },
    async (request) => ({ user: await updateProfile(db, self(request), request.body) }),
  );

  api.post(
    apiPaths.password,
    {
      config: signedIn(),
      bodyLimit: 16 * 1024,
      schema: { body: changePasswordRequestSchema, response: { 200: okResponseSchema } },
      preHandler: throttle(db, perAccount),
    },
    async (request) => {
      await changePassword(db, self(request), request.body);
      await settleAttempts(db, { clear: [passwordKey(request)] });
      return {
        success: true as const,
        message: localMessage(request.headers['accept-language'], {
          en: 'Password changed. Your other devices were signed out.',
          km: 'បានប្ដូរពាក្យសម្ងាត់។ ឧបករណ៍ផ្សេងទៀតរបស់អ្នកត្រូវបានចាកចេញ។',
        }),
      };
    },
  );

  api.get(
    apiPaths.ownSessions,
    { config: signedIn(), schema: { response: { 200: sessionListResponseSchema } } },
    async (request) => {
      const principal = principalOf(request);
      return {
        sessions: await listSessions(db, principal.schoolId, principal.userId, principal.sessionId),
      };
    },
  );

  api.delete(
    apiPaths.ownSession,
    {
      config: signedIn(),
      schema: { params: sessionParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      const actor = self(request);
      await revokeSession(db, actor, actor.userId, request.params.sessionId);
      return {
        success: true as const,
        message: localMessage(request.headers['accept-language'], {
          en: 'The device was signed out',
          km: 'ឧបករណ៍នេះត្រូវបានចាកចេញ',
        }),
      };
    },
  );
}
