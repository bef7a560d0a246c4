import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { apiPaths, healthResponseSchema } from '@sala/contract';
import type { Database } from '../../db/client.js';
import { publicRoute } from '../../lib/access.js';
import { SERVER_VERSION } from '../../version.js';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      apiPaths.health,
      { config: publicRoute(), schema: { response: { 200: healthResponseSchema } } },
      async () => {
        // A real round trip to the database: a health check that cannot reach it must fail.
        await database.db.execute(sql`select 1`);
        return {
          status: 'ok' as const,
          version: SERVER_VERSION,
          database: database.kind,
          time: new Date().toISOString(),
        };
      },
    );
}
