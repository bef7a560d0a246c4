import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, auditListQuerySchema, auditListResponseSchema } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, requires } from '../../lib/access.js';
import { listAudit } from './service.js';

/** The history of changes: who changed what, when, before and after. */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.audit,
    {
      config: requires('audit.read:school'),
      schema: { querystring: auditListQuerySchema, response: { 200: auditListResponseSchema } },
    },
    async (request) => listAudit(db, principalOf(request).schoolId, request.query),
  );
}
