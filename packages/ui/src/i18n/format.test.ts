import { describe, expect, it } from 'vitest';
import { formatMessage } from './format.js';

describe('formatMessage', () => {
  it.each([
    ['Loading...', {}, 'en', 'Loading...'],
    ['Page not found: {path}', { path: '/x' }, 'en', 'Page not found: /x'],
    ['{count, plural, one {# row} other {# rows}}', { count: 1 }, 'en', '1 row'],
    ['{count, plural, one {# row} other {# rows}}', { count: 5 }, 'en', '5 rows'],
    ['{count, plural, =0 {No rows} one {# row} other {# rows}}', { count: 0 }, 'en', 'No rows'],
    ['{count, plural, other {# ជួរ}}', { count: 3 }, 'km', '3 ជួរ'],
    [
      'Selected {count, plural, one {# student} other {# students}} of {total}',
      { count: 2, total: 40 },
      'en',
      'Selected 2 students of 40',
    ],
    ['missing {value}', {}, 'en', 'missing {value}'],
    ['unbalanced {brace', {}, 'en', 'unbalanced {brace'],
    ['{n} then {open', { n: 2 }, 'en', '2 then {open'],
    ['{count, plural, =1 {just one} one {# row} other {# rows}}', { count: 1 }, 'en', 'just one'],
    ['{count, plural, one {# row} other {# rows}}', { count: '1' }, 'en', '1 row'],
    ['{count, plural, one {# row}}', { count: 4 }, 'en', ''],
    ['{count, plural, other {# {unit}}}', { count: 4, unit: 'x' }, 'en', '4 {unit}'],
    ['{count, plural, one {# row} other {# rows}}', {}, 'en', '0 rows'],
  ])('%s with %o in %s', (template, values, locale, expected) => {
    expect(formatMessage(template, values, locale)).toBe(expected);
  });

  it('formats numbers with the given formatter (e.g. Khmer digits)', () => {
    const khmer = (n: number) => String(n).replace(/\d/g, (d) => '០១២៣៤៥៦៧៨៩'[Number(d)]!);
    expect(formatMessage('{count, plural, other {# នាក់}}', { count: 12 }, 'km', khmer)).toBe(
      '១២ នាក់',
    );
    expect(formatMessage('{n} / {total}', { n: 3, total: 45 }, 'km', khmer)).toBe('៣ / ៤៥');
  });
});
