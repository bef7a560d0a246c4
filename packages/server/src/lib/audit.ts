import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import type { Principal } from './access.js';

/** A transaction or the database: audit rows are written in the change's own transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Who is acting, for the audit row. */
export interface Actor {
  schoolId: string;
  userId: string | null;
  requestId: string | null;
}

export function actorOf(request: FastifyRequest, principal: Principal | null): Actor {
  return {
    schoolId: principal?.schoolId ?? '',
    userId: principal?.userId ?? null,
    requestId: request.id,
  };
}

const secretKeys = new Set(['passwordHash', 'password', 'tokenHash', 'refreshTokenHash']);

/** A record as the audit log keeps it: dates as ISO strings, secrets left out. */
export function auditable(record: object | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (secretKeys.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

export async function writeAudit(
  tx: Tx,
  actor: Actor,
  entry: {
    action: string;
    entity: string;
    entityId: string | null;
    before?: object | null;
    after?: object | null;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    schoolId: actor.schoolId,
    actorId: actor.userId,
    requestId: actor.requestId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: auditable(entry.before),
    after: auditable(entry.after),
  });
}
