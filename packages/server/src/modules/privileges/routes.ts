import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  createRoleRequestSchema,
  okResponseSchema,
  roleListResponseSchema,
  roleResponseSchema,
  updateRoleRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import {
  assertCanGrant,
  createRole,
  deleteRole,
  getRole,
  listRoles,
  updateRole,
} from './service.js';

/** Roles and the permissions they bundle. */
export async function privilegeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readRoles = requires('roles.read:school', 'roles.manage:school', 'users.manage:school');

  api.get(
    apiPaths.roles,
    { config: readRoles, schema: { response: { 200: roleListResponseSchema } } },
    async (request) => ({ roles: await listRoles(db, principalOf(request).schoolId) }),
  );

  api.get(
    apiPaths.role,
    {
      config: readRoles,
      schema: { params: uuidParamsSchema, response: { 200: roleResponseSchema } },
    },
    async (request) => ({
      role: await getRole(db, principalOf(request).schoolId, request.params.id),
    }),
  );

  api.post(
    apiPaths.roles,
    {
      config: requires('roles.manage:school'),
      schema: { body: createRoleRequestSchema, response: { 200: roleResponseSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      await assertCanGrant(db, principal, { permissions: request.body.permissions });
      return { role: await createRole(db, actorOf(request, principal), request.body) };
    },
  );

  api.patch(
    apiPaths.role,
    {
      config: requires('roles.manage:school'),
      schema: {
        params: uuidParamsSchema,
        body: updateRoleRequestSchema,
        response: { 200: roleResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await assertCanGrant(db, principal, { permissions: request.body.permissions ?? [] });
      return {
        role: await updateRole(db, actorOf(request, principal), request.params.id, request.body),
      };
    },
  );

  api.delete(
    apiPaths.role,
    {
      config: requires('roles.manage:school'),
      schema: { params: uuidParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await deleteRole(db, actorOf(request, principalOf(request)), request.params.id);
      return { success: true as const, message: 'Deleted' };
    },
  );
}
