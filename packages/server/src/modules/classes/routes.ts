import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  classListQuerySchema,
  classListResponseSchema,
  classResponseSchema,
  createClassRequestSchema,
  deleteQuerySchema,
  okResponseSchema,
  updateClassRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage } from '../../lib/http-errors.js';
import { createClass, deleteClass, getClass, listClasses, updateClass } from './service.js';

/** Classes of a year: list (scoped to the classes a teacher reaches), read, create, edit, delete. */
export async function classRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('classes.read:own', 'classes.manage:school');
  const manage = requires('classes.manage:school');
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));

  api.get(
    apiPaths.classes,
    {
      config: read,
      schema: { querystring: classListQuerySchema, response: { 200: classListResponseSchema } },
    },
    async (request) => listClasses(db, principalOf(request), request.query),
  );

  api.post(
    apiPaths.classes,
    {
      config: manage,
      schema: { body: createClassRequestSchema, response: { 200: classResponseSchema } },
    },
    async (request) => ({ schoolClass: await createClass(db, actor(request), request.body) }),
  );

  api.get(
    apiPaths.schoolClass,
    {
      config: read,
      schema: { params: uuidParamsSchema, response: { 200: classResponseSchema } },
    },
    async (request) => ({
      schoolClass: await getClass(db, principalOf(request), request.params.id),
    }),
  );

  api.patch(
    apiPaths.schoolClass,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateClassRequestSchema,
        response: { 200: classResponseSchema },
      },
    },
    async (request) => ({
      schoolClass: await updateClass(db, actor(request), request.params.id, request.body),
    }),
  );

  api.delete(
    apiPaths.schoolClass,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteClass(db, actor(request), request.params.id, request.query.version);
      return {
        success: true as const,
        message: localMessage(request.headers['accept-language'], {
          en: 'Class deleted',
          km: 'បានលុបថ្នាក់',
        }),
      };
    },
  );
}
