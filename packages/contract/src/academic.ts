import { z } from 'zod';
import {
  isoDateSchema,
  requireAName,
  sessionOfDaySchema,
  versionSchema,
  updateShape,
} from './common.js';

const month = z.number().int().min(1).max(12);

/** A term of a year (usually a semester): its months in teaching order and its exam month. */
export const termSchema = z.object({
  id: z.uuid(),
  number: z.number().int().min(1).max(4),
  nameKm: z.string(),
  nameEn: z.string(),
  months: z.array(month),
  examMonth: month,
});
export type Term = z.infer<typeof termSchema>;

export const termInputSchema = z
  .object({
    number: z.number().int().min(1).max(4),
    nameKm: z.string().trim().max(100).default(''),
    nameEn: z.string().trim().max(100).default(''),
    months: z.array(month).min(1).max(12),
    examMonth: month,
  })
  .superRefine((term, ctx) => {
    if (new Set(term.months).size !== term.months.length) {
      ctx.addIssue({ code: 'custom', message: 'DUPLICATE_MONTH', path: ['months'] });
    }
    if (!term.months.includes(term.examMonth)) {
      ctx.addIssue({ code: 'custom', message: 'EXAM_MONTH_OUTSIDE_TERM', path: ['examMonth'] });
    }
  });
export type TermInput = z.input<typeof termInputSchema>;

export const academicYearSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  isCurrent: z.boolean(),
  terms: z.array(termSchema),
  /** How many classes the year has (a year with classes cannot be deleted). */
  classCount: z.number().int().min(0),
  version: z.number().int(),
});
export type AcademicYear = z.infer<typeof academicYearSchema>;

function termsFitTheYear(
  year: { terms?: { number: number; months: number[] }[] | undefined },
  ctx: z.RefinementCtx,
) {
  const numbers = new Set<number>();
  const months = new Set<number>();
  for (const [index, term] of (year.terms ?? []).entries()) {
    if (numbers.has(term.number)) {
      ctx.addIssue({ code: 'custom', message: 'DUPLICATE_TERM', path: ['terms', index, 'number'] });
    }
    numbers.add(term.number);
    for (const m of term.months) {
      if (months.has(m)) {
        ctx.addIssue({
          code: 'custom',
          message: 'DUPLICATE_MONTH',
          path: ['terms', index, 'months'],
        });
      }
      months.add(m);
    }
  }
}

const yearFields = z.object({
  name: z.string().trim().min(1).max(50),
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  isCurrent: z.boolean().default(false),
  terms: z.array(termInputSchema).max(4).default([]),
});

function datesInOrder(
  year: { startDate?: string | undefined; endDate?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (year.startDate && year.endDate && year.startDate >= year.endDate) {
    ctx.addIssue({ code: 'custom', message: 'INVALID_DATE_RANGE', path: ['endDate'] });
  }
}

export const createAcademicYearRequestSchema = yearFields
  .strict()
  .superRefine(datesInOrder)
  .superRefine(termsFitTheYear);
export type CreateAcademicYearRequest = z.input<typeof createAcademicYearRequestSchema>;

export const updateAcademicYearRequestSchema = updateShape(yearFields)
  .extend({ version: versionSchema })
  .strict()
  .superRefine(datesInOrder)
  .superRefine(termsFitTheYear);
export type UpdateAcademicYearRequest = z.input<typeof updateAcademicYearRequestSchema>;

export const academicYearResponseSchema = z.object({ year: academicYearSchema });
export const academicYearListResponseSchema = z.object({ items: z.array(academicYearSchema) });
export type AcademicYearListResponse = z.infer<typeof academicYearListResponseSchema>;

/**
 * Next year from this one: its classes are created again one grade up (the last grade leaves),
 * and their students are enrolled in them, except the repeaters (kept in the same grade) and the
 * leavers (not enrolled).
 */
export const rolloverRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(50),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    /** Students who repeat their grade: enrolled in the same grade's class of the same section. */
    repeaterIds: z.array(z.uuid()).max(5000).default([]),
    /** Students who leave the school: not enrolled next year; their status becomes the reason. */
    leavers: z
      .array(
        z.object({
          studentId: z.uuid(),
          reason: z.enum(['graduated', 'transferred', 'dropped_out']),
        }),
      )
      .max(5000)
      .default([]),
    makeCurrent: z.boolean().default(true),
  })
  .strict()
  .superRefine(datesInOrder);
