import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { SERVER_VERSION } from '../../version.js';
import { route } from '../../lib/endpoint.js';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  route(app, 'getHealth', async () => {
    // A real round trip to the database: a health check that cannot reach it must fail.
    await database.db.execute(sql`select 1`);
    return {
      status: 'ok' as const,
      version: SERVER_VERSION,
      database: database.kind,
      time: new Date().toISOString(),
    };
  });
}
