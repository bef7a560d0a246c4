import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../lib/storage.js';
import { principalOf } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { getSchool, updateSchool } from './service.js';
import { route } from '../../lib/endpoint.js';

/** The signed-in user's school: its names, logo and settings. */
export async function schoolRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: FileStorage },
) {
  route(app, 'getSchool', async (request) => ({
    school: await getSchool(db, principalOf(request).schoolId),
  }));

  route(app, 'patchSchool', async (request) => ({
    school: await updateSchool(db, actorOf(request, principalOf(request)), request.body, storage),
  }));
}
