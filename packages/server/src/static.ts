import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@sala/contract';
import { publicRoute } from './lib/access.js';

/**
 * Where a signed-out visitor lands, answered with the app's light sign-in document (signin.html)
 * when the build has one: the sign-in form without the router and the pages. Sign-up and every
 * other page are the app's (index.html).
 */
const SIGN_IN_PATH = '/auths/login';

/**
 * Serves the built app: hashed assets cached for a year, HTML never cached, every unknown
 * non-API GET answered with index.html so the app's router decides (and shows its 404), but the
 * sign-in path with signin.html.
 */
export async function serveApp(
  app: FastifyInstance,
  { appDir, apiBaseUrl }: { appDir: string; apiBaseUrl: string },
) {
  const indexFile = path.join(appDir, 'index.html');
  const indexHtml = fs.readFileSync(indexFile);
  const signInFile = path.join(appDir, 'signin.html');
  const signInHtml = fs.existsSync(signInFile) ? fs.readFileSync(signInFile) : undefined;
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
    /** The document for a path the app's router handles: the sign-in one or index.html. */
    sendIndex(reply: FastifyReply, url: string) {
      const pathname = url.split('?', 1)[0] ?? url;
      const html = signInHtml && pathname === SIGN_IN_PATH ? signInHtml : indexHtml;
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    },
  };
}
