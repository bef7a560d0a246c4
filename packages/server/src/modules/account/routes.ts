import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../lib/storage.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText } from '../../lib/http-errors.js';
import {
  settleAttempts,
  throttle,
  type AttemptLimit,
  type LoginLimits,
} from '../../lib/rate-limit-store.js';
import { listSessions, revokeSession } from '../users/accounts.js';
import { changePassword, signOutOtherDevices, updateProfile } from './service.js';
import { route } from '../../lib/endpoint.js';

/** The signed-in user's own account: profile, password and devices. */
export async function accountRoutes(
  app: FastifyInstance,
  { db, storage, loginLimits }: { db: Db; storage: FileStorage; loginLimits: LoginLimits },
) {
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

  route(app, 'patchProfile', async (request) => ({
    user: await updateProfile(db, self(request), request.body, storage),
  }));

  route(
    app,
    'postPassword',
    async (request) => {
      await changePassword(db, self(request), request.body);
      await settleAttempts(db, { clear: [passwordKey(request)] });
      return {
        success: true as const,
        message: successText(request, 'PASSWORD_CHANGED'),
      };
    },
    { bodyLimit: 16 * 1024, preHandler: throttle(db, perAccount) },
  );

  route(app, 'getOwnSessions', async (request) => {
    const principal = principalOf(request);
    return {
      sessions: await listSessions(db, principal.schoolId, principal.userId, principal.sessionId),
    };
  });

  route(app, 'deleteOwnSessions', async (request) => {
    const signedOut = await signOutOtherDevices(db, self(request));
    return {
      success: true as const,
      signedOut,
      message: successText(request, 'OTHER_DEVICES_SIGNED_OUT'),
    };
  });

  route(app, 'deleteOwnSession', async (request) => {
    const actor = self(request);
    await revokeSession(db, actor, actor.userId, request.params.sessionId);
    return {
      success: true as const,
      message: successText(request, 'DEVICE_SIGNED_OUT'),
    };
  });
}
