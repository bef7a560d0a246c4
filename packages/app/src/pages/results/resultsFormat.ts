import {
  defaultGradeBands,
  type GradeBand,
  type GradeLetter,
  type ResultPeriod,
  type ScoreTerm,
  type StudentTrend,
} from '@sala/contract';
import { formatNumber, monthName, type DigitStyle, type Month } from '@sala/ui';
import type { TFunction } from 'i18next';

/**
 * A value rounded half away from zero to `decimals` places, as a person rounds the written
 * number: 8.345 → 8.35 (in binary 8.345 is a hair under, which naive rounding turns into 8.34).
 * The server keeps averages unrounded; only what is shown is rounded, once, here.
 */
export function roundForDisplay(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  // Fifteen significant digits drop the binary noise of sums and means (0.1 + 0.2).
  const clean = Number(Math.abs(value).toPrecision(15));
  // Shifting the decimal point through the written form is exact, multiplying is not.
  const [mantissa, exponent = '0'] = String(clean).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + decimals}`));
  const rounded = Number(`${shifted}e-${decimals}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** An average with the sheet's decimals, always written out (7.50), in the user's digits. */
export function formatAverage(value: number | null, decimals: number, digits: DigitStyle): string {
  if (value === null) return '–';
  return formatNumber(roundForDisplay(value, decimals), {
    digits,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  });
}

/** A score: whole marks stay whole (45), parts up to the sheet's decimals (37.5, 8.33). */
export function formatScore(value: number | null, decimals: number, digits: DigitStyle): string {
  if (value === null) return '–';
  return formatNumber(roundForDisplay(value, decimals), {
    digits,
    minimumFractionDigits: 0,
    maximumFractionDigits: decimals,
    useGrouping: false,
  });
}

/** A share (0–1) as a percentage with one decimal (87.5%); a dash with none. */
export function formatPercent(rate: number | null, digits: DigitStyle): string {
  if (rate === null) return '–';
  return `${formatNumber(roundForDisplay(rate * 100, 1), {
    digits,
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  })}%`;
}

/** A grade letter's badge tone: the good ones green, the middle blue, E amber, F red. */
export const gradeTone = {
  A: 'success',
  B: 'success',
  C: 'info',
  D: 'info',
  E: 'warning',
  F: 'danger',
} as const satisfies Record<GradeLetter, string>;

/** A grade letter's mention in the language, from the school's bands (the defaults without). */
export function mentionOf(
  grade: GradeLetter,
  lang: string,
  bands: readonly GradeBand[] = defaultGradeBands,
): string {
  const band =
    bands.find((b) => b.letter === grade) ?? defaultGradeBands.find((b) => b.letter === grade);
  if (!band) return grade;
  return lang === 'km' ? band.mentionKm : band.mentionEn;
}

/** What a result sheet is for: a month of a term, a whole term, or the year. */
export interface PeriodChoice {
  period: ResultPeriod;
  termId: string | null;
  month: number | null;
}

const isPeriod = (value: string | null): value is ResultPeriod =>
  value === 'month' || value === 'term' || value === 'year';

/**
 * The period asked for in the page's address (`period`, `term`, `month`), made whole from the
 * class's terms (in the year's order): a term that is not the class's gives way to the term of
 * today's month, else the last (the holidays look back at the year just ended); a month outside
 * the term to the one `defaultMonthOf` picks.
 */
export function periodFromParams(
  params: URLSearchParams,
  terms: readonly Pick<ScoreTerm, 'id' | 'months'>[],
  todayMonth: number,
): PeriodChoice {
  const asked = params.get('period');
  const period: ResultPeriod = isPeriod(asked) ? asked : 'month';
  if (period === 'year') return { period, termId: null, month: null };
  const term =
    terms.find((t) => t.id === params.get('term')) ??
    terms.find((t) => t.months.includes(todayMonth)) ??
    terms[terms.length - 1];
  if (!term) return { period, termId: null, month: null };
  if (period === 'term') return { period, termId: term.id, month: null };
  const askedMonth = Number(params.get('month'));
  if (term.months.includes(askedMonth)) return { period, termId: term.id, month: askedMonth };
  const yearMonths = terms.flatMap((t) => t.months);
  return { period, termId: term.id, month: defaultMonthOf(term.months, yearMonths, todayMonth) };
}

/**
 * The month of a term to show first: today's when the term has it; else the term's latest month
 * already begun, in the order of the school year (`yearMonths`, every term's months in teaching
 * order); else its first (a term still to come). Outside the year's months (the holidays), the
 * term's last.
 */