export type RolloverRequest = z.input<typeof rolloverRequestSchema>;
export const rolloverResponseSchema = z.object({
  year: academicYearSchema,
  classesCreated: z.number().int(),
  studentsPromoted: z.number().int(),
  studentsRepeating: z.number().int(),
  /** The leavers named in the request. */
  studentsLeaving: z.number().int(),
  /** The students of the last grade (no higher grade level exists), who finish school. */
  studentsGraduated: z.number().int(),
});
export type RolloverResponse = z.infer<typeof rolloverResponseSchema>;

/** A grade (1–12) with its score maximum and the divisor of its monthly average. */
export const gradeLevelSchema = z.object({
  id: z.uuid(),
  number: z.number().int().min(1).max(12),
  nameKm: z.string(),
  nameEn: z.string(),
  maxScore: z.number(),
  /** null: the number of subjects. */
  divisor: z.number().nullable(),
  version: z.number().int(),
});
export type GradeLevel = z.infer<typeof gradeLevelSchema>;
const gradeLevelFields = z.object({
  number: z.number().int().min(1).max(12),
  nameKm: z.string().trim().max(100).default(''),
  nameEn: z.string().trim().max(100).default(''),
  maxScore: z.number().positive().max(1000),
  divisor: z.number().positive().max(100).nullable().default(null),
});
export const createGradeLevelRequestSchema = gradeLevelFields.strict().superRefine(requireAName);
export type CreateGradeLevelRequest = z.input<typeof createGradeLevelRequestSchema>;
export const updateGradeLevelRequestSchema = updateShape(gradeLevelFields)
  .extend({ version: versionSchema })
  .strict()
  .superRefine(requireAName);
export type UpdateGradeLevelRequest = z.input<typeof updateGradeLevelRequestSchema>;
export const gradeLevelResponseSchema = z.object({ gradeLevel: gradeLevelSchema });
export const gradeLevelListResponseSchema = z.object({ items: z.array(gradeLevelSchema) });
export type GradeLevelListResponse = z.infer<typeof gradeLevelListResponseSchema>;

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'INVALID_TIME' });

/** A period of the school day in a shift: number and times (`HH:MM`). */
export const periodSchema = z.object({
  id: z.uuid(),
  session: sessionOfDaySchema,
  number: z.number().int().min(1).max(12),
  startTime: timeSchema,
  endTime: timeSchema,
  version: z.number().int(),
});
export type Period = z.infer<typeof periodSchema>;
export const periodInputSchema = periodSchema
  .omit({ id: true, version: true })
  /** The version read of a period that stays: refused (409) when it changed meanwhile. */
  .extend({ version: versionSchema.optional() })
  .strict()
  .superRefine((period, ctx) => {
    if (period.startTime >= period.endTime) {
      ctx.addIssue({ code: 'custom', message: 'INVALID_TIME_RANGE', path: ['endTime'] });
    }
  });
/** The whole set of periods replaces the old one (the timetable keeps periods in use). */
export const setPeriodsRequestSchema = z
  .object({ periods: z.array(periodInputSchema).max(40) })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const [index, period] of body.periods.entries()) {
      const key = `${period.session}:${period.number}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: 'DUPLICATE_PERIOD',
          path: ['periods', index, 'number'],
        });
      }
      seen.add(key);
    }
  });
export type SetPeriodsRequest = z.input<typeof setPeriodsRequestSchema>;
export const periodListResponseSchema = z.object({ items: z.array(periodSchema) });
export type PeriodListResponse = z.infer<typeof periodListResponseSchema>;
