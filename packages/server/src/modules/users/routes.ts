import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText } from '../../lib/http-errors.js';
import { assertCanGrant, assertCanManageAccount } from '../privileges/grants.js';
import {
  createUser,
  listUsers,
  resetPassword,
  setUserPermissions,
  setUserRoles,
  setUserStatus,
  updateUser,
} from './service.js';
import { getUser, listSessions, revokeSession } from './accounts.js';
import { route } from '../../lib/endpoint.js';

/** User management: accounts, their status, passwords, roles, direct permissions and devices. */
export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));
  /** Every act on an existing account first checks the caller may act on it (see the rule). */
  const target = (request: Parameters<typeof principalOf>[0] & { params: { id: string } }) =>
    assertCanManageAccount(db, principalOf(request), request.params.id);

  route(app, 'getUsers', async (request) =>
    listUsers(db, principalOf(request).schoolId, request.query),
  );

  route(app, 'postUsers', async (request) => {
    await assertCanGrant(db, principalOf(request), { roleIds: request.body.roleIds });
    return { user: await createUser(db, actor(request), request.body) };
  });

  route(app, 'getUser', async (request) => ({
    user: await getUser(db, principalOf(request).schoolId, request.params.id),
  }));

  route(app, 'patchUser', async (request) => {
    await target(request);
    return { user: await updateUser(db, actor(request), request.params.id, request.body) };
  });

  route(app, 'postUserStatus', async (request) => {
    await target(request);
    return {
      user: await setUserStatus(db, actor(request), request.params.id, request.body.status),
    };
  });

  route(app, 'postUserPassword', async (request) => {
    await target(request);
    return {
      user: await resetPassword(
        db,
        actor(request),
        request.params.id,
        request.body.temporaryPassword,
      ),
    };
  });

  route(app, 'putUserRoles', async (request) => {
    await target(request);
    await assertCanGrant(db, principalOf(request), {
      roleIds: request.body.roleIds,
      targetUserId: request.params.id,
    });
    return {
      user: await setUserRoles(
        db,
        actor(request),
        request.params.id,
        request.body.roleIds,
        request.body.version,
      ),
    };
  });

  route(app, 'putUserPermissions', async (request) => {
    await target(request);
    await assertCanGrant(db, principalOf(request), {
      permissions: request.body.permissions,
      targetUserId: request.params.id,
    });
    return {
      user: await setUserPermissions(
        db,
        actor(request),
        request.params.id,
        request.body.permissions,
        request.body.version,
      ),
    };
  });

  route(app, 'getUserSessions', async (request) => {
    const principal = principalOf(request);
    await target(request);
    return {
      sessions: await listSessions(db, principal.schoolId, request.params.id, principal.sessionId),
    };
  });

  route(app, 'deleteUserSession', async (request) => {
    await target(request);
    await revokeSession(db, actor(request), request.params.id, request.params.sessionId);
    return {
      success: true as const,
      message: successText(request, 'DEVICE_SIGNED_OUT'),
    };
  });
}
