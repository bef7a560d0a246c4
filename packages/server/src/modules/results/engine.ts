import {
  genders,
  gradeLetters,
  type Gender,
  type GradeBand,
  type GradeLetter,
  type Locale,
  type ResultStats,
  type SubjectType,
} from '@sala/contract';

/**
 * The pure rules of results (DOMAIN.md "Scores and results"): grade letters and mentions,
 * pass or fail, ranks with ties, medians and a class's statistics, and how a subject's or a
 * term's result is made from its parts. The database computes the averages of whole classes
 * (sql.ts) with the same rules; these functions apply to one value or one list at a time.
 */

/**
 * Averages equal to this many decimals are equal: numbers computed by different routes (a sum
 * of thirds, a division by 8.4) must not be told apart by the last digits of their binary or
 * decimal expansion. The database ranks with the same rounding.
 */
export const RANK_DECIMALS = 9;

/** A tolerance for comparing a fraction with a band's cut-off (0.9 reached by 45 ÷ 50). */
const CUTOFF_TOLERANCE = 1e-9;

/** The subject types whose scores make a month's test, and those that make a term's exam. */
export const monthSubjectTypes: readonly SubjectType[] = [
  'learning_exam',
  'learning',
  'attendance',
];
export const examSubjectTypes: readonly SubjectType[] = ['learning_exam', 'exam'];

/** Whether a subject of this type has a score in a test of this kind. */
export function subjectTakesTest(type: SubjectType, kind: 'month' | 'exam'): boolean {
  return (kind === 'month' ? monthSubjectTypes : examSubjectTypes).includes(type);
}

/**
 * The grade letter of a value on a scale: the first band (A first) whose cut-off the fraction
 * value ÷ max reaches. Null without a value or a scale.
 */
export function gradeOf(
  value: number | null,
  max: number,
  bands: readonly GradeBand[],
): GradeLetter | null {
  if (value === null || !(max > 0)) return null;
  const fraction = value / max;
  const ordered = [...bands].sort((a, b) => b.minFraction - a.minFraction);
  for (const band of ordered) {
    if (fraction + CUTOFF_TOLERANCE >= band.minFraction) return band.letter;
  }
  return ordered[ordered.length - 1]?.letter ?? null;
}

/** The mention of a grade letter in a language (the other language's when it is empty). */
export function mentionOf(
  letter: GradeLetter | null,
  bands: readonly GradeBand[],
  language: Locale,
): string | null {
  if (letter === null) return null;
  const band = bands.find((candidate) => candidate.letter === letter);
  if (!band) return null;
  return language === 'km' ? band.mentionKm || band.mentionEn : band.mentionEn || band.mentionKm;
}

/** A student passes with at least half of the maximum; null without an average. */
export function passedOf(average: number | null, max: number): boolean | null {
  if (average === null) return null;
  return average + CUTOFF_TOLERANCE >= max / 2;
}

const rankKey = (value: number) => Number(value.toFixed(RANK_DECIMALS));

/**
 * Ranks of values, highest first; equal values share a rank and the next rank skips
 * (1, 2, 2, 4) — SQL's rank(). Null values are not ranked and take no place.
 */
export function ranksWithTies(values: readonly (number | null)[]): (number | null)[] {
  const ranked = values
    .map((value, index) => ({ key: value === null ? null : rankKey(value), index }))
    .filter((entry): entry is { key: number; index: number } => entry.key !== null)
    .sort((a, b) => b.key - a.key);
  const ranks: (number | null)[] = values.map(() => null);
  ranked.forEach((entry, position) => {
    const previous = ranked[position - 1];
    ranks[entry.index] =
      previous && previous.key === entry.key ? ranks[previous.index]! : position + 1;
  });
  return ranks;
}

/** The arithmetic mean; null for no values. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The one rule for a missing score (DOMAIN.md: a score not entered is neither 0 nor absent).
 * `marks` holds one entry per subject of the test, entered or not. A student marked absent
 * counts 0. A score not entered is left out: the average is the coefficient-weighted total of
 * the marks there are ÷ the divisor shrunk in proportion to the coefficients left out
 * (divisor × counted ÷ all), so it stands on the subjects that have a mark and is not pulled
 * down; `missing` says how many subjects it leaves out. With no mark at all, no average. The
 * database computes whole classes by the same rule (sql.ts `averageLeavingOutMissing`).
 */
export function testAverage(
  marks: readonly { score: number | null; absent: boolean; coefficient: number }[],
  divisor: number,
): { total: number; average: number; missing: number } | null {
  const counted = marks.filter((mark) => mark.score !== null || mark.absent);
  const allWeight = marks.reduce((sum, mark) => sum + mark.coefficient, 0);
  const countedWeight = counted.reduce((sum, mark) => sum + mark.coefficient, 0);
  if (counted.length === 0 || !(divisor > 0) || !(countedWeight > 0)) return null;
  const total = counted.reduce((sum, mark) => sum + (mark.score ?? 0) * mark.coefficient, 0);
  return {
    total,
    average: (total * allWeight) / (divisor * countedWeight),
    missing: marks.length - counted.length,
  };
}

