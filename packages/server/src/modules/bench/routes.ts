import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicRoute } from '@sala/contract';
import { bearerToken } from '../../lib/access.js';
import { HttpError } from '../../lib/http-errors.js';
import type { TokenSigner } from '../../lib/tokens.js';

export const benchPaths = {
  bare: '/api/bench/bare',
  token: '/api/bench/token',
} as const;

const bareResponseSchema = z.object({ ok: z.literal(true) });
const tokenResponseSchema = z.object({ sub: z.string() });

/**
 * Reference routes for the API benchmark (registered only with SALA_BENCH_ROUTES=1): a route
 * that answers a constant, and one that only verifies the bearer token (no database), the
 * ceiling of any signed-in route. They pass through the same hooks, headers, logging and error
 * handler as every other route, so a real route's throughput can be read as a share of theirs.
 */
export async function benchRoutes(app: FastifyInstance, { signer }: { signer: TokenSigner }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    benchPaths.bare,
    { config: { access: publicRoute }, schema: { response: { 200: bareResponseSchema } } },
    async () => ({ ok: true as const }),
  );
  api.get(
    benchPaths.token,
    { config: { access: publicRoute }, schema: { response: { 200: tokenResponseSchema } } },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new HttpError(401, 'NO_TOKEN');
      const verified = await signer.verifyAccessToken(token);
      if (!verified.ok) throw new HttpError(401, 'INVALID_TOKEN');
      return { sub: verified.claims.sub };
    },
  );
}
