import { z } from 'zod';
import { schoolSummarySchema } from './auth.js';
import { digitStyleSchema, plainTextSchema, sessionOfDaySchema } from './common.js';
import { messageKey } from './messages.js';
import { studentOrderSchema } from './studentOrder.js';

export const gradeLetters = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type GradeLetter = (typeof gradeLetters)[number];

/** A grade letter: reached at this fraction of the maximum, with its mention in both languages. */
export const gradeBandSchema = z.object({
  letter: z.enum(gradeLetters),
  minFraction: z.number().min(0).max(1),
  mentionKm: plainTextSchema(50),
  mentionEn: plainTextSchema(50),
});
export type GradeBand = z.infer<typeof gradeBandSchema>;

/** The Cambodian defaults (DOMAIN.md): A ≥ 0.9 … E ≥ 0.5, F below. */
export const defaultGradeBands: GradeBand[] = [
  { letter: 'A', minFraction: 0.9, mentionKm: 'ល្អប្រសើរ', mentionEn: 'Excellent' },
  { letter: 'B', minFraction: 0.8, mentionKm: 'ល្អណាស់', mentionEn: 'Very good' },
  { letter: 'C', minFraction: 0.7, mentionKm: 'ល្អ', mentionEn: 'Good' },
  { letter: 'D', minFraction: 0.6, mentionKm: 'ល្អបង្គួរ', mentionEn: 'Fairly good' },
  { letter: 'E', minFraction: 0.5, mentionKm: 'មធ្យម', mentionEn: 'Average' },
  { letter: 'F', minFraction: 0, mentionKm: 'ខ្សោយ', mentionEn: 'Weak' },
];

/**
 * Six bands A–F in order, each cut-off lower than the one before (GRADE_CUTOFF_ORDER on the
 * lower letter: "Cut-off for B must be below the cut-off for A"), F at 0 (GRADE_CUTOFF_LOWEST).
 */
export const gradeBandsSchema = z
  .array(gradeBandSchema)
  .length(6)
  .superRefine((bands, ctx) => {
    bands.forEach((band, index) => {
      if (band.letter !== gradeLetters[index]) {
        ctx.addIssue({ code: 'custom', message: 'INVALID_VALUE', path: [index, 'letter'] });
      }
      const previous = bands[index - 1];
      if (previous && band.minFraction >= previous.minFraction) {
        ctx.addIssue({
          code: 'custom',
          message: messageKey('GRADE_CUTOFF_ORDER', {
            letter: band.letter,
            previous: previous.letter,
          }),
          path: [index, 'minFraction'],
        });
      }
    });
    const lowest = bands[5];
    if (lowest && lowest.minFraction !== 0) {
      ctx.addIssue({
        code: 'custom',
        message: messageKey('GRADE_CUTOFF_LOWEST', { letter: lowest.letter }),
        path: [5, 'minFraction'],
      });
    }
  });

const phoneCountrySchema = z.enum(['KH', 'US', 'CA', 'GB', 'AU']);

/** A school's own settings; each has a default, so an empty object is a valid school. */
export const schoolSettingsSchema = z.object({
  /** Whether people may sign up on their own (their account waits for an administrator). */
  allowSignup: z.boolean().default(false),
  /** The country whose phone numbers may be typed without their international prefix. */
  defaultPhoneCountry: phoneCountrySchema.default('KH'),
  /** Whether this is the demo school. */
  demo: z.boolean().default(false),
  address: z.string().default(''),
  /** The school's phone, E.164. */
  phone: z.string().nullable().default(null),
  gradeBands: gradeBandsSchema.default(defaultGradeBands),
  /** The shifts attendance is taken in. */
  attendanceSessions: z.array(sessionOfDaySchema).min(1).max(3).default(['morning', 'afternoon']),
  /** Days after which a teacher can no longer change an attendance sheet (the office still can). */
  attendanceEditDays: z.number().int().min(0).max(365).default(7),
  /** Whether a late arrival counts as present in the attendance rate. */
  lateCountsAsPresent: z.boolean().default(true),
  /** Digits of printed results (each user also picks their own for the screens). */
  resultDigits: digitStyleSchema.default('latn'),
  /** Decimals of averages in results. */
  resultDecimals: z.union([z.literal(1), z.literal(2)]).default(2),
  /** The order of students on every screen and print: by name (Khmer order) or by code. */
  studentOrder: studentOrderSchema.default('name'),
  /** Set when an administrator has finished the first-run setup. */
  setupCompleted: z.boolean().default(false),
});
export type SchoolSettings = z.infer<typeof schoolSettingsSchema>;

export const schoolSchema = schoolSummarySchema.extend({ settings: schoolSettingsSchema });
export type School = z.infer<typeof schoolSchema>;
export const schoolResponseSchema = z.object({ school: schoolSchema });

export const updateSchoolRequestSchema = z
  .object({
    nameKm: plainTextSchema(200),
    nameEn: plainTextSchema(200),
    /** An image uploaded with POST /api/files (purpose logo), or null to remove it. */
    logoFileId: z.uuid().nullable(),
    settings: z
      .object({
        allowSignup: z.boolean(),
        defaultPhoneCountry: phoneCountrySchema,
        address: plainTextSchema(500),
        /** As typed; stored as E.164. */
        phone: z.string().trim().max(32).nullable(),
        gradeBands: gradeBandsSchema,
        attendanceSessions: z.array(sessionOfDaySchema).min(1).max(3),
        attendanceEditDays: z.number().int().min(0).max(365),
        lateCountsAsPresent: z.boolean(),
        resultDigits: digitStyleSchema,
        resultDecimals: z.union([z.literal(1), z.literal(2)]),
        studentOrder: studentOrderSchema,
        setupCompleted: z.boolean(),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();
export type UpdateSchoolRequest = z.infer<typeof updateSchoolRequestSchema>;