export function defaultMonthOf(
  months: readonly number[],
  yearMonths: readonly number[],
  todayMonth: number,
): number | null {
  if (months.length === 0) return null;
  if (months.includes(todayMonth)) return todayMonth;
  const today = yearMonths.indexOf(todayMonth);
  if (today === -1) return months[months.length - 1]!;
  const begun = months.filter((m) => yearMonths.indexOf(m) <= today);
  return begun.length > 0 ? begun[begun.length - 1]! : months[0]!;
}

/** The search parameters of a period, for the page's address. */
export function periodParams(choice: PeriodChoice): Record<string, string> {
  const params: Record<string, string> = { period: choice.period };
  if (choice.termId && choice.period !== 'year') params.term = choice.termId;
  if (choice.month !== null && choice.period === 'month') params.month = String(choice.month);
  return params;
}

/** The query of the server's result sheet for a class and period, or null when incomplete. */
export function resultsQueryOf(
  classId: string | null,
  choice: PeriodChoice,
): { classId: string; period: ResultPeriod; termId?: string; month?: number } | null {
  if (!classId) return null;
  if (choice.period === 'year') return { classId, period: 'year' };
  if (!choice.termId) return null;
  if (choice.period === 'term') return { classId, period: 'term', termId: choice.termId };
  if (choice.month === null) return null;
  return { classId, period: 'month', termId: choice.termId, month: choice.month };
}

/** i18next's `t` of the `results` strings (any `t` whose keys it can read). */
type Translate = TFunction<'results'>;
const calendarLanguage = (lang: string) => (lang === 'km' ? 'km' : 'en');

/**
 * A period's name as headings say it: "November · Semester 1", "Semester 1", "Whole year". The
 * term's name is the school's own; the rest comes from the `results` strings.
 */
export function periodLabel(
  choice: { period: ResultPeriod; month: number | null },
  term: { nameKm: string; nameEn: string } | null,
  lang: string,
  t: Translate,
): string {
  const termName = term ? (lang === 'km' ? term.nameKm : term.nameEn) : '';
  if (choice.period === 'year') return t('period.wholeYear');
  if (choice.period === 'term') return termName;
  const month = choice.month ? monthName(choice.month as Month, calendarLanguage(lang)) : '';
  return termName ? t('period.monthOfTerm', { month, term: termName }) : month;
}

/** A point of a student's year as the trend chart names it: "Nov", "Exam 1", "Term 1", "Year". */
export function trendPointLabel(
  point: StudentTrend['points'][number],
  lang: string,
  t: Translate,
  digits: DigitStyle,
): string {
  const term = point.term === null ? '' : formatNumber(point.term, { digits });
  switch (point.kind) {
    case 'month':
      return point.month ? monthName(point.month as Month, calendarLanguage(lang), 'short') : '';
    case 'exam':
      return t('trend.examShort', { term });
    case 'term':
      return t('trend.termShort', { term });
    case 'year':
      return t('trend.year');
  }
}

/**
 * The points a trend chart draws: each month's and each exam's average in the order of the year
 * (the server lists them so), without the ones not yet known. Term and year averages are
 * summaries, listed beside the chart rather than drawn between months.
 */
export function trendLine(trend: StudentTrend): StudentTrend['points'] {
  return trend.points.filter(
    (p) => (p.kind === 'month' || p.kind === 'exam') && p.average !== null,
  );
}

/** The summaries of a student's year: each term's average and the year's, as far as known. */
export function trendSummaries(trend: StudentTrend): StudentTrend['points'] {
  return trend.points.filter((p) => p.kind === 'term' || p.kind === 'year');
}

/** The latest point of the year with an average: the student's most recent result. */
export function latestResult(trend: StudentTrend): StudentTrend['points'][number] | null {
  const known = trend.points.filter((p) => p.average !== null && p.kind !== 'year');
  return known.length > 0 ? known[known.length - 1]! : null;
}

/** The key homeroom comments are kept under: a month `m3`, a term by its number `t1`, the year `y`. */
export function reportPeriodKey(
  choice: { period: ResultPeriod; month: number | null },
  termNumber: number | null,
): string | null {
  if (choice.period === 'year') return 'y';
  if (choice.period === 'term') return termNumber === null ? null : `t${termNumber}`;
  return choice.month === null ? null : `m${choice.month}`;
}
