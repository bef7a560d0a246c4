import { z } from 'zod';
import { digitStyleSchema, genderSchema, localeSchema, plainTextSchema } from './common.js';
import { gradeLetterSchema, resultPeriods, resultsQuerySchema } from './results.js';
import { scoreSubjectSchema } from './scores.js';

/** The most students one report-card request or print job may name. */
export const REPORT_MAX_STUDENTS = 200;
/** The longest homeroom comment on a report card. */
export const REPORT_COMMENT_MAX = 1000;

/**
 * Students picked out of a class, as a query string carries them: `studentIds=a,b` or the key
 * repeated. Empty or absent: the whole class.
 */
const studentIdsSchema = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    typeof item === 'string' ? item.split(',') : [item],
  );
  return parts
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '');
}, z.array(z.uuid()).min(1).max(REPORT_MAX_STUDENTS).optional());

/** The rules of a period: a term for a month or a term, a month only for a month. */
function refinePeriod(
  value: { period: (typeof resultPeriods)[number]; termId?: string; month?: number },
  ctx: z.RefinementCtx,
) {
  if (value.period !== 'year' && !value.termId) {
    ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['termId'] });
  }
  if (value.period === 'month' && value.month === undefined) {
    ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['month'] });
  }
  if (value.period !== 'month' && value.month !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['month'] });
  }
}

/**
 * A class's report cards for a period (the result sheet's query), for some of its students or
 * all. `format=html` answers the printable page (A4, one card a page) in `language` instead.
 */
export const reportCardsQuerySchema = z
  .object({
    ...resultsQuerySchema.shape,
    studentIds: studentIdsSchema,
    format: z.enum(['json', 'html']).default('json'),
    /** The language of the printed page (format html); the request's language by default. */
    language: localeSchema.optional(),
  })
  .superRefine(refinePeriod);
export type ReportCardsQuery = z.infer<typeof reportCardsQuerySchema>;

/**
 * The key of a report period, as comments are kept: a month (`m1`–`m12`), a term by its number
 * (`t1`–`t4`) or the year (`y`).
 */
export const reportPeriodKeySchema = z.string().regex(/^(m([1-9]|1[0-2])|t[1-4]|y)$/, {
  message: 'INVALID_VALUE',
});
export type ReportPeriodKey = z.infer<typeof reportPeriodKeySchema>;

const personSchema = z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() });

/** The homeroom teacher's comment on one card. */
export const reportCommentSchema = z.object({
  classId: z.uuid(),
  studentId: z.uuid(),
  period: reportPeriodKeySchema,
  comment: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type ReportComment = z.infer<typeof reportCommentSchema>;

/** One student's report card: their result line, grade mention, attendance and comment. */
export const reportCardSchema = z.object({
  student: z.object({
    id: z.uuid(),
    code: z.string(),
    nameKm: z.string(),
    nameEn: z.string(),
    gender: genderSchema.nullable(),
    birthDate: z.string().nullable(),
    /** The photo (files.id), shown with GET /api/files/:id. */
    photoFileId: z.uuid().nullable(),
  }),
  /** False when the student left the class before the period ended: not ranked. */
  active: z.boolean(),
  /** In the order of the answer's `subjects`. Scores are unrounded. */
  subjects: z.array(
    z.object({
      subjectId: z.uuid(),
      score: z.number().nullable(),
      absent: z.boolean(),
      grade: gradeLetterSchema.nullable(),
    }),
  ),
  total: z.number().nullable(),
  average: z.number().nullable(),
  /** Rank in the class, "of" the number of students ranked. */
  rank: z.number().int().nullable(),
  rankOf: z.number().int(),
  grade: gradeLetterSchema.nullable(),
  mentionKm: z.string().nullable(),
  mentionEn: z.string().nullable(),
  passed: z.boolean().nullable(),
  /** Sessions absent without and with permission, and late, in the period. */
  attendance: z.object({
    absent: z.number().int(),
    permission: z.number().int(),
    late: z.number().int(),
  }),
  /** The homeroom teacher's comment for the period; empty when none was written. */
  comment: z.string(),
  commentVersion: z.number().int().nullable(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

export const reportCardsResponseSchema = z.object({
  school: z.object({
    id: z.uuid(),
    nameKm: z.string(),
    nameEn: z.string(),
    address: z.string(),
    logoFileId: z.uuid().nullable(),
  }),
  class: z.object({
    id: z.uuid(),
    nameKm: z.string(),
    nameEn: z.string(),
    homeroom: personSchema.nullable(),
  }),
  year: z.object({ id: z.uuid(), name: z.string() }),
  period: z.object({
    period: z.enum(resultPeriods),
    /** The comment key of the period (`m3`, `t1`, `y`). */
    key: reportPeriodKeySchema,
    term: z
      .object({ id: z.uuid(), number: z.number().int(), nameKm: z.string(), nameEn: z.string() })
      .nullable(),
    month: z.number().int().nullable(),
  }),
  subjects: z.array(scoreSubjectSchema),
  /** The scale of averages (the grade level's maximum score). */
  maxScore: z.number(),
  /** How the school prints results: decimals of averages, and digits. */
  decimals: z.union([z.literal(1), z.literal(2)]),
  digits: digitStyleSchema,
  /** Every score sheet behind the period is published. */
  published: z.boolean(),
  /** The caller may write the homeroom comments of this class. */
  canComment: z.boolean(),
  cards: z.array(reportCardSchema),
});
export type ReportCardsResponse = z.infer<typeof reportCardsResponseSchema>;

/** Writes (or clears, with an empty text) the homeroom comment of one student's card. */
export const saveReportCommentRequestSchema = z.object({
  classId: z.uuid(),
  studentId: z.uuid(),
  period: reportPeriodKeySchema,
  comment: plainTextSchema(REPORT_COMMENT_MAX),
  /** The version read; omit it to write a first comment (or overwrite without a check). */
  version: z.number().int().min(1).optional(),
});
export type SaveReportCommentRequest = z.infer<typeof saveReportCommentRequestSchema>;

export const reportCommentResponseSchema = z.object({
  comment: reportCommentSchema,
  message: z.string(),
});
export type ReportCommentResponse = z.infer<typeof reportCommentResponseSchema>;

/** Asks the server to print a class's report cards (or some students') to one PDF. */
export const createReportJobRequestSchema = z
  .object({
    ...resultsQuerySchema.shape,
    month: z.number().int().min(1).max(12).optional(),
    language: localeSchema,
    studentIds: z.array(z.uuid()).min(1).max(REPORT_MAX_STUDENTS).optional(),
  })
  .superRefine(refinePeriod);
export type CreateReportJobRequest = z.infer<typeof createReportJobRequestSchema>;

export const reportJobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ReportJobStatus = (typeof reportJobStatuses)[number];

/** A PDF being made: its progress in cards, and once done its file. */
export const reportJobSchema = z.object({
  id: z.uuid(),
  classId: z.uuid(),
  status: z.enum(reportJobStatuses),
  /** Cards printed so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  language: localeSchema,
  /** The PDF's size in bytes once done. */
  size: z.number().int().nullable(),
  /** The file name the PDF downloads as. */
  fileName: z.string(),
  /** Why it failed (an error code, REPORT_FAILED), and the message in the request's language. */
  error: z.object({ code: z.literal('REPORT_FAILED'), message: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportJob = z.infer<typeof reportJobSchema>;

export const reportJobResponseSchema = z.object({ job: reportJobSchema });
export type ReportJobResponse = z.infer<typeof reportJobResponseSchema>;
