import { z } from 'zod';
import { messageKey } from './messages.js';
import { PASSWORD_MIN_LENGTH } from './passwordPolicy.js';

/** The two languages of the product. */
export const locales = ['en', 'km'] as const;
export type Locale = (typeof locales)[number];
export const localeSchema = z.enum(locales);

/** How a user wants digits written: Latin 0–9 or Khmer ០–៩ (a personal setting). */
export const digitStyleNames = ['latn', 'khmr'] as const;
export type DigitStyleName = (typeof digitStyleNames)[number];
export const digitStyleSchema = z.enum(digitStyleNames);

export const uuidSchema = z.uuid();

/**
 * Characters that change the order text is shown in (the bidirectional embeddings, overrides
 * and isolates, the left-to-right, right-to-left and Arabic letter marks). Khmer and English
 * never need them; in a name they make it print reversed on a report card or a list (U+202E
 * turns "Sok" into "koS" and can hide what is really stored).
 */
const textDirectionControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/**
 * Invisible characters that only mark where a line may break or not: the zero-width space
 * (U+200B), the word joiner (U+2060) and the byte-order mark (U+FEFF). Khmer is written without
 * spaces between words and its keyboards type U+200B between them, so it is removed rather than
 * refused: the text looks the same without it, and searches and uniqueness checks then compare
 * what a reader sees. The zero-width non-joiner and joiner (U+200C, U+200D) and the Khmer coeng
 * (U+17D2) shape letters and are kept.
 */
const zeroWidthMarks = /[\u200B\u2060\uFEFF]/g;

/** The text without its zero-width spaces, word joiners and byte-order marks. */
export function stripZeroWidth(text: string): string {
  return text.replace(zeroWidthMarks, '');
}

/** Whether text holds a character that changes the order it is shown in. */
export function hasTextDirectionControl(text: string): boolean {
  return textDirectionControls.test(text);
}

/**
 * Text a person types and others read or print: names of people, classes, subjects,
 * departments, roles and the school, places, notes. Trimmed, its zero-width marks removed, and
 * refused (TEXT_DIRECTION_CONTROL) when it holds a character that reorders how it is shown.
 */
export function plainTextSchema(max: number) {
  return z
    .string()
    .overwrite(stripZeroWidth)
    .trim()
    .max(max)
    .refine((text) => !hasTextDirectionControl(text), { message: 'TEXT_DIRECTION_CONTROL' });
}

/** Text kept in both languages; either may be empty, the picker falls back to the other. */
export const bilingualSchema = z.object({
  km: plainTextSchema(200),
  en: plainTextSchema(200),
});
export type Bilingual = z.infer<typeof bilingualSchema>;

export const genders = ['female', 'male', 'other'] as const;
export type Gender = (typeof genders)[number];
export const genderSchema = z.enum(genders);

export { PASSWORD_MIN_LENGTH };
/** A new password: long enough here; the server also refuses common and guessable ones. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'PASSWORD_TOO_SHORT' })
  .max(256);

/**
 * A phone number as typed (national or international, spaces and dashes allowed); the server
 * stores it as E.164 after checking it with the school's default country (KH).
 */
export const phoneInputSchema = z
  .string()
  .trim()
  .min(6)
  .max(32)
  .regex(/^\+?[\d\s().-]+$/, { message: 'INVALID_PHONE' });

export const uuidParamsSchema = z.object({ id: z.uuid() });

/** Paging of every list: page numbers start at 1. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** The first and the last day a date sent to the server may be. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2200-12-31';

const dateShape = /^\d{4}-\d{2}-\d{2}$/;
const inDateRange = (value: string) => value >= DATE_MIN && value <= DATE_MAX;

/**
 * A calendar date as the server answers it, `YYYY-MM-DD`: a stored date is read back as it is,
 * whatever its year, and a date the server works out (the last day a sheet may be changed) may
 * lie past DATE_MAX.
 */
export const calendarDateSchema = z.iso.date();

/**
 * A calendar date sent to the server, `YYYY-MM-DD`, that exists (no 31 February; INVALID_DATE)
 * and lies between 1900-01-01 and 2200-12-31 (DATE_OUT_OF_RANGE). The range keeps every date
 * the school records or asks about (births, hires, years, lessons, attendance) and refuses the
 * years no database or calendar computation handles alike: PostgreSQL has no year 0, and a
 * sheet's last day of changes after 9999-12-31 has no `YYYY-MM-DD` form.
 */
