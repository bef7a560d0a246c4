import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  createDepartmentRequestSchema,
  deleteQuerySchema,
  departmentListQuerySchema,
  departmentListResponseSchema,
  departmentResponseSchema,
  okResponseSchema,
  updateDepartmentRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage } from '../../lib/http-errors.js';
import {
  createDepartment,
  deleteDepartment,
  getDepartment,
  listDepartments,
  updateDepartment,
} from './service.js';

/** Departments: list, read, create, edit and delete (refused while still in use). */
export async function departmentRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('departments.read:department', 'departments.manage:school');
  const manage = requires('departments.manage:school');
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));

  api.get(
    apiPaths.departments,
    {
      config: read,
      schema: {
        querystring: departmentListQuerySchema,
        response: { 200: departmentListResponseSchema },
      },
    },
    async (request) => listDepartments(db, principalOf(request).schoolId, request.query),
  );

  api.post(
    apiPaths.departments,
    {
      config: manage,
      schema: { body: createDepartmentRequestSchema, response: { 200: departmentResponseSchema } },
    },
    async (request) => ({ department: await createDepartment(db, actor(request), request.body) }),
  );

  api.get(
    apiPaths.department,
    {
      config: read,
      schema: { params: uuidParamsSchema, response: { 200: departmentResponseSchema } },
    },
    async (request) => ({
      department: await getDepartment(db, principalOf(request).schoolId, request.params.id),
    }),
  );

  api.patch(
    apiPaths.department,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateDepartmentRequestSchema,
        response: { 200: departmentResponseSchema },
      },
    },
    async (request) => ({
      department: await updateDepartment(db, actor(request), request.params.id, request.body),
    }),
  );

  api.delete(
    apiPaths.department,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteDepartment(db, actor(request), request.params.id, request.query.version);
      return {
        success: true as const,
        message: localMessage(request.headers['accept-language'], {
          en: 'Department deleted',
          km: 'បានលុបដេប៉ាតឺម៉ង់',
        }),
      };
    },
  );
}
