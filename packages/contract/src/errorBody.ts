import { z } from 'zod';
import { errorCodes, type ErrorCode } from './errors.js';

/** The body of every non-2xx answer. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  /** Field path (dot-joined) → message codes, for form errors. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** More about the error where its code says so (e.g. the conflicting cells of a save). */
  details: z.unknown().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
