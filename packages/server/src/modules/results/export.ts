import type { Gender, Locale, ResultSheet, ResultsQuery } from '@sala/contract';
import type { Db } from '../../db/client.js';
import { settingsOf } from '../attendance/access.js';
import { writeSheet, type CellValue } from '../../lib/xlsx.js';
import { mentionOf } from './engine.js';
import { resultSheet } from './sheet.js';

const monthNames: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  km: ['មករា', 'កុម្ភៈ', 'មីនា', 'មេសា', 'ឧសភា', 'មិថុនា', 'កក្កដា', 'សីហា', 'កញ្ញា', 'តុលា', 'វិច្ឆិកា', 'ធ្នូ'],
};

const sheetText = {
  en: {
    sheet: 'Results',
    number: 'No.',
    code: 'Code',
    name: 'Name',
    gender: 'Gender',
    genders: { female: 'F', male: 'M', other: 'Other' } satisfies Record<Gender, string>,
    total: 'Total',
    exam: 'Exam',
    term: (n: number) => `Semester ${n}`,
    average: 'Average',
    rank: 'Rank',
    grade: 'Grade',
    mention: 'Mention',
    result: 'Result',
    passed: 'Pass',
    failed: 'Fail',
    absent: 'Absent',
    permission: 'Permission',
    late: 'Late',
    left: 'Left the class',
    absentMark: 'A',
  },
  km: {
    sheet: 'លទ្ធផល',
    number: 'ល.រ',
    code: 'លេខកូដ',
    name: 'ឈ្មោះ',
    gender: 'ភេទ',
    genders: { female: 'ស្រី', male: 'ប្រុស', other: 'ផ្សេងៗ' } satisfies Record<Gender, string>,
    total: 'ពិន្ទុសរុប',
    exam: 'ប្រឡង',
    term: (n: number) => `ឆមាសទី ${n}`,
    average: 'មធ្យមភាគ',
    rank: 'ចំណាត់ថ្នាក់',
    grade: 'និទ្ទេស',
    mention: 'ការវាយតម្លៃ',
    result: 'លទ្ធផល',
    passed: 'ជាប់',
    failed: 'ធ្លាក់',
    absent: 'អវត្តមាន',
    permission: 'ច្បាប់',
    late: 'យឺត',
    left: 'បានចាកចេញពីថ្នាក់',
    absentMark: 'អ',
  },
} as const;

/**
 * A class's result sheet as a spreadsheet, headers and words in English or Khmer: each
 * student's subjects, parts of the average, average, rank, grade, mention, pass or fail and
 * absences. Numbers are shown with the school's decimals.
 */
export async function exportResultSheet(
  db: Db,
  schoolId: string,
  query: ResultsQuery,
  language: Locale,
): Promise<{ name: string; data: Buffer }> {
  const [sheet, settings] = await Promise.all([
    resultSheet(db, schoolId, query),
    settingsOf(db, schoolId),
  ]);
  const text = sheetText[language];
  const pick = (named: { nameKm: string; nameEn: string }) =>
    language === 'km' ? named.nameKm || named.nameEn : named.nameEn || named.nameKm;
  const shown = (value: number | null): CellValue =>
    value === null ? '' : Number(value.toFixed(sheet.decimals));
  const first = sheet.students[0];
  const partHeaders =
    sheet.period === 'month'
      ? [text.total]
      : sheet.period === 'term'
        ? [
            ...(first?.monthAverages ?? []).map((m) => monthNames[language][m.month - 1]!),
            text.exam,
          ]
        : (first?.termAverages ?? []).map((t) => text.term(t.term));
  const headers = [
    text.number,
    text.code,
    text.name,
    text.gender,
    ...sheet.subjects.map(pick),
    ...partHeaders,
    text.average,
    text.rank,
    text.grade,
    text.mention,
    text.result,
    text.absent,
    text.permission,
    text.late,
  ];
  const rows = sheet.students.map((line, index) => [
    index + 1,
    line.student.code,
    pick(line.student),
    line.student.gender ? text.genders[line.student.gender] : '',
    ...line.subjects.map((subject) =>
      subject.score === null && subject.absent ? text.absentMark : shown(subject.score),
    ),
    ...(sheet.period === 'month'
      ? [shown(line.total)]
      : sheet.period === 'term'
        ? [...line.monthAverages.map((m) => shown(m.average)), shown(line.examAverage)]
        : line.termAverages.map((t) => shown(t.average))),
    shown(line.average),
    line.active ? (line.rank ?? '') : text.left,
    line.grade ?? '',
    mentionOf(line.grade, settings.gradeBands, language) ?? '',
    line.passed === null ? '' : line.passed ? text.passed : text.failed,
    line.absences.absent,
    line.absences.permission,
    line.absences.late,
  ]);
  const data = await writeSheet(text.sheet, headers, rows);
  return { name: `results-${fileClassName(sheet)}-${periodKey(sheet)}`, data };
}

/** The class's name as an ASCII file name part. */
const fileClassName = (sheet: ResultSheet) =>
  sheet.class.nameEn.replace(/[^A-Za-z0-9-]+/g, '') || 'class';

/** The period as a short file name part: m11, t1, y. */
const periodKey = (sheet: ResultSheet) =>
  sheet.period === 'month'
    ? `m${sheet.month}`
    : sheet.period === 'term'
      ? `t${sheet.term?.number ?? ''}`
      : 'y';
