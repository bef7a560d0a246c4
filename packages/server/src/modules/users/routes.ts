import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  createUserRequestSchema,
  okResponseSchema,
  resetPasswordRequestSchema,
  sessionListResponseSchema,
  setUserPermissionsRequestSchema,
  setUserRolesRequestSchema,
  setUserStatusRequestSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
  userSessionParamsSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage } from '../../lib/http-errors.js';
import { assertCanGrant } from '../privileges/service.js';
import {
  createUser,
  getUser,
  listSessions,
  listUsers,
  resetPassword,
  revokeSession,
  setUserPermissions,
  setUserRoles,
  setUserStatus,
  updateUser,
} from './service.js';

/** User management: accounts, their status, passwords, roles, direct permissions and devices. */
export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('users.read:school', 'users.manage:school');
  const manage = requires('users.manage:school');
  // Granting roles and permissions is a privilege of its own.
  const grant = requires('roles.manage:school');
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));

  api.get(
    apiPaths.users,
    {
      config: read,
      schema: { querystring: userListQuerySchema, response: { 200: userListResponseSchema } },
    },
    async (request) => listUsers(db, principalOf(request).schoolId, request.query),
  );

  api.post(
    apiPaths.users,
    {
      config: manage,
      schema: { body: createUserRequestSchema, response: { 200: userResponseSchema } },
    },
    async (request) => {
      await assertCanGrant(db, principalOf(request), { roleIds: request.body.roleIds });
      return { user: await createUser(db, actor(request), request.body) };
    },
  );

  api.get(
    apiPaths.user,
    { config: read, schema: { params: uuidParamsSchema, response: { 200: userResponseSchema } } },
    async (request) => ({
      user: await getUser(db, principalOf(request).schoolId, request.params.id),
    }),
  );

  api.patch(
    apiPaths.user,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({
      user: await updateUser(db, actor(request), request.params.id, request.body),
    }),
  );

  api.post(
    apiPaths.userStatus,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: setUserStatusRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({
      user: await setUserStatus(db, actor(request), request.params.id, request.body.status),
    }),
  );

  api.post(
    apiPaths.userPassword,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: resetPasswordRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({
      user: await resetPassword(
        db,
        actor(request),
        request.params.id,
        request.body.temporaryPassword,
      ),
    }),
  );

  api.put(
    apiPaths.userRoles,
    {
      config: grant,
      schema: {
        params: uuidParamsSchema,
        body: setUserRolesRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
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
    },
  );

  api.put(
    apiPaths.userPermissions,
    {
      config: grant,
      schema: {
        params: uuidParamsSchema,
        body: setUserPermissionsRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
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
    },
  );

  api.get(
    apiPaths.userSessions,
    {
      config: manage,
      schema: { params: uuidParamsSchema, response: { 200: sessionListResponseSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      return {
        sessions: await listSessions(
          db,
          principal.schoolId,
          request.params.id,
          principal.sessionId,
        ),
      };
    },
  );

  api.delete(
    apiPaths.userSession,
    {
      config: manage,
      schema: { params: userSessionParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await revokeSession(db, actor(request), request.params.id, request.params.sessionId);
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
