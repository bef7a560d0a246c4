import { CalendarDate, endOfMonth, getDayOfWeek, startOfMonth } from '@internationalized/date';

/**
 * The calendar values Sala stores (numbers) and the names it displays. Names in Khmer come from
 * our own table (DOMAIN.md): the ICU data in browsers differs between versions (some prefix days
 * with ថ្ងៃ, some abbreviate); English names come from `Intl`, which is right for them.
 */
export type CalendarLanguage = 'en' | 'km';

/** Months as stored: 1 (January) to 12 (December). */
export const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type Month = (typeof months)[number];

/** Weeks of a month as stored: 1 to 6 (a month touches at most six Monday-first weeks). */
export const weeksOfMonth = [1, 2, 3, 4, 5, 6] as const;
export type WeekOfMonth = (typeof weeksOfMonth)[number];

/** Days of the week as stored, Monday first: 1 (Monday) to 7 (Sunday), as ISO 8601 numbers them. */
export const daysOfWeek = [1, 2, 3, 4, 5, 6, 7] as const;
export type DayOfWeek = (typeof daysOfWeek)[number];

/** How a timetable or report period is scheduled. */
export const schedulePeriodTypes = ['year', 'month', 'week'] as const;
export type SchedulePeriodType = (typeof schedulePeriodTypes)[number];

export const khmerMonthNames = [
  'មករា',
  'កុម្ភៈ',
  'មីនា',
  'មេសា',
  'ឧសភា',
  'មិថុនា',
  'កក្កដា',
  'សីហា',
  'កញ្ញា',
  'តុលា',
  'វិច្ឆិកា',
  'ធ្នូ',
] as const;

export const khmerDayNames = ['ចន្ទ', 'អង្គារ', 'ពុធ', 'ព្រហស្បតិ៍', 'សុក្រ', 'សៅរ៍', 'អាទិត្យ'] as const;

const schedulePeriodNames: Record<SchedulePeriodType, Record<CalendarLanguage, string>> = {
  year: { en: 'Year', km: 'ឆ្នាំ' },
  month: { en: 'Month', km: 'ខែ' },
  week: { en: 'Week', km: 'សប្ដាហ៍' },
};

export type NameWidth = 'long' | 'short';

export function isMonth(value: unknown): value is Month {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12;
}
export function isWeekOfMonth(value: unknown): value is WeekOfMonth {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}
export function isDayOfWeek(value: unknown): value is DayOfWeek {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 7;
}

/** The name of a month (1–12): `monthName(4, 'km')` → មេសា, `monthName(4, 'en', 'short')` → Apr. */
export function monthName(month: Month, lang: CalendarLanguage, width: NameWidth = 'long'): string {
  if (lang === 'km') return khmerMonthNames[month - 1]!;
  return new Intl.DateTimeFormat('en-US', { month: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, month - 1, 1)),
  );
}

/**
 * The name of a day (1 Monday – 7 Sunday). Khmer days are usually written with ថ្ងៃ ("day")
 * before them; `long` adds it (ថ្ងៃចន្ទ), `short` gives the bare name (ចន្ទ).
 */
export function dayName(day: DayOfWeek, lang: CalendarLanguage, width: NameWidth = 'long'): string {
  if (lang === 'km')
    return width === 'long' ? `ថ្ងៃ${khmerDayNames[day - 1]}` : khmerDayNames[day - 1]!;
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat('en-US', { weekday: width, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, day)),
  );
}

/** The name of a schedule period type in a language. */
export function schedulePeriodName(type: SchedulePeriodType, lang: CalendarLanguage): string {
  return schedulePeriodNames[type][lang];
}

/** One day's colours: a background tint (light and dark colour mode) and a primary colour. */
export interface DayColors {
  /** A pale background for the day in light mode. */
  tint: string;
  /** The same tint for dark mode. */
  tintDark: string;
  /** The day's strong colour: white text on it has at least 4.5:1 contrast. */
  primary: string;
  /** The day's colour for text and borders on a dark background. */
  primaryDark: string;
}

/**
 * The colour of each day, after the Khmer custom (Monday yellow, Tuesday pink, Wednesday green,
 * Thursday orange, Friday blue, Saturday purple, Sunday red): timetables colour days with them.
 */
export const dayColors: Record<DayOfWeek, DayColors> = {
  1: { tint: '#fef9c3', tintDark: '#422006', primary: '#a16207', primaryDark: '#fde047' },
  2: { tint: '#fce7f3', tintDark: '#500724', primary: '#be185d', primaryDark: '#f9a8d4' },
  3: { tint: '#dcfce7', tintDark: '#052e16', primary: '#15803d', primaryDark: '#86efac' },
  4: { tint: '#ffedd5', tintDark: '#431407', primary: '#c2410c', primaryDark: '#fdba74' },
  5: { tint: '#dbeafe', tintDark: '#172554', primary: '#1d4ed8', primaryDark: '#93c5fd' },
  6: { tint: '#f3e8ff', tintDark: '#3b0764', primary: '#7e22ce', primaryDark: '#d8b4fe' },
  7: { tint: '#fee2e2', tintDark: '#450a0a', primary: '#b91c1c', primaryDark: '#fca5a5' },
};

/** The day of the week (1 Monday – 7 Sunday) of a calendar date. */
export function dayOfWeekOf(date: CalendarDate): DayOfWeek {
  // getDayOfWeek with an explicit Monday-first week: 0 = Monday.
  return (getDayOfWeek(date, 'en-US', 'mon') + 1) as DayOfWeek;
}

/** The Monday-first week of its month (1–6) a date falls in. */
export function weekOfMonthOf(date: CalendarDate): WeekOfMonth {
  const first = startOfMonth(date);
  const offset = dayOfWeekOf(first) - 1;
  return (Math.floor((date.day - 1 + offset) / 7) + 1) as WeekOfMonth;
}

/** How many Monday-first weeks a month touches (4 to 6). */
export function weeksInMonth(year: number, month: Month): WeekOfMonth {
  return weekOfMonthOf(endOfMonth(new CalendarDate(year, month, 1)));
}

/**
 * The first and last day of week `week` (1–6) of a month, clipped to the month; null when the
 * month has no such week (e.g. week 6 of a month spanning five weeks).
 */
export function weekOfMonthRange(
  year: number,
  month: Month,
  week: WeekOfMonth,
): { start: CalendarDate; end: CalendarDate } | null {
  if (week > weeksInMonth(year, month)) return null;
  const first = new CalendarDate(year, month, 1);
  const offset = dayOfWeekOf(first) - 1;
  const startDay = Math.max(1, (week - 1) * 7 - offset + 1);
  const last = endOfMonth(first);
  const endDay = Math.min(last.day, week * 7 - offset);
  return { start: first.set({ day: startDay }), end: first.set({ day: endDay }) };
}
