import type { ScoreImportPreview, ScoreSheetQuery } from '@sala/contract';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../lib/access.js';
import { headerKey, readFirstSheet, writeSheet, type CellValue } from '../../lib/xlsx.js';
import { testContext, type ClassSubject } from './access.js';
import { rosterOfTest, storedScores, visibleSubjects } from './sheets.js';

const codeHeaders = new Set(
  ['code', 'student code', 'student id', 'id', 'អត្តលេខ', 'លេខកូដ', 'លេខសម្គាល់'].map(headerKey),
);
const nameHeaders = new Set(
  [
    'name',
    'student',
    'student name',
    'name en',
    'name km',
    'name in english',
    'name in khmer',
    'ឈ្មោះ',
    'ឈ្មោះសិស្ស',
    'គោត្តនាម និងនាម',
  ].map(headerKey),
);
const scoreHeaders = new Set(['score', 'scores', 'ពិន្ទុ'].map(headerKey));
const absentWords = new Set(['a', 'abs', 'absent', 'អ', 'អវត្តមាន']);

const khmerDigits = '០១២៣៤៥៦៧៨៩';
const westernDigits = (text: string) =>
  text.replace(/[០-៩]/g, (digit) => String(khmerDigits.indexOf(digit)));

/** A typed score: a number within the maximum (Khmer digits too), or absent. */
export function parseScore(
  text: string,
  maxScore: number,
): { score: number | null; absent: boolean; problem: string | null } {
  const plain = westernDigits(text.normalize('NFC').trim()).toLowerCase();
  if (absentWords.has(plain)) return { score: null, absent: true, problem: null };
  const number = plain.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(number))
    return { score: null, absent: false, problem: 'INVALID_VALUE' };
  const score = Math.round(Number(number) * 100) / 100;
  if (score > maxScore) return { score: null, absent: false, problem: 'SCORE_ABOVE_MAX' };
  return { score, absent: false, problem: null };
}

/** The texts a subject's column may be headed with: its code or either name, alone or "name (code)". */
function subjectKeys(subject: ClassSubject): string[] {
  return [subject.code, subject.nameKm, subject.nameEn]
    .filter((text) => text.trim() !== '')
    .map(headerKey);
}

function headerCandidates(header: string): string[] {
  const keys = [headerKey(header)];
  const match = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(header);
  if (match) keys.push(headerKey(match[1]!), headerKey(match[2]!));
  return keys.filter((key) => key !== '');
}

/**
 * Reads an XLSX of a class's scores for one test without saving anything: rows matched to the
 * class's students by code, one column per subject (by code or name), or a single score column
 * when the query names a subject. What each cell would become, or why it cannot be taken.
 */
export async function previewScoreImport(
  db: Db,
  principal: Principal,
  query: ScoreSheetQuery,
  data: Buffer,
  language: 'en' | 'km',
): Promise<ScoreImportPreview> {
  const { context, roster } = await db.transaction(async (tx) => {
    const context = await testContext(tx, principal, query);
    return {
      context,
      roster: await rosterOfTest(tx, principal.schoolId, query.classId, context.days),
    };
  });
  const visible = visibleSubjects(context, query.subjectId);
  const { header, rows } = await readFirstSheet(data);

  let codeColumn = header.findIndex((text) => codeHeaders.has(headerKey(text)));
  const nameColumns = header
    .map((text, index) => (nameHeaders.has(headerKey(text)) ? index : -1))
    .filter((index) => index >= 0);
  if (codeColumn < 0) codeColumn = 0;
  const columns: { index: number; subject: ClassSubject; header: string }[] = [];
  const unknownHeaders: string[] = [];
  header.forEach((text, index) => {
    if (index === codeColumn || nameColumns.includes(index) || text.trim() === '') return;
    const keys = headerCandidates(text);
    let subject: ClassSubject | undefined;
    if (query.subjectId) {
      const only = visible[0]!;
      if (keys.some((key) => scoreHeaders.has(key) || subjectKeys(only).includes(key))) {
        subject = only;
      }
    } else {
      subject = visible.find((s) => subjectKeys(s).some((key) => keys.includes(key)));
    }
    if (!subject || columns.some((column) => column.subject.id === subject.id)) {
      unknownHeaders.push(text);
      return;
    }
    columns.push({ index, subject, header: text });
  });

  const byCode = new Map(roster.map((student) => [student.code.toLowerCase(), student]));
  const listed = new Set<string>();
  const pick = (s: { nameKm: string; nameEn: string }) =>
    language === 'km' ? s.nameKm || s.nameEn : s.nameEn || s.nameKm;
  return {
    subjects: columns.map((column) => ({ subjectId: column.subject.id, header: column.header })),
    unknownHeaders,
    rows: rows.map((row) => {
      const code = (row.cells[codeColumn] ?? '').trim();
      const student =
        byCode.get(westernDigits(code).toLowerCase()) ?? byCode.get(code.toLowerCase());
      if (student) listed.add(student.id);
      const typedName = nameColumns.map((index) => row.cells[index] ?? '').find((t) => t !== '');
      return {
        row: row.rowNumber,
        code,
        studentId: student?.id ?? null,
        name: typedName ?? (student ? pick(student) : ''),
        cells: columns.flatMap(({ index, subject }) => {
          const text = row.cells[index] ?? '';
          if (text === '') return [];
          const parsed = parseScore(text, subject.maxScore);
          return [
            {
              subjectId: subject.id,
              text,
              ...parsed,
              problem: parsed.problem ?? (subject.enter ? null : 'FORBIDDEN'),
            },
          ];
        }),
      };
    }),
    missing: roster
      .filter((student) => !listed.has(student.id))
      .map((student) => ({ studentId: student.id, code: student.code })),
  };
}

/**
 * An XLSX to fill in: the class's students of the test's month (code, name) and a column per
 * subject the caller enters (or the one asked for), holding the scores saved so far.
 */
export async function scoreTemplate(
  db: Db,
  principal: Principal,
  query: ScoreSheetQuery,
  language: 'en' | 'km',
): Promise<Buffer> {
  const { subjects, roster, cells } = await db.transaction(async (tx) => {
    const context = await testContext(tx, principal, query);
    const visible = visibleSubjects(context, query.subjectId);
    const entered = visible.filter((subject) => subject.enter);
    const subjects = query.subjectId || entered.length === 0 ? visible : entered;
    const roster = await rosterOfTest(tx, principal.schoolId, query.classId, context.days);
    const stored = await storedScores(
      tx,
      principal.schoolId,
      context,
      subjects.map((subject) => subject.id),
    );
    return { subjects, roster, cells: stored.cells };
  });
  const km = language === 'km';
  const headers = [
    km ? 'អត្តលេខ' : 'Code',
    km ? 'ឈ្មោះ' : 'Name',
    ...(query.subjectId
      ? [km ? 'ពិន្ទុ' : 'Score']
      : subjects.map(
          (s) => `${(km ? s.nameKm || s.nameEn : s.nameEn || s.nameKm) || s.code} (${s.code})`,
        )),
  ];
  const valueOf = new Map(
    cells.map((cell) => [
      `${cell.studentId}:${cell.subjectId}`,
      cell.absent ? (km ? 'អ' : 'A') : cell.score,
    ]),
  );
  const rows: CellValue[][] = roster.map((student) => [
    student.code,
    km ? student.nameKm || student.nameEn : student.nameEn || student.nameKm,
    ...subjects.map((subject) => valueOf.get(`${student.id}:${subject.id}`) ?? null),
  ]);
  return writeSheet(km ? 'ពិន្ទុ' : 'Scores', headers, rows);
}
