import type { DigitStyleName, Gender, Locale } from '@sala/contract';

/** The words printed on a report card, in both languages. */
export const cardLabels = {
  kingdom: { en: 'Kingdom of Cambodia', km: 'ព្រះរាជាណាចក្រកម្ពុជា' },
  motto: { en: 'Nation Religion King', km: 'ជាតិ សាសនា ព្រះមហាក្សត្រ' },
  title: { en: 'Report card', km: 'ព្រឹត្តិបត្រពិន្ទុ' },
  name: { en: 'Name', km: 'ឈ្មោះ' },
  code: { en: 'Student ID', km: 'អត្តលេខ' },
  gender: { en: 'Gender', km: 'ភេទ' },
  birthDate: { en: 'Date of birth', km: 'ថ្ងៃខែឆ្នាំកំណើត' },
  class: { en: 'Class', km: 'ថ្នាក់' },
  year: { en: 'Academic year', km: 'ឆ្នាំសិក្សា' },
  period: { en: 'Period', km: 'រយៈពេល' },
  subject: { en: 'Subject', km: 'មុខវិជ្ជា' },
  score: { en: 'Score', km: 'ពិន្ទុ' },
  max: { en: 'Out of', km: 'ពិន្ទុពេញ' },
  grade: { en: 'Grade', km: 'និទ្ទេស' },
  total: { en: 'Total', km: 'ពិន្ទុសរុប' },
  average: { en: 'Average', km: 'មធ្យមភាគ' },
  rank: { en: 'Rank', km: 'ចំណាត់ថ្នាក់' },
  mention: { en: 'Mention', km: 'កម្រិត' },
  result: { en: 'Result', km: 'លទ្ធផល' },
  passed: { en: 'Passed', km: 'ជាប់' },
  failed: { en: 'Failed', km: 'ធ្លាក់' },
  attendance: { en: 'Attendance', km: 'វត្តមាន' },
  absent: { en: 'Absent without permission', km: 'អវត្តមានឥតច្បាប់' },
  permission: { en: 'Absent with permission', km: 'អវត្តមានមានច្បាប់' },
  late: { en: 'Late', km: 'មកយឺត' },
  times: { en: 'sessions', km: 'ដង' },
  absentMark: { en: 'Absent', km: 'អវត្តមាន' },
  comment: { en: "Homeroom teacher's comment", km: 'មតិរបស់គ្រូបន្ទុកថ្នាក់' },
  homeroom: { en: 'Homeroom teacher', km: 'គ្រូបន្ទុកថ្នាក់' },
  principal: { en: 'Principal', km: 'នាយកសាលា' },
  seen: { en: 'Seen and approved', km: 'បានឃើញ និងឯកភាព' },
  guardian: { en: 'Parent or guardian', km: 'មាតាបិតា ឬអាណាព្យាបាល' },
  left: {
    en: 'Left the class during the period: not ranked',
    km: 'បានចាកចេញពីថ្នាក់ក្នុងរយៈពេលនេះ៖ មិនចាត់ថ្នាក់',
  },
  draft: {
    en: 'Provisional: some scores of this period are not yet published',
    km: 'បណ្ដោះអាសន្ន៖ ពិន្ទុខ្លះនៃរយៈពេលនេះមិនទាន់ផ្សព្វផ្សាយនៅឡើយ',
  },
  noSubjects: { en: 'No subjects are taught in this class', km: 'មិនមានមុខវិជ្ជាបង្រៀនក្នុងថ្នាក់នេះទេ' },
} as const satisfies Record<string, Record<Locale, string>>;

export const genderLabels: Record<Gender, Record<Locale, string>> = {
  female: { en: 'Female', km: 'ស្រី' },
  male: { en: 'Male', km: 'ប្រុស' },
  other: { en: 'Other', km: 'ផ្សេងៗ' },
};

export const khmerMonths = [
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

export const englishMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const khmerDigitChars = '០១២៣៤៥៦៧៨៩';

/** Writes Latin digits 0–9 as Khmer digits ០–៩, leaving everything else as it is. */
export function toKhmerDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => khmerDigitChars[Number(digit)]!);
}

/** Digits in the school's printed style. */
export function digitsOf(text: string, digits: DigitStyleName): string {
  return digits === 'khmr' ? toKhmerDigits(text) : text;
}

/** A number rounded half up to `decimals` places, written with exactly that many. */
export function fixed(value: number, decimals: number): string {
  const factor = 10 ** decimals;
  const rounded = Math.round((value + Math.sign(value) * Number.EPSILON) * factor) / factor;
  return rounded.toFixed(decimals);
}

/** A score: whole numbers as they are, others to the school's decimals. */
export function scoreText(value: number, decimals: number): string {
  return Number.isInteger(value) ? String(value) : fixed(value, decimals);
}

/** The name in the language asked for, falling back to the other. */
export function nameIn(language: Locale, names: { nameKm: string; nameEn: string }): string {
  const first = language === 'km' ? names.nameKm : names.nameEn;
  const second = language === 'km' ? names.nameEn : names.nameKm;
  return first.trim() || second.trim();
}

/** A date (`YYYY-MM-DD`) as a card prints it: 22 November 2026 / ថ្ងៃទី២២ ខែវិច្ឆិកា ឆ្នាំ២០២៦. */
export function dateText(date: string, language: Locale, digits: DigitStyleName): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (language === 'km') {
    return digitsOf(`ថ្ងៃទី${day} ខែ${khmerMonths[month - 1]} ឆ្នាំ${year}`, digits);
  }
  return digitsOf(`${day} ${englishMonths[month - 1]} ${year}`, digits);
}

/** The period's title: Month of March / Semester 1 / The year; in Khmer ខែមីនា, ឆមាសទី១, ប្រចាំឆ្នាំ. */
export function periodText(
  period: {
    period: 'month' | 'term' | 'year';
    month: number | null;
    term: { number: number; nameKm: string; nameEn: string } | null;
  },
  language: Locale,
  digits: DigitStyleName,
): string {
  if (period.period === 'month' && period.month) {
    return language === 'km'
      ? `ប្រចាំខែ${khmerMonths[period.month - 1]}`
      : `Month of ${englishMonths[period.month - 1]}`;
  }
  if (period.period === 'term' && period.term) {
    const own = nameIn(language, period.term);
    if (own) return digitsOf(own, digits);
    return digitsOf(
      language === 'km' ? `ប្រចាំឆមាសទី${period.term.number}` : `Semester ${period.term.number}`,
      digits,
    );
  }
  return language === 'km' ? 'ប្រចាំឆ្នាំសិក្សា' : 'The whole year';
}
