import { z } from 'zod';
import { schoolSummarySchema } from './auth.js';

/** A school's own settings; each has a default, so an empty object is a valid school. */
export const schoolSettingsSchema = z.object({
  /** Whether people may sign up on their own (their account waits for an administrator). */
  allowSignup: z.boolean().default(false),
  /** The country whose phone numbers may be typed without their international prefix. */
  defaultPhoneCountry: z.enum(['KH', 'US', 'CA', 'GB', 'AU']).default('KH'),
  /** Whether this is the demo school. */
  demo: z.boolean().default(false),
});
export type SchoolSettings = z.infer<typeof schoolSettingsSchema>;

export const schoolSchema = schoolSummarySchema.extend({ settings: schoolSettingsSchema });
export type School = z.infer<typeof schoolSchema>;
export const schoolResponseSchema = z.object({ school: schoolSchema });

export const updateSchoolRequestSchema = z
  .object({
    nameKm: z.string().trim().max(200),
    nameEn: z.string().trim().max(200),
    /** An image uploaded with POST /api/files (purpose logo), or null to remove it. */
    logoFileId: z.uuid().nullable(),
    settings: z
      .object({
        allowSignup: z.boolean(),
        defaultPhoneCountry: z.enum(['KH', 'US', 'CA', 'GB', 'AU']),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();
export type UpdateSchoolRequest = z.infer<typeof updateSchoolRequestSchema>;
