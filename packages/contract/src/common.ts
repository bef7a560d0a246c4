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
