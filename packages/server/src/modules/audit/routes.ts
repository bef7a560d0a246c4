import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { listAudit } from './service.js';
import { route } from '../../lib/endpoint.js';

/** The history of changes: who changed what, when, before and after. */
export async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, 'getAudit', async (request) =>
    listAudit(db, principalOf(request).schoolId, request.query),
  );
}
