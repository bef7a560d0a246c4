import type { StudentTrend } from '@sala/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  defaultMonthOf,
  formatAverage,
  formatPercent,
  formatScore,
  latestResult,
  mentionOf,
  periodFromParams,
  periodLabel,
  periodParams,
  reportPeriodKey,
  resultsQueryOf,
  roundForDisplay,
  trendLine,
  trendPointLabel,
} from './resultsFormat.js';

/** A stand-in for i18next's `t` that shows the key and its values. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}(${Object.values(options).join(',')})` : key) as unknown as TFunction<'results'>;

const termOne = { id: 't1', months: [11, 12, 1, 2], nameKm: 'ឆមាសទី១', nameEn: 'Semester 1' };
const termTwo = { id: 't2', months: [4, 5, 6, 7], nameKm: 'ឆមាសទី២', nameEn: 'Semester 2' };
const terms = [termOne, termTwo];
const params = (query: string) => new URLSearchParams(query);

describe('roundForDisplay', () => {
  it('rounds halves up as written, whatever their binary form', () => {
    expect(roundForDisplay(8.345, 2)).toBe(8.35);
    expect(roundForDisplay(1.005, 2)).toBe(1.01);
    expect(roundForDisplay(2.675, 2)).toBe(2.68);
    expect(roundForDisplay(0.1 + 0.2, 1)).toBe(0.3);
    expect(roundForDisplay(24.95, 1)).toBe(25);
  });

  it('rounds below a half down and keeps exact values', () => {
    expect(roundForDisplay(8.344999, 2)).toBe(8.34);
    expect(roundForDisplay(7, 2)).toBe(7);
    expect(roundForDisplay(0, 1)).toBe(0);
  });

  it('rounds from the unrounded value, not from an earlier rounding', () => {
    // 8.3449 shown with one decimal is 8.3, though rounding 8.34 (its two-decimal form) would
    // not change it and rounding 8.35 would give 8.4.
    expect(roundForDisplay(8.3449, 1)).toBe(8.3);
  });

  it('handles tiny and negative numbers', () => {
    expect(roundForDisplay(1e-9, 2)).toBe(0);
    expect(roundForDisplay(-2.345, 2)).toBe(-2.35);
  });
});

describe('formatting for display', () => {
  it('writes averages with the sheet decimals, in the user digits', () => {
    expect(formatAverage(7.5, 2, 'latn')).toBe('7.50');
    expect(formatAverage(8.345, 2, 'latn')).toBe('8.35');
    expect(formatAverage(8.345, 1, 'latn')).toBe('8.3');
    expect(formatAverage(8.35, 1, 'khmr')).toBe('៨.៤');
    expect(formatAverage(null, 2, 'latn')).toBe('–');
  });

  it('writes scores without trailing zeros', () => {
    expect(formatScore(45, 2, 'latn')).toBe('45');
    expect(formatScore(37.5, 2, 'latn')).toBe('37.5');
    expect(formatScore(25 / 3, 2, 'latn')).toBe('8.33');
    expect(formatScore(1234, 1, 'khmr')).toBe('១២៣៤');
    expect(formatScore(null, 1, 'latn')).toBe('–');
  });

  it('writes a pass rate as a percentage with one decimal', () => {
    expect(formatPercent(7 / 8, 'latn')).toBe('87.5%');
    expect(formatPercent(2 / 3, 'khmr')).toBe('៦៦.៧%');
    expect(formatPercent(null, 'latn')).toBe('–');
  });

  it("names a grade's mention from the school's bands, in the language", () => {
    expect(mentionOf('A', 'en')).toBe('Excellent');
    expect(mentionOf('F', 'km')).toBe('ខ្សោយ');
    const bands = [{ letter: 'A' as const, minFraction: 0.85, mentionKm: 'ពូកែ', mentionEn: 'Top' }];
    expect(mentionOf('A', 'en', bands)).toBe('Top');
    // A letter the school's list leaves out falls back to the default words.
    expect(mentionOf('B', 'en', bands)).toBe('Very good');
  });
});

describe('the period in the address', () => {
  it('reads a complete choice as it is', () => {
    expect(periodFromParams(params('period=month&term=t2&month=5'), terms, 11)).toEqual({
      period: 'month',
      termId: 't2',
      month: 5,
    });
    expect(periodFromParams(params('period=term&term=t1'), terms, 5)).toEqual({
      period: 'term',
      termId: 't1',
      month: null,
    });
    expect(periodFromParams(params('period=year&term=t1&month=2'), terms, 5)).toEqual({
      period: 'year',
      termId: null,
      month: null,
    });
  });

  it("starts at today's month and its term", () => {
    expect(periodFromParams(params(''), terms, 12)).toEqual({
      period: 'month',
      termId: 't1',
      month: 12,
    });
    expect(periodFromParams(params('period=term'), terms, 5)).toEqual({
      period: 'term',
      termId: 't2',
      month: null,
    });
  });

  it('mends what does not fit the class: an unknown term, a month outside it, a bad period', () => {
    expect(periodFromParams(params('period=week&term=other&month=13'), terms, 1)).toEqual({
      period: 'month',
      termId: 't1',
      month: 1,
    });
    // April is in the second term: the first term's latest month begun is February.
    expect(periodFromParams(params('term=t1&month=6'), terms, 4)).toEqual({
      period: 'month',
      termId: 't1',
      month: 2,
    });
  });

  it('looks back at the last term in the holidays', () => {
    expect(periodFromParams(params(''), terms, 9)).toEqual({
      period: 'month',
      termId: 't2',
      month: 7,
    });
  });

  it('has no term when the class has none', () => {
    expect(periodFromParams(params('period=term'), [], 5)).toEqual({
      period: 'term',
      termId: null,
      month: null,
    });
  });

  it('picks a month of a term from the order of the school year', () => {
    const year = [11, 12, 1, 2, 4, 5, 6, 7];
    expect(defaultMonthOf(termOne.months, year, 12)).toBe(12);
    // January comes after November in the year, though its number is smaller.
    expect(defaultMonthOf([11, 12, 1, 2], year, 1)).toBe(1);
    expect(defaultMonthOf(termTwo.months, year, 12)).toBe(4);
    expect(defaultMonthOf(termOne.months, year, 6)).toBe(2);
    expect(defaultMonthOf(termOne.months, year, 9)).toBe(2);
    expect(defaultMonthOf([], year, 9)).toBeNull();
  });

  it('writes a choice back to the address and to the server query', () => {
    const month = { period: 'month' as const, termId: 't1', month: 12 };
    expect(periodParams(month)).toEqual({ period: 'month', term: 't1', month: '12' });
    expect(periodParams({ period: 'year', termId: 't1', month: 12 })).toEqual({ period: 'year' });
    expect(resultsQueryOf('c1', month)).toEqual({
      classId: 'c1',
      period: 'month',
      termId: 't1',
      month: 12,
    });
    expect(resultsQueryOf('c1', { period: 'term', termId: 't1', month: 12 })).toEqual({
      classId: 'c1',
      period: 'term',
      termId: 't1',
    });
    expect(resultsQueryOf('c1', { period: 'year', termId: null, month: null })).toEqual({
      classId: 'c1',
      period: 'year',
    });
    expect(resultsQueryOf(null, month)).toBeNull();
    expect(resultsQueryOf('c1', { period: 'term', termId: null, month: null })).toBeNull();
  });
});

describe('comment keys', () => {
  it('keys a month by its number, a term by its number, the year as y', () => {
    expect(reportPeriodKey({ period: 'month', month: 3 }, 2)).toBe('m3');
    expect(reportPeriodKey({ period: 'term', month: null }, 2)).toBe('t2');
    expect(reportPeriodKey({ period: 'year', month: null }, null)).toBe('y');
    expect(reportPeriodKey({ period: 'term', month: null }, null)).toBeNull();
    expect(reportPeriodKey({ period: 'month', month: null }, 1)).toBeNull();
  });
});

describe('period labels', () => {
  it('names a month with its term, a term by its name, and the year', () => {
    expect(periodLabel({ period: 'month', month: 11 }, termOne, 'en', t)).toBe(
      'period.monthOfTerm(November,Semester 1)',
    );
    expect(periodLabel({ period: 'month', month: 11 }, termOne, 'km', t)).toBe(
      'period.monthOfTerm(វិច្ឆិកា,ឆមាសទី១)',
    );
    expect(periodLabel({ period: 'term', month: null }, termTwo, 'km', t)).toBe('ឆមាសទី២');
    expect(periodLabel({ period: 'year', month: null }, null, 'en', t)).toBe('period.wholeYear');
  });
});

const point = (
  kind: 'month' | 'exam' | 'term' | 'year',
  term: number | null,
  month: number | null,
  average: number | null,
) => ({ kind, term, month, average, rank: average === null ? null : 3, classId: 'c1' });
const trend: StudentTrend = {
  student: { id: 's1', code: 'S1', nameKm: 'ក', nameEn: 'A' },
  yearId: 'y1',
  maxScore: 10,
  points: [
    point('month', 1, 11, 7.25),
    point('month', 1, 12, 8),
    point('exam', 1, null, 7.5),
    point('term', 1, null, 7.6),
    point('month', 2, 4, 6.9),
    point('month', 2, 5, null),
    point('year', null, null, null),
  ],
};

describe('a student trend', () => {
  it('draws months and exams with an average, in order', () => {
    expect(trendLine(trend).map((p) => [p.kind, p.month])).toEqual([
      ['month', 11],
      ['month', 12],
      ['exam', null],
      ['month', 4],
    ]);
  });

  it('labels the points briefly, in the language and digits', () => {
    expect(trendPointLabel(trend.points[0]!, 'en', t, 'latn')).toBe('Nov');
    expect(trendPointLabel(trend.points[2]!, 'en', t, 'khmr')).toBe('trend.examShort(១)');
    expect(trendPointLabel(trend.points[3]!, 'en', t, 'latn')).toBe('trend.termShort(1)');
    expect(trendPointLabel(trend.points[6]!, 'km', t, 'latn')).toBe('trend.year');
  });

  it('finds the latest known result', () => {
    expect(latestResult(trend)).toEqual(point('month', 2, 4, 6.9));
    expect(latestResult({ ...trend, points: [] })).toBeNull();
  });
});