/**
 * A term's (semester's) average: (the exam's average + the mean of the monthly averages there
 * are) ÷ 2; null without the exam's average or without any monthly average.
 */
export function termAverageOf(
  examAverage: number | null,
  monthAverages: readonly (number | null)[],
): number | null {
  const monthsMean = mean(monthAverages.filter((value): value is number => value !== null));
  if (examAverage === null || monthsMean === null) return null;
  return (examAverage + monthsMean) / 2;
}

/** The year's average: the mean of its terms' averages; null when one of them is missing. */
export function yearAverageOf(termAverages: readonly (number | null)[]): number | null {
  if (termAverages.length === 0 || termAverages.some((value) => value === null)) return null;
  return mean(termAverages as number[]);
}

/**
 * A subject's result for a term: (the mean of its monthly scores + its exam score) ÷ 2. A
 * subject with one kind of test only takes that one: a Learning or Attendance subject the mean
 * of its months, an Exam subject its exam. Absent counts 0 (already in the values given).
 */
export function subjectTermScore(
  type: SubjectType,
  monthsMean: number | null,
  examScore: number | null,
): number | null {
  if (type === 'exam') return examScore;
  if (type === 'learning' || type === 'attendance') return monthsMean;
  if (monthsMean === null || examScore === null) return null;
  return (monthsMean + examScore) / 2;
}

/** One student as the statistics see them. */
export interface StatsEntry {
  gender: Gender | null;
  average: number | null;
  /** Only the students still in the class at the period's end are counted. */
  active: boolean;
}

function statsOf(entries: readonly StatsEntry[], max: number) {
  const averages = entries
    .map((entry) => entry.average)
    .filter((value): value is number => value !== null);
  const passed = averages.filter((value) => passedOf(value, max)).length;
  return {
    count: entries.length,
    withResult: averages.length,
    passed,
    passRate: averages.length === 0 ? null : passed / averages.length,
    mean: mean(averages),
    median: median(averages),
    highest: averages.length === 0 ? null : Math.max(...averages),
    lowest: averages.length === 0 ? null : Math.min(...averages),
  };
}

/**
 * A class's statistics for a period, over the students in it at the period's end: how many,
 * with a result, passed, the pass rate, mean, median, highest and lowest average, the same by
 * gender (every gender listed, girls counted apart as Cambodian reports do), and how many
 * reached each grade letter. Unrounded.
 */
export function resultStats(
  students: readonly StatsEntry[],
  max: number,
  bands: readonly GradeBand[],
): ResultStats {
  const counted = students.filter((entry) => entry.active);
  const letters = counted.map((entry) => gradeOf(entry.average, max, bands));
  return {
    ...statsOf(counted, max),
    byGender: genders.map((gender) => ({
      gender,
      ...statsOf(
        counted.filter((entry) => entry.gender === gender),
        max,
      ),
    })),
    grades: gradeLetters.map((grade) => ({
      grade,
      count: letters.filter((letter) => letter === grade).length,
    })),
  };
}

/** `YYYY-MM-DD` of a day. */
const isoDay = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The days of a month (1–12) of an academic year: the calendar month that falls in the year
 * (November of its first calendar year, January of its second for a November–August year),
 * cut to the year's own first and last day.
 */
export function monthRange(
  year: { startDate: string; endDate: string },
  month: number,
): { from: string; to: string } {
  const startYear = Number(year.startDate.slice(0, 4));
  const startMonth = Number(year.startDate.slice(5, 7));
  const calendarYear = month >= startMonth ? startYear : startYear + 1;
  const from = isoDay(calendarYear, month, 1);
  const to = isoDay(calendarYear, month, daysInMonth(calendarYear, month));
  return {
    from: from < year.startDate ? year.startDate : from,
    to: to > year.endDate ? year.endDate : to,
  };
}

/** The days a set of months of a year span: from the first month's first day to the last's end. */
export function monthsRange(
  year: { startDate: string; endDate: string },
  months: readonly number[],
): { from: string; to: string } {
  const ranges = months.map((month) => monthRange(year, month));
  if (ranges.length === 0) return { from: year.startDate, to: year.endDate };
  return {
    from: ranges.reduce(
      (first, range) => (range.from < first ? range.from : first),
      ranges[0]!.from,
    ),
    to: ranges.reduce((last, range) => (range.to > last ? range.to : last), ranges[0]!.to),
  };
}
