import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  createDepartmentRequestSchema,
  createStudentRequestSchema,
  loginRequestSchema,
  pageQuerySchema,
} from '@sala/contract';
import { arbitraryOf, boundaryDates, boundaryNumbers, isOptional } from './zodArbitrary.js';

/** Every value the arbitrary of `schema` gives, `schema` accepts. */
function expectAccepted(schema: z.ZodType, runs = 200) {
  fc.assert(
    fc.property(arbitraryOf(schema), (value) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(`${JSON.stringify(value)}: ${result.error.message}`);
    }),
    { numRuns: runs, seed: 7 },
  );
}

describe('arbitraryOf (zod 4 → fast-check)', () => {
  it('gives strings within their length checks and formats', () => {
    expectAccepted(z.string().min(3).max(12));
    expectAccepted(z.string().length(5));
    expectAccepted(z.uuid());
    expectAccepted(z.email());
    expectAccepted(z.iso.date());
    expectAccepted(z.iso.datetime());
    expectAccepted(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/));
    expectAccepted(z.string().regex(/^[\p{L}\p{N}._/-]+$/u));
    expectAccepted(
      z
        .string()
        .trim()
        .min(6)
        .max(32)
        .regex(/^\+?[\d\s().-]+$/),
    );
  });

  it('gives numbers within their bounds, integers where asked', () => {
    expectAccepted(z.number().int().min(1).max(12));
    expectAccepted(z.int().min(-5).max(5));
    expectAccepted(z.number().gt(0).lt(1));
    expectAccepted(z.number().min(0).max(100).multipleOf(0.5));
    expectAccepted(z.number().int().max(-10));
    expectAccepted(z.coerce.number().int().min(1).max(100_000));
  });

  it('gives the members of enums, literals, unions and discriminated unions', () => {
    expectAccepted(z.enum(['present', 'absent', 'late']));
    expectAccepted(z.literal('month'));
    expectAccepted(z.union([z.literal(1), z.string().max(3)]));
    expectAccepted(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('month'), month: z.number().int().min(1).max(12) }),
        z.object({ kind: z.literal('exam'), term: z.uuid() }),
      ]),
    );
  });

  it('gives objects with their required fields and no others, arrays within bounds', () => {
    expectAccepted(
      z
        .object({
          id: z.uuid(),
          note: z.string().max(5).optional(),
          score: z.number().nullable(),
          tags: z.array(z.string().min(1)).min(1).max(3),
          page: z.number().int().min(1).default(1),
        })
        .strict(),
    );
    expectAccepted(z.record(z.string(), z.boolean()));
    expectAccepted(z.record(z.enum(['present', 'absent']), z.number().int()));
    expectAccepted(z.tuple([z.string(), z.number()]));
  });

  it('gives the input of pipes: a preprocess target, a transform source', () => {
    expectAccepted(z.preprocess((value) => value, z.array(z.uuid()).min(1).max(3).optional()));
    expectAccepted(z.enum(['true', 'false']).transform((value) => value === 'true'));
    expectAccepted(z.string().refine((value) => value.length < 1000));
  });

  it('gives the edge dates now and then, each one a day of the `YYYY-MM-DD` form', () => {
    const edges = boundaryDates(Date.UTC(2026, 0, 1));
    expect(edges).toEqual(
      expect.arrayContaining([
        '0000-01-01',
        '0001-01-01',
        '1899-12-31',
        '9999-12-31',
        '2000-02-29',
      ]),
    );
    expect(edges).toContain('2299-10-17');
    expect(edges).toContain('1752-03-18');
    for (const day of edges) expect(z.iso.date().safeParse(day).success, day).toBe(true);
    const drawn = fc.sample(arbitraryOf(z.iso.date()), { numRuns: 300, seed: 5 }) as string[];
    expect(drawn).toContain('0000-01-01');
    expect(drawn.filter((day) => day < '2000' || day > '2041').length).toBeGreaterThan(10);
  });

  it('gives the edge numbers a schema accepts: bounds, -0, the smallest steps, the integer limits', () => {
    expect(boundaryNumbers({ min: 0, max: 1000, multipleOf: 0.01 })).toEqual(
      expect.arrayContaining([0, -0, 1e-300, Number.MIN_VALUE, 1000]),
    );
    expect(boundaryNumbers({ min: 0, max: 1000, multipleOf: 0.01 })).not.toContain(0.001);
    expect(boundaryNumbers({ min: 0, minExclusive: true, max: 12 })).toEqual(
      expect.arrayContaining([Number.MIN_VALUE, 1e-300, 1e-9, 12]),
    );
    expect(boundaryNumbers({ integer: true })).toEqual(
      expect.arrayContaining([2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER]),
    );
    expect(boundaryNumbers({ integer: true })).not.toContain(2 ** 53 + 2);
    expect(boundaryNumbers({})).toEqual(expect.arrayContaining([1e308, Number.MAX_VALUE]));
    const drawn = fc.sample(arbitraryOf(z.number().positive().max(1000)), {
      numRuns: 300,
      seed: 5,
    });
    expect(drawn).toContain(Number.MIN_VALUE);
    expect(drawn).toContain(1000);
  });

  it('knows which fields an object may leave out', () => {
    expect(isOptional(z.string().optional())).toBe(true);
    expect(isOptional(z.string().default('x'))).toBe(true);
    expect(isOptional(z.string().transform((value) => value.length))).toBe(false);
    expect(isOptional(z.preprocess((value) => value, z.string().optional()))).toBe(true);
    expect(isOptional(z.string())).toBe(false);
  });

  it('takes a hint for a named field first, and falls back to anything for what it does not know', () => {
    const ids = ['a8c9b6f4-3b1c-4d7e-9f2a-0c1d2e3f4a5b'];
    const schema = z.object({ classId: z.uuid(), other: z.uuid() });
    const values = fc.sample(
      arbitraryOf(schema, {
        hint: (key) => (key === 'classId' ? fc.constantFrom(...ids) : undefined),
      }),
      { numRuns: 20, seed: 1 },
    ) as { classId: string; other: string }[];
    expect(values.every((value) => value.classId === ids[0])).toBe(true);
    expect(values.some((value) => value.other !== ids[0])).toBe(true);
    expect(fc.sample(arbitraryOf('not a schema'), { numRuns: 5, seed: 1 })).toHaveLength(5);
  });

  it("mostly satisfies the contract's own request schemas", () => {
    for (const schema of [
      createDepartmentRequestSchema,
      createStudentRequestSchema,
      loginRequestSchema,
      pageQuerySchema,
    ] as z.ZodType[]) {
      const values = fc.sample(arbitraryOf(schema), { numRuns: 100, seed: 3 });
      const accepted = values.filter((value) => schema.safeParse(value).success).length;
      expect(accepted).toBeGreaterThan(50);
    }
  });
});
