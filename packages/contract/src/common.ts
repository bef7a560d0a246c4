import { z } from 'zod';

/** The two languages of the product. */
export const locales = ['en', 'km'] as const;
export type Locale = (typeof locales)[number];
export const localeSchema = z.enum(locales);

/** How a user wants digits written: Latin 0–9 or Khmer ០–៩ (a personal setting). */
export const digitStyleNames = ['latn', 'khmr'] as const;
export type DigitStyleName = (typeof digitStyleNames)[number];
export const digitStyleSchema = z.enum(digitStyleNames);

export const uuidSchema = z.uuid();

/** Text kept in both languages; either may be empty, the picker falls back to the other. */
export const bilingualSchema = z.object({
  km: z.string().trim().max(200),
  en: z.string().trim().max(200),
});
export type Bilingual = z.infer<typeof bilingualSchema>;

export const genders = ['female', 'male', 'other'] as const;
export type Gender = (typeof genders)[number];
export const genderSchema = z.enum(genders);

/** The shortest password accepted (NIST SP 800-63B asks for at least 8; we ask for 10). */
export const PASSWORD_MIN_LENGTH = 10;
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
  .regex(/^\+?[\d\s().-]+$/);

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

/** A calendar date, `YYYY-MM-DD`, that exists (no 31 February). */
export const isoDateSchema = z.iso.date();

/** The version of a record a client read; an update sends it back to detect concurrent edits. */
export const versionSchema = z.number().int().min(1);

/** A person's or a record's name in both languages; at least one must be given. */
export const namesSchema = z.object({
  nameKm: z.string().trim().max(200).default(''),
  nameEn: z.string().trim().max(200).default(''),
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
  .trim()
  .min(1)
  .max(32)
  .regex(/^[\p{L}\p{N}._/-]+$/u);

/** A list's search text. */
export const searchSchema = z.string().trim().max(100).optional();

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
