import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@sala/contract';
import { publicRoute } from './lib/access.js';

/**
 * Serves the built app: hashed assets cached for a year, index.html never cached, every
 * unknown non-API GET answered with index.html so the app's router decides (and shows its 404).
 */
export async function serveApp(
  app: FastifyInstance,
  { appDir, apiBaseUrl }: { appDir: string; apiBaseUrl: string },
) {
  const indexFile = path.join(appDir, 'index.html');
  const indexHtml = fs.readFileSync(indexFile);
  const buildId = crypto.createHash('sha256').update(indexHtml).digest('hex').slice(0, 16);
  const runtimeConfig: RuntimeConfig = { apiBaseUrl, buildId };

  app.get('/config.json', { config: publicRoute() }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig;
  });

  await app.register(fastifyStatic, {
    root: appDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return {
    sendIndex(reply: FastifyReply) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    },
  };
}
