import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { successText } from '../../lib/http-errors.js';
import { createClass, deleteClass, getClass, listClasses, updateClass } from './service.js';
import { route } from '../../lib/endpoint.js';

/** Classes of a year: list (scoped to the classes a teacher reaches), read, create, edit, delete. */
export async function classRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));

  route(app, 'getClasses', async (request) => listClasses(db, principalOf(request), request.query));

  route(app, 'postClasses', async (request) => ({
    schoolClass: await createClass(db, actor(request), request.body),
  }));

  route(app, 'getSchoolClass', async (request) => ({
    schoolClass: await getClass(db, principalOf(request), request.params.id),
  }));

  route(app, 'patchSchoolClass', async (request) => ({
    schoolClass: await updateClass(db, actor(request), request.params.id, request.body),
  }));

  route(app, 'deleteSchoolClass', async (request) => {
    await deleteClass(db, actor(request), request.params.id, request.query.version);
    return {
      success: true as const,
      message: successText(request, 'CLASS_DELETED'),
    };
  });
}
