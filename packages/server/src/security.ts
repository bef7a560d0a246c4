import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { REACT_ARIA_PRESSABLE_CSS } from './allowedInlineStyles.js';

export { REACT_ARIA_PRESSABLE_CSS };

/**
 * The SHA-256 sources of every inline <script> in the built app's documents (index.html and the
 * sign-in page's signin.html). An inline head script (e.g. the one that applies the colour mode
 * before the first paint) is allowed by its hash, computed here at start from the very files
 * that are served: change the script, rebuild, restart, and the policy follows. Nothing else
 * inline may run.
 */
export function inlineScriptHashes(appDir: string | undefined): string[] {
  if (!appDir) return [];
  const hashes = new Set<string>();
  for (const name of ['index.html', 'signin.html']) {
    const file = path.join(appDir, name);
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const [, attributes = '', body = ''] = match;
      if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
      hashes.add(sha256Source(body));
    }
  }
  return [...hashes];
}

const sha256Source = (text: string) =>
  `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/**
 * Security headers on every answer (helmet), with a strict Content Security Policy for the
 * served app: its own scripts, styles, fonts and images only; no inline script but the
 * hashed ones; no plugins, no framing, no form posts elsewhere. CORS is off: no
 * Access-Control-* header is ever sent, so other origins cannot read the API.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { appDir, apiBaseUrl }: { appDir: string | undefined; apiBaseUrl: string },
): Promise<void> {
  const apiOrigin = /^https?:\/\//.test(apiBaseUrl) ? new URL(apiBaseUrl).origin : undefined;
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(appDir)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", sha256Source(REACT_ARIA_PRESSABLE_CSS)],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(apiOrigin ? [apiOrigin] : [])],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: a school server on a local network is often plain HTTP.
      },
    },
    // Same reason: HSTS only where the deployment says it is served over HTTPS.
    strictTransportSecurity: false,
  });
  // The API's answers are a school's records: no browser or proxy keeps a copy (a shared phone
  // in the staff room, a school's caching proxy) unless a route says otherwise (files, by hash;
  // the contract's `revalidate` answers, privately and asked again each time: lib/revalidate.ts).
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
