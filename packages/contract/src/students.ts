import { z } from 'zod';
import {
  birthDateSchema,
  calendarDateSchema,
  codeSchema,
  genderSchema,
  isoDateSchema,
  namesSchema,
  pageQuerySchema,
  pagedSchema,
  phoneInputSchema,
  plainTextSchema,
  requireAName,
  searchSchema,
  versionSchema,
  updateShape,
} from './common.js';

export const studentStatuses = [
  'studying',
  'suspended',
  'dropped_out',
  'graduated',
  'transferred',
] as const;
export type StudentStatus = (typeof studentStatuses)[number];
export const studentStatusSchema = z.enum(studentStatuses);
export const studentStatusLabels: Record<StudentStatus, { en: string; km: string }> = {
  studying: { en: 'Studying', km: 'កំពុងសិក្សា' },
  suspended: { en: 'Suspended', km: 'ព្យួរការសិក្សា' },
  dropped_out: { en: 'Dropped out', km: 'បោះបង់ការសិក្សា' },
  graduated: { en: 'Graduated', km: 'បញ្ចប់ការសិក្សា' },
  transferred: { en: 'Transferred out', km: 'ផ្ទេរចេញ' },
};

export const enrollmentEndReasons = [
  'transferred',
  'promoted',
  'repeated',
  'left',
  'graduated',
  'dropped_out',
] as const;
export type EnrollmentEndReason = (typeof enrollmentEndReasons)[number];

/** A student's place in a class for part of a year. */
export const enrollmentSchema = z.object({
  id: z.uuid(),
  yearId: z.uuid(),
  yearName: z.string(),
  schoolClass: z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() }),
  startDate: calendarDateSchema,
  endDate: calendarDateSchema.nullable(),
  endReason: z.enum(enrollmentEndReasons).nullable(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const studentSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  nameKm: z.string(),
  nameEn: z.string(),
  gender: genderSchema.nullable(),
  birthDate: calendarDateSchema.nullable(),
  birthPlace: z.string(),
  photoFileId: z.uuid().nullable(),
  address: z.string(),
  guardianName: z.string(),
  /** E.164 */
  guardianPhone: z.string().nullable(),
  guardianRelation: z.string(),
  status: studentStatusSchema,
  /** The class of the current year, if any. */
  currentClass: z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() }).nullable(),
  version: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type Student = z.infer<typeof studentSchema>;

const studentFields = namesSchema.extend({
  gender: genderSchema.nullable().default(null),
  birthDate: birthDateSchema.nullable().default(null),
  birthPlace: plainTextSchema(200).default(''),
  photoFileId: z.uuid().nullable().default(null),
  address: plainTextSchema(500).default(''),
  guardianName: plainTextSchema(200).default(''),
  guardianPhone: phoneInputSchema.nullable().default(null),
  guardianRelation: plainTextSchema(50).default(''),
  status: studentStatusSchema.default('studying'),
});
export const createStudentRequestSchema = studentFields
  .extend({
    /** Left out: the next code of the school is generated (e.g. S2025-0042). */
    code: codeSchema.optional(),
    /** Enrol at once in a class of the current year, from this date (default today). */
    classId: z.uuid().optional(),
    startDate: isoDateSchema.optional(),
  })
  .strict()
  .superRefine(requireAName);
export type CreateStudentRequest = z.input<typeof createStudentRequestSchema>;
const studentChanges = updateShape(studentFields.extend({ code: codeSchema })).extend({
  version: versionSchema,
});
export const updateStudentRequestSchema = studentChanges.strict().superRefine(requireAName);
export type UpdateStudentRequest = z.input<typeof updateStudentRequestSchema>;
/** The spec's `POST /api/student/update`: the student's id in the body with the changes. */
export const studentUpdateByIdRequestSchema = studentChanges
  .extend({ id: z.uuid() })
  .strict()
  .superRefine(requireAName);
export type StudentUpdateByIdRequest = z.input<typeof studentUpdateByIdRequestSchema>;

export const studentListQuerySchema = pageQuerySchema.extend({
  search: searchSchema,
  classId: z.uuid().optional(),
  status: studentStatusSchema.optional(),
  gender: genderSchema.optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;
/** The XLSX export takes the list's query as it is and answers every match: paging is ignored. */
export const studentExportQuerySchema = studentListQuerySchema;
export type StudentExportQuery = Omit<StudentListQuery, 'page' | 'pageSize'>;
export const studentListResponseSchema = pagedSchema(studentSchema);
export type StudentListResponse = z.infer<typeof studentListResponseSchema>;
export const studentResponseSchema = z.object({ student: studentSchema });
export const studentDetailResponseSchema = z.object({
  student: studentSchema,
  enrollments: z.array(enrollmentSchema),
});
export type StudentDetailResponse = z.infer<typeof studentDetailResponseSchema>;

/** Enrol in a class, or move mid-year to another class of the same year (a transfer). */
export const enrollRequestSchema = z
  .object({
    classId: z.uuid(),
    startDate: isoDateSchema,
    /** true: end the open enrollment of that year the day before and start this one. */
    transfer: z.boolean().default(false),
  })
  .strict();
export type EnrollRequest = z.input<typeof enrollRequestSchema>;

/** Ends the open enrollment of a year (the student leaves the class). */
export const endEnrollmentRequestSchema = z
  .object({
    yearId: z.uuid(),
    endDate: isoDateSchema,
    reason: z.enum(['left', 'dropped_out', 'transferred', 'graduated']),
  })
  .strict();
export type EndEnrollmentRequest = z.input<typeof endEnrollmentRequestSchema>;

/** One row of an import file that cannot be imported, and why (1-based row of the sheet). */
/** One reason a row of an import cannot be taken; a row has as many as it has problems. */
export const importRowErrorSchema = z.object({
  row: z.number().int().min(1),
  /** The request field, e.g. `guardianPhone`. */
  field: z.string(),
  /** The column's header in the request's language (what the sheet calls it); '' for the row. */
  column: z.string(),
  /** The error code. */
  code: z.string(),
  /** The values the code's message names (a limit, a range). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The message, with its values, in the request's language. */
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** What an import would do (preview) or did (confirmed). */
export const importResultSchema = z.object({
  /** Rows read from the sheet, blank rows left out. */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** Whether anything was written: only a confirmed import without errors writes. */
  committed: z.boolean(),
  /** The first rows as they would be stored, for the preview table. */
  preview: z.array(
    z.object({
      row: z.number().int(),
      code: z.string(),
      nameKm: z.string(),
      nameEn: z.string(),
      action: z.enum(['create', 'update']),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * The query of an import upload (multipart, one `file` part): preview (default) or write.
 * A confirmed import whose file has errors writes nothing and answers 400 IMPORT_INVALID, its
 * `fieldErrors` keyed `<row>.<field>` (e.g. `"12.guardianPhone": ["INVALID_PHONE"]`).
 */
export const importQuerySchema = z.object({
  confirm: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** The most students the learner list answers at once. */
export const LEARNER_LIST_MAX = 2000;

/** The spec's learner list: the students of a class (or all), as a plain list. */
export const learnerListQuerySchema = z.object({
  classId: z.uuid().optional(),
  search: searchSchema,
});
export const learnerListResponseSchema = z.object({ items: z.array(studentSchema) });
export type LearnerListResponse = z.infer<typeof learnerListResponseSchema>;
