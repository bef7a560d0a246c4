import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import {
  dayColors,
  dayName,
  dayOfWeekOf,
  daysOfWeek,
  isDayOfWeek,
  isMonth,
  isWeekOfMonth,
  monthName,
  months,
  schedulePeriodName,
  schedulePeriodTypes,
  weekOfMonthOf,
  weekOfMonthRange,
  weeksInMonth,
  weeksOfMonth,
  type DayOfWeek,
  type Month,
} from './calendar.js';

describe('month names', () => {
  it.each<[Month, string, string, string]>([
    [1, 'January', 'Jan', 'មករា'],
    [2, 'February', 'Feb', 'កុម្ភៈ'],
    [3, 'March', 'Mar', 'មីនា'],
    [4, 'April', 'Apr', 'មេសា'],
    [5, 'May', 'May', 'ឧសភា'],
    [6, 'June', 'Jun', 'មិថុនា'],
    [7, 'July', 'Jul', 'កក្កដា'],
    [8, 'August', 'Aug', 'សីហា'],
    [9, 'September', 'Sep', 'កញ្ញា'],
    [10, 'October', 'Oct', 'តុលា'],
    [11, 'November', 'Nov', 'វិច្ឆិកា'],
    [12, 'December', 'Dec', 'ធ្នូ'],
  ])('%d is %s / %s / %s', (month, en, short, km) => {
    expect(monthName(month, 'en')).toBe(en);
    expect(monthName(month, 'en', 'short')).toBe(short);
    expect(monthName(month, 'km')).toBe(km);
    expect(monthName(month, 'km', 'short')).toBe(km);
  });
  it('stores months as 1–12', () => {
    expect(months).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('day names, Monday first', () => {
  it.each<[DayOfWeek, string, string, string]>([
    [1, 'Monday', 'Mon', 'ចន្ទ'],
    [2, 'Tuesday', 'Tue', 'អង្គារ'],
    [3, 'Wednesday', 'Wed', 'ពុធ'],
    [4, 'Thursday', 'Thu', 'ព្រហស្បតិ៍'],
    [5, 'Friday', 'Fri', 'សុក្រ'],
    [6, 'Saturday', 'Sat', 'សៅរ៍'],
    [7, 'Sunday', 'Sun', 'អាទិត្យ'],
  ])('%d is %s / %s / %s', (day, en, short, km) => {
    expect(dayName(day, 'en')).toBe(en);
    expect(dayName(day, 'en', 'short')).toBe(short);
    expect(dayName(day, 'km', 'short')).toBe(km);
    expect(dayName(day, 'km')).toBe(`ថ្ងៃ${km}`);
  });
  it('has seven tints and seven primary colours, all different', () => {
    expect(daysOfWeek).toHaveLength(7);
    const all = daysOfWeek.map((d) => dayColors[d]);
    for (const key of ['tint', 'tintDark', 'primary', 'primaryDark'] as const) {
      const values = all.map((c) => c[key]);
      expect(new Set(values).size).toBe(7);
      for (const v of values) expect(v).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});

describe('guards and period types', () => {
  it.each([
    [isMonth, 1, true],
    [isMonth, 12, true],
    [isMonth, 0, false],
    [isMonth, 13, false],
    [isMonth, 1.5, false],
    [isMonth, '3', false],
    [isWeekOfMonth, 6, true],
    [isWeekOfMonth, 7, false],
    [isDayOfWeek, 7, true],
    [isDayOfWeek, 0, false],
  ] as const)('%o(%j) is %s', (guard, value, expected) => {
    expect(guard(value)).toBe(expected);
  });
  it('names schedule period types', () => {
    expect(schedulePeriodTypes).toEqual(['year', 'month', 'week']);
    expect(schedulePeriodTypes.map((t) => schedulePeriodName(t, 'en'))).toEqual([
      'Year',
      'Month',
      'Week',
    ]);
    expect(schedulePeriodTypes.map((t) => schedulePeriodName(t, 'km'))).toEqual([
      'ឆ្នាំ',
      'ខែ',
      'សប្ដាហ៍',
    ]);
    expect(weeksOfMonth).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('weeks of a month (Monday first)', () => {
  it.each([
    // 2024-01-01 is a Monday
    [new CalendarDate(2024, 1, 1), 1, 1],
    [new CalendarDate(2024, 1, 7), 7, 1],
    [new CalendarDate(2024, 1, 8), 1, 2],
    // 2024-09-01 is a Sunday: the 2nd is in week 2
    [new CalendarDate(2024, 9, 1), 7, 1],
    [new CalendarDate(2024, 9, 2), 1, 2],
    [new CalendarDate(2024, 9, 30), 1, 6],
  ])('%s is day %d of week %d', (date, day, week) => {
    expect(dayOfWeekOf(date)).toBe(day);
    expect(weekOfMonthOf(date)).toBe(week);
  });

  it.each([
    [2024, 1, 5],
    [2024, 9, 6],
    [2021, 2, 4], // Feb 2021 starts on a Monday and has 28 days
  ] as const)('%d-%d has %d weeks', (year, month, count) => {
    expect(weeksInMonth(year, month)).toBe(count);
  });

  it('gives each week its days, clipped to the month', () => {
    expect(String(weekOfMonthRange(2024, 9, 1)?.start)).toBe('2024-09-01');
    expect(String(weekOfMonthRange(2024, 9, 1)?.end)).toBe('2024-09-01');
    expect(String(weekOfMonthRange(2024, 9, 2)?.start)).toBe('2024-09-02');
    expect(String(weekOfMonthRange(2024, 9, 2)?.end)).toBe('2024-09-08');
    expect(String(weekOfMonthRange(2024, 9, 6)?.end)).toBe('2024-09-30');
    expect(weekOfMonthRange(2024, 1, 6)).toBeNull();
  });
});
