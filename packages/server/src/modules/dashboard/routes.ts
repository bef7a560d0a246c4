import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, dashboardResponseSchema } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { principalOf, signedIn } from '../../lib/access.js';
import { dashboard } from './service.js';

/** The home page's figures: each caller sees what their permissions reach. */
export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    apiPaths.dashboard,
    { config: signedIn(), schema: { response: { 200: dashboardResponseSchema } } },
    async (request) => dashboard(db, principalOf(request)),
  );
}
