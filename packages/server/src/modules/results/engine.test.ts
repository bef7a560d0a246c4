import { describe, expect, it } from 'vitest';
import { defaultGradeBands, type GradeBand } from '@sala/contract';
import {
  gradeOf,
  mean,
  median,
  mentionOf,
  monthRange,
  monthsRange,
  passedOf,
  ranksWithTies,
  resultStats,
  subjectTakesTest,
  subjectTermScore,
  termAverageOf,
  testAverage,
  yearAverageOf,
} from './engine.js';

const bands = defaultGradeBands;

describe('grade letters', () => {
  it('gives each band from its cut-off up, on any scale', () => {
    // Out of 10: 9 → 0.9 A; 8.99 → 0.899 B; 8 B; 7 C; 6 D; 5 E; 4.99 F; 0 F
    expect(
      [10, 9, 8.99, 8, 7.99, 7, 6, 5.99, 5, 4.99, 0].map((v) => gradeOf(v, 10, bands)),
    ).toEqual(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'E', 'E', 'F', 'F']);
    // Out of 50: 45 → 0.9 A; 44.5 → 0.89 B; 25 → 0.5 E; 24.9 → 0.498 F
    expect([45, 44.5, 40, 35, 30, 25, 24.9].map((v) => gradeOf(v, 50, bands))).toEqual([
      'A',
      'B',
      'B',
      'C',
      'D',
      'E',
      'F',
    ]);
    // Out of 100
    expect(gradeOf(90, 100, bands)).toBe('A');
    expect(gradeOf(89.999, 100, bands)).toBe('B');
  });

  it('reaches a cut-off met exactly despite binary fractions', () => {
    // 0.7 × 3 = 2.0999999999999996 in binary; 2.1 ÷ 3 = 0.7000000000000001 — both are C
    expect(gradeOf(2.1, 3, bands)).toBe('C');
    expect(gradeOf(0.7 * 3, 3, bands)).toBe('C');
    // 31.5 ÷ 35 = 0.9: A
    expect(gradeOf(31.5, 35, bands)).toBe('A');
  });

  it('has no letter without a value or a scale', () => {
    expect(gradeOf(null, 10, bands)).toBeNull();
    expect(gradeOf(5, 0, bands)).toBeNull();
  });

  it("follows a school's own cut-offs, whatever order they are given in", () => {
    const strict: GradeBand[] = [
      { letter: 'A', minFraction: 0.95, mentionKm: 'ល្អប្រសើរ', mentionEn: 'Outstanding' },
      { letter: 'B', minFraction: 0.85, mentionKm: 'ល្អណាស់', mentionEn: '' },
      { letter: 'C', minFraction: 0.75, mentionKm: 'ល្អ', mentionEn: 'Good' },
      { letter: 'D', minFraction: 0.65, mentionKm: 'ល្អបង្គួរ', mentionEn: 'Fair' },
      { letter: 'E', minFraction: 0.55, mentionKm: '', mentionEn: 'Pass' },
      { letter: 'F', minFraction: 0, mentionKm: 'ខ្សោយ', mentionEn: 'Weak' },
    ];
    expect([9.5, 9.4, 8.5, 7.5, 6.5, 5.5, 5.4].map((v) => gradeOf(v, 10, strict))).toEqual([
      'A',
      'B',
      'B',
      'C',
      'D',
      'E',
      'F',
    ]);
    expect(gradeOf(9.6, 10, [...strict].reverse())).toBe('A');
    expect(mentionOf('A', strict, 'en')).toBe('Outstanding');
    // An empty mention falls back to the other language's
    expect(mentionOf('B', strict, 'en')).toBe('ល្អណាស់');
    expect(mentionOf('E', strict, 'km')).toBe('Pass');
  });
});

