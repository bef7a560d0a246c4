import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAcademicYearRequestSchema, setPeriodsRequestSchema } from './academic.js';
import { codeSchema, decimalSchema, plainTextSchema } from './common.js';
import { errorCodes, errorMessages } from './errors.js';
import {
  contractErrorMap,
  isMessageKey,
  messageKey,
  messageText,
  parseMessageKey,
} from './messages.js';
import { defaultGradeBands, updateSchoolRequestSchema } from './school.js';

/** The message keys a schema answers for a value, by field path. */
function keysOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value, { error: contractErrorMap });
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const khmerDigits = (n: number) => String(n).replace(/\d/g, (d) => '០១២៣៤៥៦៧៨៩'[Number(d)]!);

describe('message keys', () => {
  it('carry a code and its parameters, and read back as they were', () => {
    const key = messageKey('TERM_ORDER', { number: 2, previous: 1 });
    expect(key).toBe('TERM_ORDER?number=2&previous=1');
    expect(parseMessageKey(key)).toEqual({
      code: 'TERM_ORDER',
      params: { number: 2, previous: 1 },
    });
    expect(messageKey('REQUIRED')).toBe('REQUIRED');
    expect(parseMessageKey('GRADE_CUTOFF_ORDER?letter=B&previous=A').params).toEqual({
      letter: 'B',
      previous: 'A',
    });
  });

  it('read a text the contract does not know as an invalid value', () => {
    expect(parseMessageKey('Too small: expected string to have >=1 characters')).toEqual({
      code: 'INVALID_VALUE',
      params: {},
    });
    expect(parseMessageKey('toString').code).toBe('INVALID_VALUE');
    expect(isMessageKey('TOO_LONG?max=3')).toBe(true);
    expect(isMessageKey('audit.read:school')).toBe(false);
  });

  it('say the two examples in both languages, numbers in the digits asked for', () => {
    expect(messageText('TERM_ORDER?number=2&previous=1', 'en')).toBe(
      'Term 2 must start after Term 1 ends',
    );
    expect(messageText('TERM_ORDER?number=2&previous=1', 'km', khmerDigits)).toBe(
      'ឆមាសទី ២ ត្រូវចាប់ផ្ដើមក្រោយពេលឆមាសទី ១ បញ្ចប់',
    );
    expect(messageText('GRADE_CUTOFF_ORDER?letter=B&previous=A', 'en')).toBe(
      'Cut-off for B must be below the cut-off for A',
    );
    expect(messageText('TOO_LONG?max=200', 'km', khmerDigits)).toBe('សូមបញ្ចូលយ៉ាងច្រើន ២០០ តួអក្សរ');
  });

  it('leave no placeholder unfilled in any message a refusal can carry', () => {
    for (const code of errorCodes) {
      const { en, km } = errorMessages[code];
      const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(km), code).toEqual(names(en));
    }
  });
});

describe('the error map', () => {
  const form = z.object({
    name: plainTextSchema(5).min(1),
    password: z.string().min(10),
    count: z.number().int().min(1).max(12),
    bands: z.array(z.string()).min(1).max(2),
    kind: z.enum(['a', 'b']),
    email: z.email(),
    classId: z.uuid(),
  });

  it('names each kind of refusal with its limit', () => {
    expect(
      keysOf(form, {
        name: 'Mathematics',
        password: 'short',
        count: 13,
        bands: ['a', 'b', 'c'],
        kind: 'c',
        email: 'nope',
        classId: '',
      }),
    ).toEqual({
      name: ['TOO_LONG?max=5'],
      password: ['TOO_SHORT?min=10'],
      count: ['NUMBER_TOO_LARGE?max=12'],
      bands: ['TOO_MANY_ITEMS?max=2'],
      kind: ['INVALID_CHOICE'],
      email: ['INVALID_EMAIL'],
      classId: ['CHOICE_REQUIRED'],
    });
  });

  it('asks for what is missing', () => {
    expect(
      keysOf(form, { name: '', password: undefined, count: undefined, bands: [], kind: '' }),
    ).toMatchObject({
      name: ['REQUIRED'],
      password: ['REQUIRED'],
      count: ['REQUIRED'],
      bands: ['TOO_FEW_ITEMS?min=1'],
      kind: ['CHOICE_REQUIRED'],
    });
    expect(keysOf(z.object({ count: z.number().int() }), { count: 1.5 })).toEqual({
      count: ['NOT_WHOLE_NUMBER'],
    });
    expect(keysOf(z.object({ count: z.number() }), { count: Number.NaN })).toEqual({
      count: ['NOT_A_NUMBER'],
    });
  });

  it("keeps the contract's own messages, with the range where a schema states both ends", () => {
    expect(keysOf(decimalSchema(0.01, 1000), 5000)).toEqual({
      '': ['NUMBER_OUT_OF_RANGE?min=0.01&max=1000'],
    });
    expect(keysOf(decimalSchema(0.01, 1000), 1.234)).toEqual({ '': ['TOO_MANY_DECIMALS?max=2'] });
    expect(keysOf(codeSchema, 'A 1')).toEqual({ '': ['INVALID_CODE'] });
    expect(messageText('NUMBER_OUT_OF_RANGE?min=0.01&max=1000', 'en')).toBe(
      'Enter a number from 0.01 to 1000',
    );
  });
});

