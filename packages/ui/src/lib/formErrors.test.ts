import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFormErrors } from './formErrors.js';

const schema = z
  .object({
    name: z.string().min(1, 'Enter a name'),
    guardian: z.object({ phone: z.string().min(9, 'Enter a phone number') }),
    score: z.number().max(10, 'At most 10'),
  })
  .refine((v) => v.name !== 'x', { message: 'This name is taken' });

describe('toFormErrors', () => {
  const bad = schema.safeParse({ name: '', guardian: { phone: '1' }, score: 11 });

  it('reads a safeParse result, with nested paths joined by dots', () => {
    expect(toFormErrors(bad)).toEqual({
      fieldErrors: {
        name: ['Enter a name'],
        'guardian.phone': ['Enter a phone number'],
        score: ['At most 10'],
      },
      formErrors: [],
    });
  });

  it('reads a ZodError and keeps form-level issues apart', () => {
    const r = schema.safeParse({ name: 'x', guardian: { phone: '012345678' }, score: 1 });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(toFormErrors(r.error)).toEqual({
        fieldErrors: {},
        formErrors: ['This name is taken'],
      });
  });

  it('reads flattened errors', () => {
    if (bad.success) throw new Error('expected a failure');
    const flat = z.flattenError(bad.error);
    expect(toFormErrors(flat).fieldErrors).toEqual({
      name: ['Enter a name'],
      guardian: ['Enter a phone number'],
      score: ['At most 10'],
    });
  });

  it.each([null, undefined, { success: true } as const])('has no errors for %o', (result) => {
    expect(toFormErrors(result)).toEqual({ fieldErrors: {}, formErrors: [] });
  });
});