describe('mentions', () => {
  it('names every default band in Khmer and English', () => {
    expect(bands.map((band) => mentionOf(band.letter, bands, 'km'))).toEqual([
      'ល្អប្រសើរ',
      'ល្អណាស់',
      'ល្អ',
      'ល្អបង្គួរ',
      'មធ្យម',
      'ខ្សោយ',
    ]);
    expect(bands.map((band) => mentionOf(band.letter, bands, 'en'))).toEqual([
      'Excellent',
      'Very good',
      'Good',
      'Fairly good',
      'Average',
      'Weak',
    ]);
    expect(mentionOf(null, bands, 'km')).toBeNull();
  });
});

describe('pass or fail', () => {
  it('passes at half of the maximum', () => {
    expect(passedOf(5, 10)).toBe(true);
    expect(passedOf(4.99, 10)).toBe(false);
    expect(passedOf(25, 50)).toBe(true);
    expect(passedOf(24.99, 50)).toBe(false);
    expect(passedOf(0, 10)).toBe(false);
    expect(passedOf(null, 10)).toBeNull();
  });
});

describe('ranks', () => {
  it('shares a rank between equal values and skips the next (1, 2, 2, 4)', () => {
    expect(ranksWithTies([9, 7, 7, 6])).toEqual([1, 2, 2, 4]);
    expect(ranksWithTies([6, 7, 9, 7])).toEqual([4, 2, 1, 2]);
    expect(ranksWithTies([5, 5, 5])).toEqual([1, 1, 1]);
    expect(ranksWithTies([8, 8, 7, 7, 6])).toEqual([1, 1, 3, 3, 5]);
  });

  it('leaves students without an average unranked, taking no place', () => {
    expect(ranksWithTies([null, 7, 9, null, 7])).toEqual([null, 2, 1, null, 2]);
    expect(ranksWithTies([])).toEqual([]);
    expect(ranksWithTies([null])).toEqual([null]);
  });

  it('treats averages equal but for rounding noise as equal', () => {
    // (0.1 + 0.2) and 0.3 differ in binary; as averages they are the same
    expect(ranksWithTies([0.1 + 0.2, 0.3, 0.29])).toEqual([1, 1, 3]);
    // 80 ÷ 7 reached two ways
    expect(ranksWithTies([160 / 14, (80 / 7) * 1, 10])).toEqual([1, 1, 3]);
  });
});

describe('means and medians', () => {
  it('averages, and finds the middle of odd and even counts', () => {
    expect(mean([8.25, 5.25, 7, 2.5])).toBe(5.75);
    expect(mean([])).toBeNull();
    expect(median([8.25, 5.25, 7, 2.5])).toBe(6.125);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4])).toBe(4);
    expect(median([])).toBeNull();
  });
});

