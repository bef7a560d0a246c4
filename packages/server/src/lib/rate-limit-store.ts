import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@sala/contract';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { HttpError } from './http-errors.js';

/**
 * A limit on attempts: at most `max` per `windowMs` for each key a request is counted under.
 * The counters live in the database, so that every server process behind a load balancer
 * counts the same attempts.
 */
export interface AttemptLimit {
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
  /** The 429's code: TOO_MANY_REQUESTS unless the limit has its own (e.g. TOO_MANY_UPLOADS). */
  code?: ErrorCode;
}

/** Counts since the last cleanup of ended windows; every so many, they are deleted. */
let counted = 0;
const CLEANUP_EVERY = 500;

/**
 * A pre-handler that counts the request against each limit, all in one statement, and refuses
 * it with 429 (TOO_MANY_REQUESTS or the limit's own code, and Retry-After) once one of them is
 * exceeded.
 */
export const throttle =
  (db: Db, ...limits: AttemptLimit[]) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const counts = await countAttempts(
      db,
      limits.map((limit) => ({ key: limit.key(request), windowMs: limit.windowMs })),
    );
    limits.forEach((limit, i) => {
      const { count, ttlMs } = counts[i]!;
      if (count > limit.max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
        throw new HttpError(429, limit.code ?? 'TOO_MANY_REQUESTS');
      }
    });
  };

/**
 * Adds one attempt to each key's counter and answers the counts (in the order given) and how
 * long until each window ends: one upsert, which starts a new window where the old one ended.
 */
export async function countAttempts(
  db: Db,
  attempts: readonly { key: string; windowMs: number }[],
): Promise<{ count: number; ttlMs: number }[]> {
  if (++counted % CLEANUP_EVERY === 0) {
    // Now and then, forget the windows that have ended.
    void db
      .delete(rateLimits)
      .where(sql`${rateLimits.resetAt} < now()`)
      .catch(() => undefined);
  }
  // One row per key: an upsert may not touch the same row twice.
  const windows = new Map(attempts.map(({ key, windowMs }) => [key, windowMs]));
  const rows = sql.join(
    [...windows].map(
      ([key, windowMs]) =>
        sql`(${key}, 1, now() + ${`${Math.max(1, Math.trunc(windowMs))} milliseconds`}::interval)`,
    ),
    sql`, `,
  );
  // A window's length is kept as its end; the same key always comes with the same window.
  const result = (await db.execute(sql`
    insert into ${rateLimits} as r (key, count, reset_at) values ${rows}
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.key, r.count,
      greatest(0, ceil(extract(epoch from (r.reset_at - now())) * 1000))::int as ttl_ms`)) as unknown as {
    rows: { key: string; count: number; ttl_ms: number }[];
  };
  const byKey = new Map(result.rows.map((row) => [row.key, row]));
  return attempts.map(({ key, windowMs }) => {
    const row = byKey.get(key);
    return { count: Number(row?.count ?? 1), ttlMs: Number(row?.ttl_ms ?? windowMs) };
  });
}

/** The counters to settle once an attempt succeeded (see `settlingAttempts`). */
export interface Settlement {
  /** Keys whose counts are forgotten (e.g. an account's failed sign-ins). */
  clear?: readonly string[];
  /** Keys this attempt is taken back from (e.g. the address's: only its failures count). */
  forgive?: readonly string[];
}

/**
 * The common table expressions that settle the counters, for the `with` list of the statement
 * that records the success itself: no round trip of their own.
 */
export function settlingAttempts({ clear = [], forgive = [] }: Settlement): SQL {
  const keys = (list: readonly string[]) =>
    list.length > 0
      ? sql.join(
          list.map((key) => sql`${key}`),
          sql`, `,
        )
      : sql`null`;
  return sql`
    cleared_attempts as (
      delete from ${rateLimits} where key in (${keys(clear)})
    ), forgiven_attempts as (
      update ${rateLimits} set count = greatest(count - 1, 0) where key in (${keys(forgive)})
    )`;
}

/** Settles the counters after an attempt succeeded, in one statement. */
export async function settleAttempts(db: Db, settlement: Settlement): Promise<void> {
  await db.execute(sql`with ${settlingAttempts(settlement)} select 1`);
}

/** How often sign-ins may fail before the address or the account must wait. */
export interface LoginLimits {
  /**
   * Failed sign-ins (and all sign-ups) per client address per window: a school's staff behind
   * one address signing in every morning must not lock each other out.
   */
  perIp: number;
  /**
   * Failed attempts per account per window, however the sign-in spelled the account (a
   * successful sign-in clears the count).
   */
  perAccount: number;
  windowMs: number;
}
