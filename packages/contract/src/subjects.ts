import { z } from 'zod';
import {
  codeSchema,
  decimalSchema,
  namesSchema,
  pageQuerySchema,
  pagedSchema,
  requireAName,
  searchSchema,
  versionSchema,
  updateShape,
} from './common.js';

/** How a subject is assessed. The spec's "Attendence" is shown correctly spelled. */
export const subjectTypes = ['learning_exam', 'learning', 'exam', 'attendance'] as const;
export type SubjectType = (typeof subjectTypes)[number];
export const subjectTypeSchema = z.enum(subjectTypes);
export const subjectTypeLabels: Record<SubjectType, { en: string; km: string }> = {
  learning_exam: { en: 'Learning & Exam', km: 'សិក្សា និងប្រឡង' },
  learning: { en: 'Learning', km: 'សិក្សា' },
  exam: { en: 'Exam', km: 'ប្រឡង' },
  attendance: { en: 'Attendance', km: 'វត្តមាន' },
};

export const subjectSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  type: subjectTypeSchema,
  maxScore: z.number(),
  coefficient: z.number(),
  department: z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() }).nullable(),
  gradeLevels: z.array(z.object({ id: z.uuid(), number: z.number().int() })),
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type Subject = z.infer<typeof subjectSchema>;

const subjectFields = namesSchema.extend({
  code: codeSchema,
  type: subjectTypeSchema.default('learning_exam'),
  maxScore: decimalSchema(0.01, 1000),
  coefficient: decimalSchema(0.01, 100).default(1),
  departmentId: z.uuid().nullable().default(null),
  gradeLevelIds: z.array(z.uuid()).max(12).default([]),
});
export const createSubjectRequestSchema = subjectFields.strict().superRefine(requireAName);
export type CreateSubjectRequest = z.input<typeof createSubjectRequestSchema>;
export const updateSubjectRequestSchema = updateShape(subjectFields)
  .extend({ version: versionSchema })
  .strict()
  .superRefine(requireAName);
export type UpdateSubjectRequest = z.input<typeof updateSubjectRequestSchema>;

export const subjectListQuerySchema = pageQuerySchema.extend({
  search: searchSchema,
  gradeLevelId: z.uuid().optional(),
  departmentId: z.uuid().optional(),
  type: subjectTypeSchema.optional(),
});
export type SubjectListQuery = z.infer<typeof subjectListQuerySchema>;
export const subjectListResponseSchema = pagedSchema(subjectSchema);
export type SubjectListResponse = z.infer<typeof subjectListResponseSchema>;
export const subjectResponseSchema = z.object({ subject: subjectSchema });

/** The spec's course calls: update and delete name the course in the body. */
export const courseUpdateRequestSchema = updateShape(subjectFields)
  .extend({ id: z.uuid(), version: versionSchema })
  .strict()
  .superRefine(requireAName);
export const courseDeleteRequestSchema = z
  .object({ id: z.uuid(), version: versionSchema })
  .strict();