describe('test averages', () => {
  it('weights scores by coefficient and counts an absence as 0', () => {
    // 40 × 2 + 35 + 45 = 160; ÷ 14 = 11.428571…
    const result = testAverage(
      [
        { score: 40, absent: false, coefficient: 2 },
        { score: 35, absent: false, coefficient: 1 },
        { score: 45, absent: false, coefficient: 1 },
      ],
      14,
    );
    expect(result?.total).toBe(160);
    expect(result?.average).toBeCloseTo(11.428571428571429, 12);
    // absent (0) + 6 + not entered: 6 over the two subjects with a mark, ÷ (3 × 2 ÷ 3) = 3
    expect(
      testAverage(
        [
          { score: null, absent: true, coefficient: 1 },
          { score: 6, absent: false, coefficient: 1 },
          { score: null, absent: false, coefficient: 1 },
        ],
        3,
      ),
    ).toEqual({ total: 6, average: 3, missing: 1 });
    // 168 ÷ 8.4 = 20
    expect(
      testAverage(
        [
          { score: 42, absent: false, coefficient: 2 },
          { score: 38, absent: false, coefficient: 1 },
          { score: 46, absent: false, coefficient: 1 },
        ],
        8.4,
      )?.average,
    ).toBeCloseTo(20, 12);
  });

  it('gives no result without a score or an absence, or without a divisor', () => {
    expect(testAverage([{ score: null, absent: false, coefficient: 1 }], 3)).toBeNull();
    expect(testAverage([], 3)).toBeNull();
    expect(testAverage([{ score: 5, absent: false, coefficient: 1 }], 0)).toBeNull();
    // Absent from everything is a result: 0
    expect(testAverage([{ score: null, absent: true, coefficient: 1 }], 3)).toEqual({
      total: 0,
      average: 0,
      missing: 0,
    });
  });

  it('leaves a score not entered out, where an absence counts 0', () => {
    const marks = (third: { score: number | null; absent: boolean }) => [
      { score: 8, absent: false, coefficient: 1 },
      { score: 6, absent: false, coefficient: 1 },
      { ...third, coefficient: 1 },
    ];
    // Entered: (8 + 6 + 7) ÷ 3 = 7
    expect(testAverage(marks({ score: 7, absent: false }), 3)?.average).toBe(7);
    // Absent: (8 + 6 + 0) ÷ 3 = 4.67, pulled down on purpose
    expect(testAverage(marks({ score: null, absent: true }), 3)?.average).toBeCloseTo(14 / 3, 12);
    // Not entered: (8 + 6) over the two subjects with a mark = 7, not 4.67
    expect(testAverage(marks({ score: null, absent: false }), 3)).toEqual({
      total: 14,
      average: 7,
      missing: 1,
    });
  });

  it('shrinks a fixed divisor in proportion to the coefficients left out', () => {
    // Grade 9 divides by 8.4 for subjects weighing 12 in all; Khmer (2) not entered:
    // the other 10 weigh 10 ÷ 12 of the divisor: 7 ÷ (8.4 × 10 ÷ 12) = 1
    const marks = [
      { score: null, absent: false, coefficient: 2 },
      ...Array.from({ length: 10 }, (_, i) => ({
        score: i === 0 ? 7 : 0,
        absent: false,
        coefficient: 1,
      })),
    ];
    const result = testAverage(marks, 8.4);
    expect(result?.average).toBeCloseTo(1, 12);
    expect(result?.missing).toBe(1);
  });
});

describe('term and year averages', () => {
  it('halves the exam plus the mean of the months there are', () => {
    // (8 + (9 + 8) ÷ 2) ÷ 2 = 8.25
    expect(termAverageOf(8, [9, 8])).toBe(8.25);
    // (7 + 7) ÷ 2, the missing month left out
    expect(termAverageOf(7, [7, null])).toBe(7);
    // Absent from the exam: 0
    expect(termAverageOf(0, [4, 6])).toBe(2.5);
  });

  it('has no term average without the exam or without any month', () => {
    expect(termAverageOf(null, [9, 8])).toBeNull();
    expect(termAverageOf(8, [null, null])).toBeNull();
    expect(termAverageOf(8, [])).toBeNull();
  });

  it('averages the terms for the year, none when one is missing', () => {
    expect(yearAverageOf([8.25, 9])).toBe(8.625);
    expect(yearAverageOf([7, null])).toBeNull();
    expect(yearAverageOf([])).toBeNull();
  });
});

describe('subjects', () => {
  it('knows which tests each type of subject sits', () => {
    expect(subjectTakesTest('learning_exam', 'month')).toBe(true);
    expect(subjectTakesTest('learning_exam', 'exam')).toBe(true);
    expect(subjectTakesTest('learning', 'month')).toBe(true);
    expect(subjectTakesTest('learning', 'exam')).toBe(false);
    expect(subjectTakesTest('attendance', 'month')).toBe(true);
    expect(subjectTakesTest('attendance', 'exam')).toBe(false);
    expect(subjectTakesTest('exam', 'month')).toBe(false);
    expect(subjectTakesTest('exam', 'exam')).toBe(true);
  });

  it("makes a subject's term result from the kinds of test it has", () => {
    // ((9 + 8) ÷ 2 + 9) ÷ 2 = 8.75
    expect(subjectTermScore('learning_exam', 8.5, 9)).toBe(8.75);
    expect(subjectTermScore('learning_exam', 8.5, null)).toBeNull();
    expect(subjectTermScore('learning_exam', null, 9)).toBeNull();
    expect(subjectTermScore('learning', 8, null)).toBe(8);
    expect(subjectTermScore('attendance', 9.5, 3)).toBe(9.5);
    expect(subjectTermScore('exam', null, 8)).toBe(8);
    expect(subjectTermScore('exam', 6, null)).toBeNull();
  });
});

