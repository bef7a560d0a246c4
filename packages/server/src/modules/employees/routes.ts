import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  createEmployeeRequestSchema,
  deleteQuerySchema,
  employeeDetailResponseSchema,
  employeeListQuerySchema,
  employeeListResponseSchema,
  employeeResponseSchema,
  okResponseSchema,
  setWorkingStatusRequestSchema,
  updateEmployeeRequestSchema,
  uuidParamsSchema,
} from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { actorOf } from '../../lib/audit.js';
import { localMessage } from '../../lib/http-errors.js';
import {
  createEmployee,
  deleteEmployee,
  listEmployees,
  readEmployee,
  setWorkingStatus,
  updateEmployee,
} from './service.js';

/**
 * Staff records: list (a head of department sees their department), read with the history of
 * working status, create, edit, change working status, and delete (refused while still in use).
 */
export async function employeeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = requires('employees.read:department', 'employees.manage:school');
  const manage = requires('employees.manage:school');
  const actor = (request: Parameters<typeof actorOf>[0]) => actorOf(request, principalOf(request));

  api.get(
    apiPaths.employees,
    {
      config: read,
      schema: {
        querystring: employeeListQuerySchema,
        response: { 200: employeeListResponseSchema },
      },
    },
    async (request) => listEmployees(db, principalOf(request), request.query),
  );

  api.post(
    apiPaths.employees,
    {
      config: manage,
      schema: { body: createEmployeeRequestSchema, response: { 200: employeeResponseSchema } },
    },
    async (request) => ({ employee: await createEmployee(db, actor(request), request.body) }),
  );

  api.get(
    apiPaths.employee,
    {
      config: read,
      schema: { params: uuidParamsSchema, response: { 200: employeeDetailResponseSchema } },
    },
    async (request) => readEmployee(db, principalOf(request), request.params.id),
  );

  api.patch(
    apiPaths.employee,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: updateEmployeeRequestSchema,
        response: { 200: employeeResponseSchema },
      },
    },
    async (request) => ({
      employee: await updateEmployee(db, actor(request), request.params.id, request.body),
    }),
  );

  api.post(
    apiPaths.employeeStatus,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        body: setWorkingStatusRequestSchema,
        response: { 200: employeeResponseSchema },
      },
    },
    async (request) => ({
      employee: await setWorkingStatus(db, actor(request), request.params.id, request.body),
    }),
  );

  api.delete(
    apiPaths.employee,
    {
      config: manage,
      schema: {
        params: uuidParamsSchema,
        querystring: deleteQuerySchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deleteEmployee(db, actor(request), request.params.id, request.query.version);
      return {
        success: true as const,
        message: localMessage(request.headers['accept-language'], {
          en: 'Staff member deleted',
          km: 'បានលុបបុគ្គលិក',
        }),
      };
    },
  );
}
