import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../lib/storage.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText } from '../../lib/http-errors.js';
import { createStaffAccounts, previewStaffAccounts } from './accounts.js';
import {
  createEmployee,
  deleteEmployee,
  listEmployees,
  readEmployee,
  setWorkingStatus,
  updateEmployee,
} from './service.js';
import { route } from '../../lib/endpoint.js';

/**
 * Staff records: list (a head of department sees their department), read with the history of
 * working status, create, edit, change working status, and delete (refused while still in use).
 */
export async function employeeRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: FileStorage },
) {
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));

  route(app, 'getEmployees', async (request) =>
    listEmployees(db, principalOf(request), request.query),
  );

  route(app, 'postEmployees', async (request) => ({
    employee: await createEmployee(db, actor(request), principalOf(request), request.body),
  }));

  route(app, 'postEmployeeAccountsPreview', async (request) => ({
    accounts: await previewStaffAccounts(db, principalOf(request).schoolId, request.body),
  }));

  // At most MAX_ACCOUNTS_AT_ONCE a request; each password is hashed.
  route(
    app,
    'postEmployeeAccounts',
    async (request, reply) => {
      const created = await createStaffAccounts(
        db,
        actor(request),
        principalOf(request),
        request.body,
      );
      // The temporary passwords are in this answer only: no cache may keep it.
      return reply.header('cache-control', 'no-store').send(created);
    },
    { bodyLimit: 64 * 1024 },
  );

  route(app, 'getEmployee', async (request) =>
    readEmployee(db, principalOf(request), request.params.id),
  );

  route(app, 'patchEmployee', async (request) => ({
    employee: await updateEmployee(
      db,
      actor(request),
      principalOf(request),
      request.params.id,
      request.body,
      storage,
    ),
  }));

  route(app, 'postEmployeeStatus', async (request) => ({
    employee: await setWorkingStatus(
      db,
      actor(request),
      principalOf(request),
      request.params.id,
      request.body,
    ),
  }));

  route(app, 'deleteEmployee', async (request) => {
    await deleteEmployee(db, actor(request), request.params.id, request.query.version, storage);
    return {
      success: true as const,
      message: successText(request, 'STAFF_MEMBER_DELETED'),
    };
  });
}
