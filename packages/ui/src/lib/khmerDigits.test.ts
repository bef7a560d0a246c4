import { describe, expect, it } from 'vitest';
import {
  formatNumber,
  fromKhmerDigits,
  hasKhmerDigits,
  parseNumber,
  toKhmerDigits,
} from './khmerDigits.js';

describe('Khmer digits both ways', () => {
  it.each([
    ['0123456789', '០១២៣៤៥៦៧៨៩'],
    ['8.25', '៨.២៥'],
    ['Grade 7', 'Grade ៧'],
    ['', ''],
    ['no digits', 'no digits'],
  ])('%s ↔ %s', (latin, khmer) => {
    expect(toKhmerDigits(latin)).toBe(khmer);
    expect(fromKhmerDigits(khmer)).toBe(latin);
  });

  it('writes numbers', () => {
    expect(toKhmerDigits(2026)).toBe('២០២៦');
    expect(toKhmerDigits(-3.5)).toBe('-៣.៥');
  });

  it('keeps mixed text', () => {
    expect(fromKhmerDigits('ថ្នាក់ទី៧ ក')).toBe('ថ្នាក់ទី7 ក');
    expect(hasKhmerDigits('ថ្នាក់ទី៧')).toBe(true);
    expect(hasKhmerDigits('ថ្នាក់ទី7')).toBe(false);
  });
});

describe('formatNumber', () => {
  it.each<[number, Parameters<typeof formatNumber>[1], string]>([
    [8.25, {}, '8.25'],
    [8.25, { digits: 'khmr' }, '៨.២៥'],
    [1234.5, { digits: 'khmr' }, '១,២៣៤.៥'],
    [1234.5, { digits: 'khmr', separators: 'locale' }, '១.២៣៤,៥'],
    [1234.5, { separators: 'locale' }, '1.234,5'],
    [1234.5, { separators: 'locale', locale: 'en' }, '1,234.5'],
    [1234.5, { useGrouping: false }, '1234.5'],
    [7, { minimumFractionDigits: 2 }, '7.00'],
    [7.456, { maximumFractionDigits: 1, digits: 'khmr' }, '៧.៥'],
    [0, { digits: 'khmr' }, '០'],
    [-2.5, { digits: 'khmr' }, '-២.៥'],
  ])('%d %o → %s', (value, options, expected) => {
    expect(formatNumber(value, options)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('writes nothing for %d', (value) => {
    expect(formatNumber(value)).toBe('');
  });
});

describe('parseNumber', () => {
  it.each<[string, number | null]>([
    ['8.25', 8.25],
    ['៨.២៥', 8.25],
    ['៨,២៥', 8.25],
    ['8,5', 8.5],
    ['1,234.5', 1234.5],
    ['១,២៣៤', 1234],
    [' 10 ', 10],
    ['-3', -3],
    ['.5', 0.5],
    ['', null],
    ['abc', null],
    ['1.2.3', null],
    ['12a', null],
  ])('%j → %s', (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });
});
