import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-errors.js';

/** Where in a parsed request value a NUL character is (`a.0.b`), or undefined. */
export function nulCharacterPath(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulCharacterPath(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A check every request passes before its route's schema sees it, for what no schema states: no
 * NUL character in a parameter, the query or a JSON body. PostgreSQL text cannot hold one, so it
 * would fail the first query that used it (a 500) instead of being refused (400).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = nulCharacterPath(value);
      if (at !== undefined) {
        throw new HttpError(400, 'VALIDATION_ERROR', {
          [part === 'body' ? at : `${part}.${at}`]: ['INVALID_VALUE'],
        });
      }
    }
  });
}
