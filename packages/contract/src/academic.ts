import { z } from 'zod';
import {
  calendarDateSchema,
  decimalSchema,
  isoDateSchema,
  plainTextSchema,
  requireAName,
  sessionOfDaySchema,
  versionSchema,
  updateShape,
} from './common.js';
import { messageKey } from './messages.js';

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
    nameKm: plainTextSchema(100).default(''),
    nameEn: plainTextSchema(100).default(''),
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
  startDate: calendarDateSchema,
  endDate: calendarDateSchema,
  isCurrent: z.boolean(),
  terms: z.array(termSchema),
  /** How many classes the year has (a year with classes cannot be deleted). */
  classCount: z.number().int().min(0),
  version: z.number().int(),
});
export type AcademicYear = z.infer<typeof academicYearSchema>;

/** The months from a year's first day to its last, in order (a month once, where it first comes). */
function monthsOfYear(startDate: string, endDate: string): Map<number, number> {
  const order = new Map<number, number>();
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  const lastYear = Number(endDate.slice(0, 4));
  const lastMonth = Number(endDate.slice(5, 7));
  while ((year < lastYear || (year === lastYear && month <= lastMonth)) && order.size < 12) {
    if (!order.has(month)) order.set(month, order.size);
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year += 1;
  }
  return order;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The terms of a year: distinct numbers, each month in one term only, and — when the year's days
 * are known — every month within the year and each term after the one numbered before it
 * (TERM_ORDER on the later term's months: "Term 2 must start after Term 1 ends").
 */
function termsFitTheYear(
  year: {
    startDate?: string | undefined;
    endDate?: string | undefined;
    terms?: { number: number; months: number[] }[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const terms = year.terms ?? [];
  const numbers = new Set<number>();
  const months = new Set<number>();
  for (const [index, term] of terms.entries()) {
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
  const { startDate, endDate } = year;
  if (!startDate || !endDate || !isoDay.test(startDate) || !isoDay.test(endDate)) return;
  if (startDate >= endDate) return;
  const order = monthsOfYear(startDate, endDate);
  const spans: { index: number; number: number; first: number; last: number }[] = [];
  for (const [index, term] of terms.entries()) {
    const positions = term.months.map((m) => order.get(m));
    if (positions.some((position) => position === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'TERM_OUTSIDE_YEAR',
        path: ['terms', index, 'months'],
      });
      continue;
    }
    if (positions.length === 0) continue;
    const known = positions as number[];
    spans.push({
      index,
      number: term.number,
      first: Math.min(...known),
      last: Math.max(...known),
    });
  }
  spans.sort((a, b) => a.number - b.number);
  for (let i = 1; i < spans.length; i += 1) {
    const previous = spans[i - 1]!;
    const term = spans[i]!;
    if (term.number !== previous.number && term.first <= previous.last) {
      ctx.addIssue({
        code: 'custom',
        message: messageKey('TERM_ORDER', { number: term.number, previous: previous.number }),
        path: ['terms', term.index, 'months'],
      });
    }
  }
}

const yearFields = z.object({
  name: plainTextSchema(50).min(1),
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
    name: plainTextSchema(50).min(1),
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
  nameKm: plainTextSchema(100).default(''),
  nameEn: plainTextSchema(100).default(''),
  maxScore: decimalSchema(0.01, 1000),
  divisor: decimalSchema(0.01, 100).nullable().default(null),
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
    // Two periods of one shift may touch (one ends at 07:50, the next starts at 07:50), never
    // overlap: the later one is blamed, on its start.
    const timed = body.periods
      .map((period, index) => ({ ...period, index }))
      .filter((period) => period.startTime < period.endTime);
    for (const period of timed) {
      const other = timed.find(
        (earlier) =>
          earlier.index !== period.index &&
          earlier.session === period.session &&
          earlier.number !== period.number &&
          (earlier.startTime < period.startTime ||
            (earlier.startTime === period.startTime && earlier.number < period.number)) &&
          period.startTime < earlier.endTime,
      );
      if (other) {
        ctx.addIssue({
          code: 'custom',
          message: messageKey('PERIOD_OVERLAP', { number: period.number, other: other.number }),
          path: ['periods', period.index, 'startTime'],
        });
      }
    }
  });
export type SetPeriodsRequest = z.input<typeof setPeriodsRequestSchema>;
export const periodListResponseSchema = z.object({ items: z.array(periodSchema) });
export type PeriodListResponse = z.infer<typeof periodListResponseSchema>;
