import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common.js';

/** One change: who did what to which record, before and after. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: z.iso.datetime(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = pageQuerySchema.extend({
  entity: z.string().trim().min(1).max(64).optional(),
  entityId: z.string().trim().min(1).max(64).optional(),
  actorId: z.uuid().optional(),
});
export const auditListResponseSchema = pagedSchema(auditEntrySchema);
