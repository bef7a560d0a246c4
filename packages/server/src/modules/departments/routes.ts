import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText } from '../../lib/http-errors.js';
import {
  createDepartment,
  deleteDepartment,
  getDepartment,
  listDepartments,
  updateDepartment,
} from './service.js';
import { route } from '../../lib/endpoint.js';

/** Departments: list, read, create, edit and delete (refused while still in use). */
export async function departmentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));

  route(app, 'getDepartments', async (request) =>
    listDepartments(db, principalOf(request).schoolId, request.query),
  );

  route(app, 'postDepartments', async (request) => ({
    department: await createDepartment(db, actor(request), request.body),
  }));

  route(app, 'getDepartment', async (request) => ({
    department: await getDepartment(db, principalOf(request).schoolId, request.params.id),
  }));

  route(app, 'patchDepartment', async (request) => ({
    department: await updateDepartment(db, actor(request), request.params.id, request.body),
  }));

  route(app, 'deleteDepartment', async (request) => {
    await deleteDepartment(db, actor(request), request.params.id, request.query.version);
    return {
      success: true as const,
      message: successText(request, 'DEPARTMENT_DELETED'),
    };
  });
}
