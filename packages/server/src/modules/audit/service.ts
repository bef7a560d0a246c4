import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditListQuerySchema, auditListResponseSchema } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';

/** A page of the school's history of changes, newest first. */
export async function listAudit(
  db: Db,
  schoolId: string,
  query: z.infer<typeof auditListQuerySchema>,
): Promise<z.infer<typeof auditListResponseSchema>> {
  const conditions: SQL[] = [eq(auditLog.schoolId, schoolId)];
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actorNameEn: users.nameEn,
        actorNameKm: users.nameKm,
        actorUsername: users.username,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map(({ entry, actorNameEn, actorNameKm, actorUsername }) => ({
      id: entry.id,
      actorId: entry.actorId,
      actorName: actorNameEn || actorNameKm || actorUsername || null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before,
      after: entry.after,
      at: entry.at.toISOString(),
      requestId: entry.requestId,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