export const isoDateSchema = z.iso
  .date({ message: 'INVALID_DATE' })
  .refine((value) => !dateShape.test(value) || inDateRange(value), {
    message: 'DATE_OUT_OF_RANGE',
  });

/**
 * Today in the time zone furthest ahead (UTC+14): a birth date after it is in the future
 * wherever the client is. The server's own clock decides, not the school's time zone, so a
 * child born today is accepted from any school.
 */
function latestToday(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A date of birth: a date of the range above, not in the future (BIRTH_DATE_IN_FUTURE). */
export const birthDateSchema = isoDateSchema.refine(
  (value) => !dateShape.test(value) || !inDateRange(value) || value <= latestToday(),
  { message: 'BIRTH_DATE_IN_FUTURE' },
);

const monthShape = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month as the server answers it, `YYYY-MM`. */
export const calendarMonthSchema = z.string().regex(monthShape);

/** A month sent to the server, `YYYY-MM`, within the years of the date range (DATE_OUT_OF_RANGE). */
export const isoMonthSchema = z
  .string()
  .regex(monthShape, { message: 'INVALID_DATE' })
  .refine(
    (value) =>
      !monthShape.test(value) || (value >= DATE_MIN.slice(0, 7) && value <= DATE_MAX.slice(0, 7)),
    { message: 'DATE_OUT_OF_RANGE' },
  );

/**
 * A decimal number kept with two decimals (a score maximum, a coefficient, hours): finite,
 * between `min` and `max`, with no more than two decimals (INVALID_VALUE). A finer value such as
 * 0.001 would be stored as 0.
 */
export function decimalSchema(min: number, max: number) {
  const outOfRange = { message: messageKey('NUMBER_OUT_OF_RANGE', { min, max }), abort: true };
  return z.number().min(min, outOfRange).max(max, outOfRange).multipleOf(0.01, { abort: true });
}

/** A whole number from `min` to `max`; a number outside says the range (NUMBER_OUT_OF_RANGE). */
export function wholeNumberSchema(min: number, max: number) {
  const outOfRange = { message: messageKey('NUMBER_OUT_OF_RANGE', { min, max }) };
  return z.number().int().min(min, outOfRange).max(max, outOfRange);
}

/** The version of a record a client read; an update sends it back to detect concurrent edits. */
export const versionSchema = z.number().int().min(1);

/** A person's or a record's name in both languages; at least one must be given. */
export const namesSchema = z.object({
  nameKm: plainTextSchema(200).default(''),
  nameEn: plainTextSchema(200).default(''),
});

/** Refuses a record whose names are both empty (the field error names both inputs). */
export function requireAName(
  value: { nameKm?: string | undefined; nameEn?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.nameKm === undefined && value.nameEn === undefined) return;
  if (!value.nameKm?.trim() && !value.nameEn?.trim()) {
    ctx.addIssue({ code: 'custom', message: 'NAME_REQUIRED', path: ['nameKm'] });
    ctx.addIssue({ code: 'custom', message: 'NAME_REQUIRED', path: ['nameEn'] });
  }
}

/** A short code (department, staff, subject, student): letters, digits, dot, dash, slash. */
export const codeSchema = z
  .string()
  .overwrite(stripZeroWidth)
  .trim()
  .min(1)
  .max(32)
  .regex(/^[\p{L}\p{N}._/-]+$/u, { message: 'INVALID_CODE' });

/** A list's search text, without the zero-width marks names are stored without. */
export const searchSchema = z.string().overwrite(stripZeroWidth).trim().max(100).optional();

/** A school shift: classes and periods belong to one. */
export const sessionsOfDay = ['morning', 'afternoon', 'full_day'] as const;
export type SessionOfDay = (typeof sessionsOfDay)[number];
export const sessionOfDaySchema = z.enum(sessionsOfDay);

type Undefaulted<T extends z.ZodRawShape> = {
  [K in keyof T]: T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K];
};

/**
 * The fields of a create request, every one optional and without its default: the shape of a
 * partial update, which must change only what it was sent (a default would overwrite a field).
 */
export function updateShape<T extends z.ZodRawShape>(
  object: z.ZodObject<T>,
): z.ZodObject<{ [K in keyof T]: z.ZodOptional<Undefaulted<T>[K]> }> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(object.shape)) {
    const inner = (field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType;
    shape[key] = inner.optional();
  }
  return z.object(shape) as never;
}
