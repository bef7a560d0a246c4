import { z } from 'zod';
import {
  codeSchema,
  namesSchema,
  pageQuerySchema,
  pagedSchema,
  plainTextSchema,
  requireAName,
  searchSchema,
  versionSchema,
  updateShape,
} from './common.js';

/** A department as the lists and forms see it, with its head's names and its counts. */
export const departmentSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  description: z.string(),
  head: z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() }).nullable(),
  staffCount: z.number().int().min(0),
  subjectCount: z.number().int().min(0),
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type Department = z.infer<typeof departmentSchema>;

const departmentFields = namesSchema.extend({
  code: codeSchema,
  description: plainTextSchema(2000).default(''),
  /** A staff member of the school, or null. */
  headEmployeeId: z.uuid().nullable().default(null),
});
export const createDepartmentRequestSchema = departmentFields.strict().superRefine(requireAName);
export type CreateDepartmentRequest = z.input<typeof createDepartmentRequestSchema>;
export const updateDepartmentRequestSchema = updateShape(departmentFields)
  .extend({ version: versionSchema })
  .strict()
  .superRefine(requireAName);
export type UpdateDepartmentRequest = z.input<typeof updateDepartmentRequestSchema>;

export const departmentListQuerySchema = pageQuerySchema.extend({ search: searchSchema });
export type DepartmentListQuery = z.infer<typeof departmentListQuerySchema>;
export const departmentListResponseSchema = pagedSchema(departmentSchema);
export type DepartmentListResponse = z.infer<typeof departmentListResponseSchema>;
export const departmentResponseSchema = z.object({ department: departmentSchema });
export type DepartmentResponse = z.infer<typeof departmentResponseSchema>;

/** A delete names the version it saw, so a record changed meanwhile is not removed blindly. */
export const deleteQuerySchema = z.object({ version: z.coerce.number().int().min(1) });
