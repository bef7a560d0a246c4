import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../lib/access.js';
import { dashboard } from './service.js';
import { route } from '../../lib/endpoint.js';

/** The home page's figures: each caller sees what their permissions reach. */
export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, 'getDashboard', async (request) => dashboard(db, principalOf(request)));
}
