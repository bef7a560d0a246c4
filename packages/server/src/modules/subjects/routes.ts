import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  courseDeleteRequestSchema,
  courseUpdateRequestSchema,
  createSubjectRequestSchema,
  deleteQuerySchema,
  okResponseSchema,
  subjectListQuerySchema,
  subjectListResponseSchema,
  subjectResponseSchema,
  updateSubjectRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage } from '../../lib/http-errors.js';
import {
  createSubject,
  deleteSubject,
  getSubject,
  listSubjects,
  updateSubject,
} from './service.js';

/**
 * Subjects: list, read, create, edit and delete (refused while still taught), under their own
 * paths and under the spec's course calls, which name the course in the body.
 */
export async function subjectRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('subjects.read:school', 'subjects.manage:school');
  const manage = requires('subjects.manage:school');
  const actor = (request: FastifyRequest) => actorOf(request, principalOf(request));
  const deleted = (request: FastifyRequest) => ({
    success: true as const,
    message: localMessage(request.headers['accept-language'], {
      en: 'Subject deleted',
      km: 'បានលុបមុខវិជ្ជា',
    }),
  });

  for (const path of [apiPaths.subjects, apiPaths.coursesList]) {
    api.get(
      path,
      {
        config: read,
        schema: {
          querystring: subjectListQuerySchema,
          response: { 200: subjectListResponseSchema },
        },
      },
      async (request) => listSubjects(db, principalOf(request).schoolId, request.query),
    );
  }

  for (const path of [apiPaths.subjects, apiPaths.coursesCreate]) {
    api.post(
      path,
      {
        config: manage,
        schema: { body: createSubjectRequestSchema, response: { 200: subjectResponseSchema } },
      },
      async (request) => ({ subject: await createSubject(db, actor(request), request.body) }),
    );
  }

  for (const path of [apiPaths.subject, apiPaths.course]) {
    api.get(
      path,
      {
        config: read,
        schema: { params: uuidParamsSchema, response: { 200: subjectResponseSchema } },
      },
      async (request) => ({
        subject: await getSubject(db, principalOf(request).schoolId, request.params.id),
      }),
    );
  }

  api.patch(
    apiPaths.subject,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateSubjectRequestSchema,
        response: { 200: subjectResponseSchema },
      },
    },
    async (request) => ({
      subject: await updateSubject(db, actor(request), request.params.id, request.body),
    }),
  );

  api.post(
    apiPaths.coursesUpdate,
    {
      config: manage,
      schema: { body: courseUpdateRequestSchema, response: { 200: subjectResponseSchema } },
    },
    async (request) => {
      const { id, ...changes } = request.body;
      return { subject: await updateSubject(db, actor(request), id, changes) };
    },
  );

  api.delete(
    apiPaths.subject,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteSubject(db, actor(request), request.params.id, request.query.version);
      return deleted(request);
    },
  );

  api.post(
    apiPaths.coursesDelete,
    {
      config: manage,
      schema: { body: courseDeleteRequestSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await deleteSubject(db, actor(request), request.body.id, request.body.version);
      return deleted(request);
    },
  );
}
