import { z } from 'zod';
import {
  namesSchema,
  pageQuerySchema,
  pagedSchema,
  plainTextSchema,
  searchSchema,
  sessionOfDaySchema,
  versionSchema,
  updateShape,
} from './common.js';

const person = z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() });

/** A class of a year, with its grade, homeroom teacher and how many students it has. */
export const classSchema = z.object({
  id: z.uuid(),
  yearId: z.uuid(),
  gradeLevel: z.object({
    id: z.uuid(),
    number: z.number().int(),
    nameKm: z.string(),
    nameEn: z.string(),
  }),
  section: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  homeroomTeacher: person.nullable(),
  room: z.string(),
  session: sessionOfDaySchema,
  capacity: z.number().int().nullable(),
  studentCount: z.number().int().min(0),
  /** Girls among the students (Cambodian reports count them separately). */
  femaleCount: z.number().int().min(0),
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type SchoolClass = z.infer<typeof classSchema>;

const classFields = namesSchema.extend({
  yearId: z.uuid(),
  gradeLevelId: z.uuid(),
  section: plainTextSchema(20).min(1),
  homeroomEmployeeId: z.uuid().nullable().default(null),
  room: plainTextSchema(50).default(''),
  session: sessionOfDaySchema.default('morning'),
  capacity: z.number().int().min(1).max(500).nullable().default(null),
});
/** Names may be left empty: they are made from the grade and section ("Grade 7A", "ថ្នាក់ទី៧A"). */
export const createClassRequestSchema = classFields.strict();
export type CreateClassRequest = z.input<typeof createClassRequestSchema>;
export const updateClassRequestSchema = updateShape(classFields.omit({ yearId: true }))
  .extend({ version: versionSchema })
  .strict();
export type UpdateClassRequest = z.input<typeof updateClassRequestSchema>;

export const classListQuerySchema = pageQuerySchema.extend({
  search: searchSchema,
  /** Default: the current year. */
  yearId: z.uuid().optional(),
  gradeLevelId: z.uuid().optional(),
  session: sessionOfDaySchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type ClassListQuery = z.infer<typeof classListQuerySchema>;
export const classListResponseSchema = pagedSchema(classSchema);
export type ClassListResponse = z.infer<typeof classListResponseSchema>;
export const classResponseSchema = z.object({ schoolClass: classSchema });
