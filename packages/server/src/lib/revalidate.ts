import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Whether an `If-None-Match` header names this tag (weak comparison, `*` for any). */
export function namesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}

/**
 * The answers of the endpoints the contract marks `revalidate` (the school, its classes,
 * subjects, periods, rosters) carry an ETag, a hash of the answer as this caller gets it, and
 * `private, no-cache`: the browser keeps its copy and asks again with `If-None-Match`, and an
 * unchanged answer comes back as `304 Not Modified` with no body. The tag is of the answer itself,
 * so two people or two languages sharing one copy can never be given each other's: an answer
 * that differs is sent whole. It is a weak tag: the bytes on the wire differ by compression.
 */
export function registerRevalidation(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const { revalidate } = reply.routeOptions.config as { revalidate?: boolean };
    if (!revalidate || request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
    reply.header('etag', tag).header('cache-control', 'private, no-cache');
    if (!namesTag(request.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    return '';
  });
}
