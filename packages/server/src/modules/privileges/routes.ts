import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import {
  assertCanManageRole,
  createRole,
  deleteRole,
  getRole,
  listRoles,
  updateRole,
} from './service.js';
import { assertCanGrant } from './grants.js';
import { route } from '../../lib/endpoint.js';

/** Roles and the permissions they bundle. */
export async function privilegeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, 'getRoles', async (request) => ({
    roles: await listRoles(db, principalOf(request).schoolId),
  }));

  route(app, 'getRole', async (request) => ({
    role: await getRole(db, principalOf(request).schoolId, request.params.id),
  }));

  route(app, 'postRoles', async (request) => {
    const principal = principalOf(request);
    await assertCanGrant(db, principal, { permissions: request.body.permissions });
    return { role: await createRole(db, actorOf(request, principal), request.body) };
  });

  route(app, 'patchRole', async (request) => {
    const principal = principalOf(request);
    await assertCanManageRole(db, principal, request.params.id);
    await assertCanGrant(db, principal, { permissions: request.body.permissions ?? [] });
    return {
      role: await updateRole(db, actorOf(request, principal), request.params.id, request.body),
    };
  });

  route(app, 'deleteRole', async (request) => {
    const principal = principalOf(request);
    await assertCanManageRole(db, principal, request.params.id);
    await deleteRole(db, actorOf(request, principal), request.params.id);
    return { success: true as const, message: 'Deleted' };
  });
}
