import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createLeaveRequestSchema, monthQuerySchema } from './attendance.js';
import { createGradeLevelRequestSchema } from './academic.js';
import {
  birthDateSchema,
  calendarDateSchema,
  codeSchema,
  decimalSchema,
  isoDateSchema,
  isoMonthSchema,
  namesSchema,
  plainTextSchema,
  searchSchema,
} from './common.js';
import { createEmployeeRequestSchema } from './employees.js';
import { errorMessages } from './errors.js';
import { createRoleRequestSchema } from './roles.js';
import { updateSchoolRequestSchema } from './school.js';
import { createStudentRequestSchema } from './students.js';
import { createSubjectRequestSchema } from './subjects.js';
import { createTeachingLogRequestSchema } from './teaching.js';

/** The message codes of a refusal, or [] when the value is accepted. */
function codesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('dates sent to the server', () => {
  it('accepts the days of 1900 to 2200, leap days included', () => {
    for (const date of ['1900-01-01', '2000-02-29', '2026-03-02', '2200-12-31']) {
      expect(codesOf(isoDateSchema, date), date).toEqual([]);
    }
  });

  it('refuses the years outside 1900–2200 with DATE_OUT_OF_RANGE', () => {
    for (const date of ['0000-01-01', '0001-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      expect(codesOf(isoDateSchema, date), date).toEqual(['DATE_OUT_OF_RANGE']);
    }
  });

  it('refuses what is not a day that exists with INVALID_DATE, and that alone', () => {
    for (const date of ['2026-02-30', '1900-02-29', '2026-13-01', '+10000-01-01', '20260302', '']) {
      expect(codesOf(isoDateSchema, date), date).toEqual(['INVALID_DATE']);
    }
  });

  it('refuses a birth date in the future, accepts today and the past', () => {
    const today = new Date();
    expect(codesOf(birthDateSchema, isoDay(today))).toEqual([]);
    expect(codesOf(birthDateSchema, '1900-01-01')).toEqual([]);
    const nextWeek = new Date(today.getTime() + 7 * 86_400_000);
    expect(codesOf(birthDateSchema, isoDay(nextWeek))).toEqual(['BIRTH_DATE_IN_FUTURE']);
    expect(codesOf(birthDateSchema, '2200-12-31')).toEqual(['BIRTH_DATE_IN_FUTURE']);
    expect(codesOf(birthDateSchema, '1899-12-31')).toEqual(['DATE_OUT_OF_RANGE']);
    expect(codesOf(birthDateSchema, '0000-01-01')).toEqual(['DATE_OUT_OF_RANGE']);
  });

  it('bounds months the same way', () => {
    expect(codesOf(isoMonthSchema, '2026-03')).toEqual([]);
    expect(codesOf(isoMonthSchema, '1900-01')).toEqual([]);
    expect(codesOf(isoMonthSchema, '0000-01')).toEqual(['DATE_OUT_OF_RANGE']);
    expect(codesOf(isoMonthSchema, '9999-12')).toEqual(['DATE_OUT_OF_RANGE']);
    expect(codesOf(isoMonthSchema, '2026-13')).toEqual(['INVALID_DATE']);
  });

  it('reads back any stored date in an answer', () => {
    expect(codesOf(calendarDateSchema, '0001-01-01')).toEqual([]);
    expect(codesOf(calendarDateSchema, '2201-12-31')).toEqual([]);
  });

  it("reach every route's date fields: students, staff, leave, lessons, months", () => {
    const fields = (schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      return result.success
        ? {}
        : Object.fromEntries(
            result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
          );
    };
    expect(fields(createStudentRequestSchema, { nameEn: 'Sok', birthDate: '0000-01-01' })).toEqual({
      birthDate: 'DATE_OUT_OF_RANGE',
    });
    expect(fields(createStudentRequestSchema, { nameEn: 'Sok', startDate: '9999-12-31' })).toEqual({
      startDate: 'DATE_OUT_OF_RANGE',
    });
    expect(
      fields(createEmployeeRequestSchema, {
        code: 'T1',
        nameEn: 'Dara',
        birthDate: '2199-01-01',
        hireDate: '1800-01-01',
      }),
    ).toEqual({ birthDate: 'BIRTH_DATE_IN_FUTURE', hireDate: 'DATE_OUT_OF_RANGE' });
    expect(
      fields(createLeaveRequestSchema, {
        studentId: crypto.randomUUID(),
        fromDate: '0000-01-01',
        toDate: '0000-01-02',
        reason: 'Sick',
      }),
    ).toMatchObject({ fromDate: 'DATE_OUT_OF_RANGE', toDate: 'DATE_OUT_OF_RANGE' });
    expect(
      fields(createTeachingLogRequestSchema, {
        classId: crypto.randomUUID(),
        subjectId: crypto.randomUUID(),
        date: '0000-01-01',
        hours: 1,
      }),
    ).toEqual({ date: 'DATE_OUT_OF_RANGE' });
    expect(fields(monthQuerySchema, { classId: crypto.randomUUID(), month: '0000-01' })).toEqual({
      month: 'DATE_OUT_OF_RANGE',
    });
  });
});

describe('numbers sent to the server', () => {
  const twoDecimals = decimalSchema(0.01, 1000);

  it('accepts two decimals within the bounds', () => {
    for (const value of [0.01, 0.5, 12.25, 999.99, 1000]) {
      expect(codesOf(twoDecimals, value), String(value)).toEqual([]);
    }
  });

  it('refuses what two decimals would store as 0 or not keep, and what is not finite', () => {
    for (const value of [
      0,
      -0,
      1e-300,
      Number.MIN_VALUE,
      0.001,
      12.345,
      1000.01,
      2 ** 31,
      Number.MAX_SAFE_INTEGER,
      1e308,
      Infinity,
      -Infinity,
      NaN,
    ]) {
      expect(codesOf(twoDecimals, value), String(value)).not.toEqual([]);
    }
  });

  it('holds for the score maximums, coefficients, divisors and hours of the contract', () => {
    const subject = { code: 'M', nameEn: 'Maths' };
    expect(codesOf(createSubjectRequestSchema, { ...subject, maxScore: 0.001 })).not.toEqual([]);
    expect(
      codesOf(createSubjectRequestSchema, { ...subject, maxScore: 50, coefficient: 1e-300 }),
    ).not.toEqual([]);
    expect(codesOf(createSubjectRequestSchema, { ...subject, maxScore: 50 })).toEqual([]);
    expect(
      codesOf(createGradeLevelRequestSchema, {
        number: 7,
        nameEn: 'G7',
        maxScore: 50,
        divisor: 1e-9,
      }),
    ).not.toEqual([]);
    const lesson = {
      classId: crypto.randomUUID(),
      subjectId: crypto.randomUUID(),
      date: '2026-03-02',
    };
    expect(codesOf(createTeachingLogRequestSchema, { ...lesson, hours: 1e-9 })).not.toEqual([]);
    expect(codesOf(createTeachingLogRequestSchema, { ...lesson, hours: 1.5 })).toEqual([]);
  });
});

describe('names and other shown text', () => {
  const name = plainTextSchema(200);
  const rlo = '\u202E';

  it('refuses every text-direction control with TEXT_DIRECTION_CONTROL', () => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];
    for (const control of controls) {
      const text = `Sok${control}Dara`;
      expect(codesOf(name, text), control.codePointAt(0)!.toString(16)).toEqual([
        'TEXT_DIRECTION_CONTROL',
      ]);
    }
  });

  it('removes zero-width spaces, word joiners and byte-order marks', () => {
    expect(name.parse('\uFEFFសុខ\u200Bដារា\u2060')).toBe('សុខដារា');
    expect(name.parse(' \u200B Sok \u200B ')).toBe('Sok');
  });

  it('keeps Khmer as it is typed: coeng, vowels, signs, ZWNJ and ZWJ', () => {
    for (const khmer of [
      'សុខ ដារា',
      'ស្រីពៅ',
      'ចន្ទ្រា',
      'ក្ស័យ',
      'ព្រះ',
      'អ៊ុំ',
      'ក\u200Cា',
      'ក\u200Dា',
      'ថ្នាក់ទី៧ក',
    ]) {
      expect(name.parse(khmer)).toBe(khmer);
    }
  });

  it('reaches the names, codes and searches of every record', () => {
    const reversed = `${rlo}kos`;
    expect(codesOf(namesSchema, { nameKm: reversed })).toEqual(['TEXT_DIRECTION_CONTROL']);
    expect(codesOf(createStudentRequestSchema, { nameEn: reversed })).toContain(
      'TEXT_DIRECTION_CONTROL',
    );
    expect(codesOf(createStudentRequestSchema, { nameEn: 'Sok', guardianName: reversed })).toEqual([
      'TEXT_DIRECTION_CONTROL',
    ]);
    expect(codesOf(createRoleRequestSchema, { nameEn: reversed })).toContain(
      'TEXT_DIRECTION_CONTROL',
    );
    expect(codesOf(updateSchoolRequestSchema, { nameEn: reversed })).toEqual([
      'TEXT_DIRECTION_CONTROL',
    ]);
    expect(codesOf(codeSchema, `S${rlo}01`)).not.toEqual([]);
    expect(codeSchema.parse('S\u200B01')).toBe('S01');
    expect(searchSchema.parse('សុខ\u200Bដារា')).toBe('សុខដារា');
  });

  it('uses codes the app can translate', () => {
    for (const code of [
      'TEXT_DIRECTION_CONTROL',
      'DATE_OUT_OF_RANGE',
      'INVALID_DATE',
      'BIRTH_DATE_IN_FUTURE',
    ]) {
      expect(errorMessages).toHaveProperty(code);
    }
  });
});
