import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { HttpError } from './http-errors.js';

/** One counter made by `app.createRateLimit`. */
export type RateLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A pre-handler that counts the request against each limiter and refuses it with 429
 * TOO_MANY_REQUESTS (and Retry-After) once one of them is exceeded.
 */
export const throttle =
  (...limiters: RateLimiter[]) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new HttpError(429, 'TOO_MANY_REQUESTS');
      }
    }
  };

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that keeps its counters in the database, so that every
 * server process behind a load balancer counts the same attempts. One statement per hit:
 * an upsert that starts a new window when the old one has ended.
 */
export function databaseRateLimitStore(db: Db) {
  let hits = 0;
  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      void incrementCounter(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      // Now and then, forget the windows that have ended.
      if (++hits % 500 === 0) {
        void db
          .delete(rateLimits)
          .where(sql`${rateLimits.resetAt} < now()`)
          .catch(() => undefined);
      }
    }

    read(key: string, callback: Callback) {
      void readCounter(db, key).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  };
}

async function incrementCounter(db: Db, key: string, windowMs: number) {
  const windowInterval = `${Math.max(1, Math.trunc(windowMs))} milliseconds`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${windowInterval}::interval` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${windowInterval}::interval else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::int`,
    });
  return { current: row?.count ?? 1, ttl: Number(row?.ttl ?? windowMs) };
}

async function readCounter(db: Db, key: string) {
  const [row] = await db
    .select({
      count: rateLimits.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::int`,
    })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
  return row ? { current: row.count, ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

/** Forgets a counter, e.g. an account's failed sign-ins once it signs in successfully. */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Takes one attempt back, e.g. an address's sign-in that succeeded: only failures count. */
export async function forgiveRateLimit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}
