import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, schoolResponseSchema, updateSchoolRequestSchema } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { getSchool, updateSchool } from './service.js';

/** The signed-in user's school: its names, logo and settings. */
export async function schoolRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    apiPaths.school,
    {
      config: requires('school.read:school', 'school.manage:school'),
      schema: { response: { 200: schoolResponseSchema } },
    },
    async (request) => ({ school: await getSchool(db, principalOf(request).schoolId) }),
  );

  api.patch(
    apiPaths.school,
    {
      config: requires('school.manage:school'),
      schema: { body: updateSchoolRequestSchema, response: { 200: schoolResponseSchema } },
    },
    async (request) => ({
      school: await updateSchool(db, actorOf(request, principalOf(request)), request.body),
    }),
  );
}
