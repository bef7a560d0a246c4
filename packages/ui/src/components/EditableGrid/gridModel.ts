import { parseNumber } from '../../lib/khmerDigits.js';

/** A column of the grid: a subject, a month, a day… */
export interface GridColumn {
  id: string;
  /** The header text. */
  label: string;
  /** `number` cells accept Latin or Khmer digits and are checked against min/max. */
  kind?: 'number' | 'text';
  /** The smallest number accepted (number columns). */
  min?: number;
  /** The largest number accepted (number columns), e.g. the subject's maximum score. */
  max?: number;
  /** Cells of this column cannot be changed (e.g. a computed total). */
  readOnly?: boolean;
  /** Why, told when someone types in it (e.g. "Published: locked"); a general word otherwise. */
  readOnlyReason?: string;
  /** Width in px. Default 96. */
  width?: number;
}

/** A row of the grid: usually a student. */
export interface GridRow {
  id: string;
  /** The row header text (the student's name). */
  label: string;
}

/** Cell texts by row id, then column id. A missing cell is empty. */
export type GridValues = Record<string, Record<string, string>>;

/** One changed cell. */
export interface GridChange {
  rowId: string;
  columnId: string;
  previous: string;
  value: string;
}

/** What is wrong with a cell's text. */
export type CellProblem =
  | { kind: 'not-a-number' }
  | { kind: 'out-of-range'; min?: number; max?: number }
  | { kind: 'custom'; message: string };

export function cellValue(values: GridValues, rowId: string, columnId: string): string {
  return values[rowId]?.[columnId] ?? '';
}

type RowTexts = Readonly<Record<string, string>>;
const noTexts: RowTexts = {};

/**
 * Counts the cells whose text differs from the saved one. A row's count is remembered by its
 * texts and saved texts (a row's object is new only when one of its cells changed), so after an
 * edit only the edited rows are counted again. Make one counter per set of columns.
 */
export function changedCellCounter(columns: readonly GridColumn[]) {
  const counts = new WeakMap<RowTexts, WeakMap<RowTexts, number>>();
  const countRow = (texts: RowTexts, saved: RowTexts) => {
    let bySaved = counts.get(texts);
    if (!bySaved) counts.set(texts, (bySaved = new WeakMap()));
    let count = bySaved.get(saved);
    if (count === undefined) {
      count = 0;
      for (const column of columns)
        if ((texts[column.id] ?? '') !== (saved[column.id] ?? '')) count++;
      bySaved.set(saved, count);
    }
    return count;
  };
  return (rows: readonly GridRow[], values: GridValues, saved: GridValues): number => {
    let n = 0;
    for (const row of rows) n += countRow(values[row.id] ?? noTexts, saved[row.id] ?? noTexts);
    return n;
  };
}

/** The built-in check of a number column: empty is fine, else a number within min–max. */
export function checkCell(text: string, column: GridColumn): CellProblem | null {
  if (column.kind !== 'number' || !text.trim()) return null;
  // A row redrawn checks each of its cells again: the answer per column and text is kept.
  let known = checkedCells.get(column);
  if (!known) checkedCells.set(column, (known = new Map()));
  let problem = known.get(text);
  if (problem === undefined) {
    problem = numberProblem(text, column);
    if (known.size >= 500) known.clear();
    known.set(text, problem);
  }
  return problem;
}

const checkedCells = new WeakMap<GridColumn, Map<string, CellProblem | null>>();

function numberProblem(text: string, column: GridColumn): CellProblem | null {
  const n = parseNumber(text);
  if (n === null) return { kind: 'not-a-number' };
  if ((column.min !== undefined && n < column.min) || (column.max !== undefined && n > column.max))
    return { kind: 'out-of-range', min: column.min, max: column.max };
  return null;
}

/**
 * Reads a block copied from a spreadsheet: rows on lines, cells separated by tabs. The line
 * break a spreadsheet adds after the last row is dropped; a ragged block is padded with ''.
 */
export function parseClipboardBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const block = lines.map((line) => line.split('\t'));
  const width = Math.max(...block.map((r) => r.length));
  return block.map((r) => [...r, ...Array<string>(width - r.length).fill('')]);
}

/** Applies changes to values (a new object; untouched rows are shared). */
export function applyChanges(
  values: GridValues,
  changes: readonly GridChange[],
  direction: 'forward' | 'back' = 'forward',
): GridValues {
  const next: GridValues = { ...values };
  for (const change of changes) {
    const row = { ...(next[change.rowId] ?? {}) };
    row[change.columnId] = direction === 'forward' ? change.value : change.previous;
    next[change.rowId] = row;
  }
  return next;
}
