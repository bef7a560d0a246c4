import { formatNumber, parseNumber } from '@sala/ui';
import type { CellValue } from './saveQueue.js';

/**
 * What a teacher types for "absent from this test": A (either case) or the Khmer letter អ, the
 * first letter of អវត្តមាន — or the whole word, as the spreadsheet import reads it too. The
 * absent column also takes a tick or an x.
 */
const ABSENT_IN_SCORE = new Set(['a', 'អ', 'abs', 'absent', 'អវត្តមាន']);
const ABSENT_IN_ABSENT_COLUMN = new Set([...ABSENT_IN_SCORE, 'x', '✓', '✔', '1']);

/** The absent mark the grid shows, in the interface language. */
export const absentMark = (lang: string) => (lang === 'km' ? 'អ' : 'A');

export const isAbsentText = (text: string) => ABSENT_IN_SCORE.has(text.trim().toLowerCase());
export const isAbsentColumnText = (text: string) =>
  ABSENT_IN_ABSENT_COLUMN.has(text.trim().toLowerCase());

/** The longest note the server keeps. */
export const NOTE_MAX = 200;

/** Why a score's text cannot be saved. */
export type ScoreProblem =
  | { kind: 'notANumber' }
  | { kind: 'range'; max: number }
  | { kind: 'decimals' }
  | { kind: 'absentWithScore' }
  | { kind: 'absentMark' }
  | { kind: 'noteTooLong' };

/** A score cell's text read: empty, absent, a score, or a problem. */
export type ReadScore =
  | { kind: 'empty' }
  | { kind: 'absent' }
  | { kind: 'score'; score: number }
  | { kind: 'problem'; problem: ScoreProblem };

export function readScore(text: string, max: number): ReadScore {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'empty' };
  if (isAbsentText(trimmed)) return { kind: 'absent' };
  const n = parseNumber(trimmed);
  if (n === null) return { kind: 'problem', problem: { kind: 'notANumber' } };
  if (n < 0 || n > max) return { kind: 'problem', problem: { kind: 'range', max } };
  // The server keeps hundredths.
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-9)
    return { kind: 'problem', problem: { kind: 'decimals' } };
  return { kind: 'score', score: n };
}

/** The texts of one cell as the grid shows it: score (or the absent mark), absent, note. */
export interface CellTexts {
  score: string;
  absent: string;
  note: string;
}

export function textsOf(value: CellValue, lang: string, digits: 'latn' | 'khmr'): CellTexts {
  const mark = absentMark(lang);
  return {
    score: value.absent
      ? mark
      : value.score === null
        ? ''
        : formatNumber(value.score, { digits, useGrouping: false, maximumFractionDigits: 2 }),
    absent: value.absent ? mark : '',
    note: value.note,
  };
}

/**
 * The value a cell's texts stand for, or its problem. `absentText` is undefined in the
 * all-subjects view, where only the score column is shown (and the note kept as it was).
 */
export function valueOf(
  texts: { score: string; absent?: string; note: string },
  max: number,
): { value: CellValue } | { problem: ScoreProblem; field: 'score' | 'absent' | 'note' } {
  const read = readScore(texts.score, max);
  if (read.kind === 'problem') return { problem: read.problem, field: 'score' };
  const absentText = texts.absent?.trim() ?? '';
  if (absentText && !isAbsentColumnText(absentText))
    return { problem: { kind: 'absentMark' }, field: 'absent' };
  if (texts.note.trim().length > NOTE_MAX)
    return { problem: { kind: 'noteTooLong' }, field: 'note' };
  const absent = read.kind === 'absent' || absentText !== '';
  if (absent && read.kind === 'score')
    return { problem: { kind: 'absentWithScore' }, field: 'score' };
  return {
    value: {
      score: read.kind === 'score' ? read.score : null,
      absent,
      note: texts.note.trim(),
    },
  };
}
