import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  createStudentRequestSchema,
  deleteQuerySchema,
  endEnrollmentRequestSchema,
  enrollRequestSchema,
  learnerListQuerySchema,
  learnerListResponseSchema,
  okResponseSchema,
  studentDetailResponseSchema,
  studentListQuerySchema,
  studentListResponseSchema,
  studentResponseSchema,
  studentUpdateByIdRequestSchema,
  updateStudentRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage, requestLanguage } from '../../lib/http-errors.js';
import {
  createStudent,
  deleteStudent,
  endEnrollment,
  enrolStudent,
  getStudent,
  learnerList,
  listStudents,
  updateStudent,
} from './service.js';

/**
 * Students: list (scoped to the caller's classes at own or department scope), read with their
 * enrollment history, create, edit, delete (refused once enrolled), enrol, transfer and end an
 * enrollment; and the spec's learner and student calls.
 */
export async function studentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('students.read:own', 'students.manage:school');
  const manage = requires('students.manage:school');
  const actor = (request: FastifyRequest) => actorOf(request, principalOf(request));
  const language = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

  const listSchema = {
    querystring: studentListQuerySchema,
    response: { 200: studentListResponseSchema },
  };
  const list = (request: FastifyRequest<{ Querystring: typeof studentListQuerySchema._output }>) =>
    listStudents(db, principalOf(request), request.query, language(request));
  api.get(apiPaths.students, { config: read, schema: listSchema }, list);
  api.get(apiPaths.studentList, { config: read, schema: listSchema }, list);

  api.get(
    apiPaths.learnerList,
    {
      config: read,
      schema: { querystring: learnerListQuerySchema, response: { 200: learnerListResponseSchema } },
    },
    async (request) => ({
      items: await learnerList(db, principalOf(request), request.query, language(request)),
    }),
  );

  const createSchema = {
    body: createStudentRequestSchema,
    response: { 200: studentResponseSchema },
  };
  const create = async (
    request: FastifyRequest<{ Body: typeof createStudentRequestSchema._output }>,
  ) => ({ student: (await createStudent(db, actor(request), request.body)).student });
  api.post(apiPaths.students, { config: manage, schema: createSchema }, create);
  api.post(apiPaths.studentCreate, { config: manage, schema: createSchema }, create);

  api.get(
    apiPaths.student,
    {
      config: read,
      schema: { params: uuidParamsSchema, response: { 200: studentDetailResponseSchema } },
    },
    async (request) =>
      getStudent(db, principalOf(request).schoolId, request.params.id, principalOf(request)),
  );

  api.patch(
    apiPaths.student,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateStudentRequestSchema,
        response: { 200: studentResponseSchema },
      },
    },
    async (request) => ({
      student: (await updateStudent(db, actor(request), request.params.id, request.body)).student,
    }),
  );

  api.post(
    apiPaths.studentUpdate,
    {
      config: manage,
      schema: { body: studentUpdateByIdRequestSchema, response: { 200: studentResponseSchema } },
    },
    async (request) => {
      const { id, ...changes } = request.body;
      return { student: (await updateStudent(db, actor(request), id, changes)).student };
    },
  );

  api.delete(
    apiPaths.student,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteStudent(db, actor(request), request.params.id, request.query.version);
      return {
        success: true as const,
        message: localMessage(request.headers['accept-language'], {
          en: 'Student deleted',
          km: 'បានលុបសិស្ស',
        }),
      };
    },
  );

  api.post(
    apiPaths.studentEnrollments,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: enrollRequestSchema,
        response: { 200: studentDetailResponseSchema },
      },
    },
    async (request) => enrolStudent(db, actor(request), request.params.id, request.body),
  );

  api.post(
    apiPaths.studentEnrollmentEnd,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: endEnrollmentRequestSchema,
        response: { 200: studentDetailResponseSchema },
      },
    },
    async (request) => endEnrollment(db, actor(request), request.params.id, request.body),
  );
}
