import { describe, expect, it } from 'vitest';
import {
  addDays,
  cambodiaClock,
  dayBefore,
  mondayOf,
  schoolDay,
  schoolToday,
  weekdayOf,
} from './schoolTime.js';

describe('the school’s day (Cambodia, UTC+7)', () => {
  it('starts at 17:00 UTC the day before', () => {
    expect(schoolToday(new Date('2026-03-09T16:59:59.999Z'))).toBe('2026-03-09');
    expect(schoolToday(new Date('2026-03-09T17:00:00Z'))).toBe('2026-03-10');
    expect(cambodiaClock(new Date('2026-03-09T17:00:00Z'))).toEqual({
      date: '2026-03-10',
      time: '00:00',
    });
  });
  it('turns the year and the month in Cambodia before UTC does', () => {
    expect(schoolToday(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(schoolToday(new Date('2028-02-28T20:00:00Z'))).toBe('2028-02-29');
    expect(cambodiaClock(new Date('2026-06-30T16:59:00Z'))).toEqual({
      date: '2026-06-30',
      time: '23:59',
    });
  });
  it('has no daylight saving: the same offset all year', () => {
    expect(cambodiaClock(new Date('2026-01-15T05:00:00Z')).time).toBe('12:00');
    expect(cambodiaClock(new Date('2026-07-15T05:00:00Z')).time).toBe('12:00');
  });
  it('gives the weekday with the date', () => {
    // Sunday 22 November 2026, 20:00 UTC: Monday morning in Phnom Penh.
    expect(schoolDay(new Date('2026-11-22T20:00:00Z'))).toEqual({
      date: '2026-11-23',
      dayOfWeek: 1,
    });
    expect(schoolDay(new Date('2026-11-22T10:00:00Z'))).toEqual({
      date: '2026-11-22',
      dayOfWeek: 7,
    });
  });
});

describe('addDays and dayBefore', () => {
  it('crosses month ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-04-30', 1)).toBe('2026-05-01');
    expect(addDays('2026-05-01', -1)).toBe('2026-04-30');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });
  it('knows leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
  });
  it('crosses years, both ways, and counts long spans', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(addDays('2026-03-10', -365)).toBe('2025-03-10');
    expect(addDays('2028-03-10', -365)).toBe('2027-03-11');
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10');
  });
});

describe('weekdays and weeks', () => {
  it('numbers weekdays 1 Monday … 7 Sunday', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(weekdayOf('2028-02-29')).toBe(2);
  });
  it('starts a week on Monday, across months and years', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(mondayOf('2027-01-02')).toBe('2026-12-28');
    expect(mondayOf('2028-03-02')).toBe('2028-02-28');
  });
  it('agrees with the calendar for every day of a leap year', () => {
    for (let day = '2028-01-01'; day < '2029-01-01'; day = addDays(day, 1)) {
      const utc = new Date(`${day}T00:00:00Z`);
      expect(addDays(day, 1)).toBe(new Date(utc.getTime() + 86_400_000).toISOString().slice(0, 10));
      expect(weekdayOf(day)).toBe(((utc.getUTCDay() + 6) % 7) + 1);
      expect(weekdayOf(mondayOf(day))).toBe(1);
    }
  });
});
