import { z } from 'zod';
import { genderSchema, localeSchema } from './common.js';
import { gradeLetters } from './school.js';
import { scoreClassSchema, scoreSubjectSchema } from './scores.js';

/** A result period: one month of a term, a whole term (semester) or the year. */
export const resultPeriods = ['month', 'term', 'year'] as const;
export type ResultPeriod = (typeof resultPeriods)[number];

export const resultPeriodQuerySchema = z
  .object({
    period: z.enum(resultPeriods),
    /** The term of a month or of a term result. */
    termId: z.uuid().optional(),
    month: z.coerce.number().int().min(1).max(12).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.period !== 'year' && !value.termId) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['termId'] });
    }
    if (value.period === 'month' && value.month === undefined) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['month'] });
    }
    if (value.period !== 'month' && value.month !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['month'] });
    }
  });
export type ResultPeriodQuery = z.infer<typeof resultPeriodQuerySchema>;

/** A class's result sheet for a period. */
export const resultsQuerySchema = z
  .object({
    classId: z.uuid(),
    period: z.enum(resultPeriods),
    termId: z.uuid().optional(),
    month: z.coerce.number().int().min(1).max(12).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.period !== 'year' && !value.termId) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['termId'] });
    }
    if (value.period === 'month' && value.month === undefined) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['month'] });
    }
    if (value.period !== 'month' && value.month !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['month'] });
    }
  });
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

/** The result sheet as a spreadsheet: headers in `language` (the request's language by default). */
export const resultsExportQuerySchema = z
  .object({ ...resultsQuerySchema.shape, language: localeSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.period !== 'year' && !value.termId) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['termId'] });
    }
    if (value.period === 'month' && value.month === undefined) {
      ctx.addIssue({ code: 'custom', message: 'REQUIRED', path: ['month'] });
    }
    if (value.period !== 'month' && value.month !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: ['month'] });
    }
  });
export type ResultsExportQuery = z.infer<typeof resultsExportQuerySchema>;

export const gradeLetterSchema = z.enum(gradeLetters);

/**
 * A student's result in one subject for the period: the month's score, or for a term the mean of
 * (the monthly scores' mean, the exam score), for the year the mean of the two terms. Unrounded.
 */
export const subjectResultSchema = z.object({
  subjectId: z.uuid(),
  score: z.number().nullable(),
  absent: z.boolean(),
  grade: gradeLetterSchema.nullable(),
});
export type SubjectResult = z.infer<typeof subjectResultSchema>;

/** One student's line of a result sheet. Numbers are unrounded; round only to show them. */
export const studentResultSchema = z.object({
  student: z.object({
    id: z.uuid(),
    code: z.string(),
    nameKm: z.string(),
    nameEn: z.string(),
    gender: genderSchema.nullable(),
  }),
  /** False when the student left the class before the period ended: listed, not ranked. */
  active: z.boolean(),
  subjects: z.array(subjectResultSchema),
  /** The coefficient-weighted total (month), or null without a result. */
  total: z.number().nullable(),
  average: z.number().nullable(),
  /** The parts of a term average: the monthly averages and the exam's. */
  monthAverages: z.array(z.object({ month: z.number().int(), average: z.number().nullable() })),
  examAverage: z.number().nullable(),
  /** For a year: the two terms' averages by term number. */
  termAverages: z.array(z.object({ term: z.number().int(), average: z.number().nullable() })),
  /** Equal averages share a rank (1, 2, 2, 4); null when not ranked. */
  rank: z.number().int().nullable(),
  grade: gradeLetterSchema.nullable(),
  passed: z.boolean().nullable(),
  /** Sessions absent without and with permission, and late, in the period. */
  absences: z.object({
    absent: z.number().int(),
    permission: z.number().int(),
    late: z.number().int(),
  }),
});
export type StudentResult = z.infer<typeof studentResultSchema>;

const statsShape = {
  count: z.number().int(),
  /** Students with an average. */
  withResult: z.number().int(),
  passed: z.number().int(),
  /** Passed ÷ with a result, 0–1; null without results. */
  passRate: z.number().nullable(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
};
export const resultStatsSchema = z.object({
  ...statsShape,
  byGender: z.array(z.object({ gender: genderSchema, ...statsShape })),
  /** How many students reached each grade letter. */
  grades: z.array(z.object({ grade: gradeLetterSchema, count: z.number().int() })),
});
export type ResultStats = z.infer<typeof resultStatsSchema>;

export const resultSheetSchema = z.object({
  class: z.object({
    id: z.uuid(),
    nameKm: z.string(),
    nameEn: z.string(),
    gradeLevel: scoreClassSchema.shape.gradeLevel,
    homeroom: z.object({ id: z.uuid(), nameKm: z.string(), nameEn: z.string() }).nullable(),
  }),
  period: z.enum(resultPeriods),
  term: z
    .object({ id: z.uuid(), number: z.number().int(), nameKm: z.string(), nameEn: z.string() })
    .nullable(),
  month: z.number().int().nullable(),
  subjects: z.array(scoreSubjectSchema),
  /** The monthly average's divisor in effect (the grade's, or the coefficients' sum). */
  divisor: z.number(),
  /** The scale of averages: the grade level's maximum score. */
  maxScore: z.number(),
  /** The school's decimals for showing averages. */
  decimals: z.union([z.literal(1), z.literal(2)]),
  /** Every score sheet behind the period is published. */
  published: z.boolean(),
  students: z.array(studentResultSchema),
  stats: resultStatsSchema,
});
export type ResultSheet = z.infer<typeof resultSheetSchema>;

/** A student's averages over a year: each month, each term's exam and average, the year. */
export const studentTrendSchema = z.object({
  student: z.object({ id: z.uuid(), code: z.string(), nameKm: z.string(), nameEn: z.string() }),
  yearId: z.uuid(),
  maxScore: z.number(),
  points: z.array(
    z.object({
      kind: z.enum(['month', 'exam', 'term', 'year']),
      term: z.number().int().nullable(),
      month: z.number().int().nullable(),
      average: z.number().nullable(),
      rank: z.number().int().nullable(),
      classId: z.uuid(),
    }),
  ),
});
export type StudentTrend = z.infer<typeof studentTrendSchema>;
export const studentTrendQuerySchema = z.object({ yearId: z.uuid().optional() });
