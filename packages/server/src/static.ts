import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { publicRoute, type Locale, type RuntimeConfig } from '@sala/contract';

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
  const buildId = crypto.createHash('sha256').update(indexHtml).digest('hex').slice(0, 16);
  const runtimeConfig: RuntimeConfig = { apiBaseUrl, buildId };
  const built = readManifest(appDir);
  /** A document in each language, with what it would otherwise ask for once its scripts ran. */
  const inEachLanguage = (html: Buffer, strings: readonly string[]) =>
    Object.fromEntries(
      locales.map((lang) => [
        lang,
        compressedDocument(
          documentFor(html.toString('utf8'), {
            lang,
            config: runtimeConfig,
            preloads: strings.flatMap((name) => {
              const file = built[`src/i18n/bundles/${name}.${lang}.ts`]?.file;
              return file ? [`/${file}`] : [];
            }),
          }),
        ),
      ]),
    ) as Record<Locale, CompressedDocument>;
  const documents = {
    index: inEachLanguage(indexHtml, ['signin', 'frame']),
    signIn: signInHtml ? inEachLanguage(signInHtml, ['signin']) : undefined,
  };

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
    sendIndex(request: FastifyRequest, reply: FastifyReply) {
      const [pathname = '', search = ''] = request.url.split('?', 2);
      const documentsOf =
        documents.signIn && pathname === SIGN_IN_PATH ? documents.signIn : documents.index;
      const document = documentsOf[documentLanguage(request, search)];
      const acceptEncoding = request.headers['accept-encoding'];
      const encoding = (acceptEncoding && encodings.negotiate(acceptEncoding)) || undefined;
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, accept-language, cookie');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(document[encoding ?? 'identity']);
    },
  };
}

type CompressedDocument = Record<'identity' | 'br' | 'gzip', Buffer>;

/** The languages a document is prepared in. */
const locales: readonly Locale[] = ['km', 'en'];

/** The build's manifest (what each source file became), or nothing for a build without one. */
function readManifest(appDir: string): Record<string, { file: string } | undefined> {
  try {
    return JSON.parse(fs.readFileSync(path.join(appDir, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * The language the app will start in, found as the app finds it (i18n/index.ts): the address's
 * `?lang=`, the `lang` cookie (the user's last choice), the browser's languages, else English.
 */
export function documentLanguage(request: FastifyRequest, search: string): Locale {
  const isLocale = (value: string | undefined): value is Locale => value === 'km' || value === 'en';
  const fromAddress = new URLSearchParams(search).get('lang') ?? undefined;
  if (isLocale(fromAddress)) return fromAddress;
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  if (isLocale(cookie)) return cookie;
  const browser = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of browser) {
    if (tag.startsWith('km')) return 'km';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

/** Escapes text for a double-quoted HTML attribute. */
const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A document as the server sends it: in its language (`<html lang>`), with the runtime
 * configuration the app would otherwise fetch (/config.json) and its first strings announced,
 * so neither waits for the scripts to run before it is asked for.
 */
export function documentFor(
  html: string,
  { lang, config, preloads }: { lang: Locale; config: RuntimeConfig; preloads: string[] },
): Buffer {
  const head = [
    `<meta name="sala-config" content="${attribute(JSON.stringify(config))}">`,
    ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
  ].join('\n    ');
  return Buffer.from(
    html
      .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
      .replace('</head>', `  ${head}\n  </head>`),
  );
}

/** A document as sent: as written, and compressed once at start in the two usual encodings. */
function compressedDocument(html: Buffer): CompressedDocument {
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