describe('cross-field rules blame the field to change', () => {
  const year = {
    name: '2025–2026',
    startDate: '2025-11-03',
    endDate: '2026-08-31',
    terms: [
      { number: 1, months: [11, 12, 1, 2, 3], examMonth: 3 },
      { number: 2, months: [4, 5, 6, 7, 8], examMonth: 8 },
    ],
  };

  it('accepts terms one after the other within the year', () => {
    expect(createAcademicYearRequestSchema.safeParse(year).success).toBe(true);
  });

  it('refuses a term that starts before the one before it ends, on its months', () => {
    const overlapping = {
      ...year,
      terms: [year.terms[0], { number: 2, months: [3, 4, 5], examMonth: 5 }],
    };
    expect(keysOf(createAcademicYearRequestSchema, overlapping)).toEqual({
      'terms.1.months': ['DUPLICATE_MONTH', 'TERM_ORDER?number=2&previous=1'],
    });
    const swapped = {
      ...year,
      terms: [
        { number: 2, months: [11, 12], examMonth: 12 },
        { number: 1, months: [1, 2], examMonth: 2 },
      ],
    };
    expect(keysOf(createAcademicYearRequestSchema, swapped)).toEqual({
      'terms.0.months': ['TERM_ORDER?number=2&previous=1'],
    });
  });

  it("refuses a term month outside the year's days", () => {
    const outside = {
      ...year,
      terms: [year.terms[0], { number: 2, months: [4, 9], examMonth: 9 }],
    };
    expect(keysOf(createAcademicYearRequestSchema, outside)).toEqual({
      'terms.1.months': ['TERM_OUTSIDE_YEAR'],
    });
  });

  it('refuses cut-offs out of order on the lower letter, and an F above 0', () => {
    const bands = defaultGradeBands.map((band) => ({ ...band }));
    bands[1]!.minFraction = 0.95;
    bands[5]!.minFraction = 0.1;
    expect(keysOf(updateSchoolRequestSchema, { settings: { gradeBands: bands } })).toEqual({
      'settings.gradeBands.1.minFraction': ['GRADE_CUTOFF_ORDER?letter=B&previous=A'],
      'settings.gradeBands.5.minFraction': ['GRADE_CUTOFF_LOWEST?letter=F'],
    });
  });

  it('refuses periods of one shift that overlap, on the later one', () => {
    const periods = [
      { session: 'morning', number: 1, startTime: '07:00', endTime: '07:50' },
      { session: 'morning', number: 2, startTime: '07:40', endTime: '08:30' },
      { session: 'afternoon', number: 1, startTime: '07:10', endTime: '08:00' },
      { session: 'morning', number: 3, startTime: '08:30', endTime: '09:20' },
    ];
    expect(keysOf(setPeriodsRequestSchema, { periods })).toEqual({
      'periods.1.startTime': ['PERIOD_OVERLAP?number=2&other=1'],
    });
  });
});

describe('the codes the schemas refuse with', () => {
  it('are all codes of the contract, so that a refusal is never read as a bare INVALID_VALUE', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const folder = new URL('.', import.meta.url);
    const unknown: string[] = [];
    for (const name of await readdir(folder)) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const source = await readFile(new URL(name, folder), 'utf8');
      for (const [, code] of source.matchAll(/\b(?:message|error): '([A-Z][A-Z_]+)'/g)) {
        if (!isMessageKey(code!)) unknown.push(`${name}: ${code}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