describe('class statistics', () => {
  it('counts the students still in the class, by gender and by grade letter', () => {
    const stats = resultStats(
      [
        { gender: 'female', average: 8.25, active: true },
        { gender: 'male', average: 5.25, active: true },
        { gender: 'female', average: 7, active: true },
        { gender: 'male', average: 2.5, active: true },
        { gender: 'other', average: null, active: true },
        // Left the class: not counted
        { gender: 'female', average: 9.5, active: false },
        { gender: null, average: 9, active: true },
      ],
      10,
      bands,
    );
    // Averages 8.25, 5.25, 7, 2.5, 9 → mean 32 ÷ 5 = 6.4; median 7; passed 4 of 5
    expect(stats).toMatchObject({
      count: 6,
      withResult: 5,
      passed: 4,
      passRate: 0.8,
      mean: 6.4,
      median: 7,
      highest: 9,
      lowest: 2.5,
    });
    expect(stats.byGender).toEqual([
      {
        gender: 'female',
        count: 2,
        withResult: 2,
        passed: 2,
        passRate: 1,
        mean: 7.625,
        median: 7.625,
        highest: 8.25,
        lowest: 7,
      },
      {
        gender: 'male',
        count: 2,
        withResult: 2,
        passed: 1,
        passRate: 0.5,
        mean: 3.875,
        median: 3.875,
        highest: 5.25,
        lowest: 2.5,
      },
      {
        gender: 'other',
        count: 1,
        withResult: 0,
        passed: 0,
        passRate: null,
        mean: null,
        median: null,
        highest: null,
        lowest: null,
      },
    ]);
    // 9 A; 8.25 B; 7 C; 5.25 E; 2.5 F
    expect(stats.grades).toEqual([
      { grade: 'A', count: 1 },
      { grade: 'B', count: 1 },
      { grade: 'C', count: 1 },
      { grade: 'D', count: 0 },
      { grade: 'E', count: 1 },
      { grade: 'F', count: 1 },
    ]);
  });

  it('has empty statistics for an empty class', () => {
    const stats = resultStats([], 50, bands);
    expect(stats).toMatchObject({
      count: 0,
      withResult: 0,
      passed: 0,
      passRate: null,
      mean: null,
      median: null,
      highest: null,
      lowest: null,
    });
    expect(stats.grades.every((entry) => entry.count === 0)).toBe(true);
    expect(stats.byGender.map((entry) => entry.count)).toEqual([0, 0, 0]);
  });
});

describe('months of a year', () => {
  const year = { startDate: '2025-11-01', endDate: '2026-08-31' };

  it('places each month in the calendar year it falls in', () => {
    expect(monthRange(year, 11)).toEqual({ from: '2025-11-01', to: '2025-11-30' });
    expect(monthRange(year, 12)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(monthRange(year, 1)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    // 2026 is not a leap year; 2028 is
    expect(monthRange(year, 2)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange({ startDate: '2027-11-01', endDate: '2028-08-31' }, 2)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it("cuts a month to the year's own days", () => {
    const mid = { startDate: '2025-10-15', endDate: '2026-07-20' };
    expect(monthRange(mid, 10)).toEqual({ from: '2025-10-15', to: '2025-10-31' });
    expect(monthRange(mid, 7)).toEqual({ from: '2026-07-01', to: '2026-07-20' });
  });

  it('spans a term across the new year', () => {
    expect(monthsRange(year, [11, 12, 1, 2, 3])).toEqual({ from: '2025-11-01', to: '2026-03-31' });
    expect(monthsRange(year, [4, 5, 6, 7, 8])).toEqual({ from: '2026-04-01', to: '2026-08-31' });
    expect(monthsRange(year, [])).toEqual({ from: '2025-11-01', to: '2026-08-31' });
  });
});
