import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { publicRoute, type RuntimeConfig } from '@sala/contract';

/**
 * Where a signed-out visitor lands, answered with the app's light sign-in document (signin.html)
 * when the build has one: the sign-in form without the router and the pages. Sign-up and every
 * other page are the app's (index.html).
 */
const SIGN_IN_PATH = '/auths/login';

/** Where the build puts its hashed files. */
const ASSETS_PREFIX = '/assets/';

/** The headers that apply to a document only, or say nothing a cached asset needs. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
  'last-modified',
];

/** The encodings a document is sent in, brotli first (smaller), as the browser accepts them. */
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

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
  const documents = {
    index: compressedDocument(indexHtml),
    signIn: signInHtml ? compressedDocument(signInHtml) : undefined,
  };
  const buildId = crypto.createHash('sha256').update(indexHtml).digest('hex').slice(0, 16);
  const runtimeConfig: RuntimeConfig = { apiBaseUrl, buildId };

  app.get('/config.json', { config: { access: publicRoute } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig;
  });

  // The build writes a brotli and a gzip copy beside every asset worth compressing; the one the
  // browser accepts is sent as it is, so no request spends CPU compressing a file.
  await app.register(fastifyStatic, {
    root: appDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // A hashed asset is a script, a stylesheet, a font or an image, never a document: the headers
  // that govern a document (its policy, framing, referrer, the request id) mean nothing on it,
  // and over HTTP/1.1 they would cost a phone about 1 KB a file. It keeps what protects it
  // (nosniff, the same-origin resource policy) and what caches it.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith(ASSETS_PREFIX)) return;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  });

  return {
    /** The document for a path the app's router handles: the sign-in one or index.html. */
    sendIndex(reply: FastifyReply, url: string, acceptEncoding: string | undefined) {
      const pathname = url.split('?', 1)[0] ?? url;
      const document =
        documents.signIn && pathname === SIGN_IN_PATH ? documents.signIn : documents.index;
      const encoding = (acceptEncoding && encodings.negotiate(acceptEncoding)) || undefined;
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(document[encoding ?? 'identity']);
    },
  };
}

/** A document as sent: as written, and compressed once at start in the two usual encodings. */
function compressedDocument(html: Buffer): Record<'identity' | 'br' | 'gzip', Buffer> {
  return {
    identity: html,
    br: zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip: zlib.gzipSync(html, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}
