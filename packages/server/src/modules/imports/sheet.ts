import type { z } from 'zod';
import {
  errorMessage,
  messageKey,
  parseMessageKey,
  type ErrorCode,
  type ImportRowError,
  type MessageKey,
} from '@sala/contract';
import { toE164, type PhoneCountry } from '../../lib/phone.js';
import { headerKey, type CellValue, type SheetRow } from '../../lib/xlsx.js';

export type Language = 'en' | 'km';
export interface Label {
  en: string;
  km: string;
}

/** What a cell's text becomes in the request: a value, nothing (blank), or an error. */
export type Parsed = { value: unknown } | { error: ErrorCode | MessageKey } | undefined;

/** One column of an import/export sheet: its field, its header in both languages, how to read it. */
export interface Column<Record> {
  key: string;
  header: Label;
  /** The cell written for a record, in the request's language. */
  write: (record: Record, language: Language) => CellValue;
  /** The request value a cell's text gives; left out: a column the import ignores. */
  read?: ((text: string, context: ReadContext) => Parsed) | undefined;
}

export interface ReadContext {
  phoneCountry: PhoneCountry;
}

/** The header row of an export, in the request's language. */
export function headersOf<R>(columns: Column<R>[], language: Language): string[] {
  return columns.map((column) => column.header[language]);
}

/**
 * Which column of the sheet holds which field: a header matches a column by its English or
 * Khmer header (or the field's own name), case, spaces and punctuation ignored.
 */
export function matchHeader<R>(columns: Column<R>[], header: string[]): Map<number, Column<R>> {
  const byName = new Map<string, Column<R>>();
  for (const column of columns) {
    if (!column.read) continue;
    for (const name of [column.header.en, column.header.km, column.key]) {
      byName.set(headerKey(name), column);
    }
  }
  const found = new Map<number, Column<R>>();
  const taken = new Set<string>();
  header.forEach((text, index) => {
    const column = byName.get(headerKey(text));
    if (column && !taken.has(column.key)) {
      found.set(index, column);
      taken.add(column.key);
    }
  });
  return found;
}

const khmerDigits = /[\u17E0-\u17E9]/g;
/** Khmer digits ០–៩ as Latin ones, so dates, codes and phones typed either way are read. */
export function latinDigits(text: string): string {
  return text.replace(khmerDigits, (digit) => String(digit.charCodeAt(0) - 0x17e0));
}

export const text = (value: string): Parsed => (value === '' ? undefined : { value });

/** A date as YYYY-MM-DD, or D/M/YYYY (also with dashes or dots), as written in Cambodia. */
export function date(value: string): Parsed {
  if (value === '') return undefined;
  const latin = latinDigits(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(latin)) return { value: latin };
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(latin);
  if (!match) return { error: 'INVALID_DATE' };
  const [, d, m, y] = match;
  return { value: `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}` };
}

/** A phone number, stored as E.164 with the school's default country. */
export function phone(value: string, context: ReadContext): Parsed {
  if (value === '') return undefined;
  const e164 = toE164(latinDigits(value), context.phoneCountry);
  return e164 ? { value: e164 } : { error: 'INVALID_PHONE' };
}

/** One of an enumeration's values, written as its key or its label in either language. */
export function word<K extends string>(labels: Record<K, Label>, extra: Record<string, K> = {}) {
  const byWord = new Map<string, K>();
  for (const [key, label] of Object.entries(labels) as [K, Label][]) {
    for (const name of [key, label.en, label.km]) byWord.set(headerKey(name), key);
  }
  for (const [name, key] of Object.entries(extra)) byWord.set(headerKey(name), key);
  const all = Object.values<Label>(labels);
  // The words a reader may write, in both languages (a sheet may be typed in either).
  const words = [all.map((label) => label.en).join(', '), all.map((label) => label.km).join(', ')]
    .filter((list) => list !== '')
    .join(' / ');
  return (value: string): Parsed => {
    if (value === '') return undefined;
    const key = byWord.get(headerKey(value));
    return key ? { value: key } : { error: messageKey('UNKNOWN_WORD', { words }) };
  };
}

export const genderLabels = {
  female: { en: 'Female', km: 'ស្រី' },
  male: { en: 'Male', km: 'ប្រុស' },
  other: { en: 'Other', km: 'ផ្សេងៗ' },
} as const;
export const readGender = word(genderLabels, { f: 'female', m: 'male', ស: 'female', ប: 'male' });

/**
 * Collects the errors of a sheet in the request's language: every problem of every row, each
 * once, with the column's header as the sheet's reader knows it.
 */
export class RowErrors {
  readonly list: ImportRowError[] = [];
  private readonly seen = new Set<string>();
  private readonly rows = new Set<number>();
  private readonly headers = new Map<string, string>();
  constructor(
    private readonly language: Language,
    /** Every column the import knows (found in the sheet or not), for the headers of errors. */
    columns: readonly Column<never>[] = [],
  ) {
    for (const column of columns) this.headers.set(column.key, column.header[language]);
  }

  /** A problem of a row's field: an error code, or a message key with its values. */
  add(row: number, field: string, key: ErrorCode | MessageKey): void {
    const seen = `${row}:${field}:${key}`;
    if (this.seen.has(seen)) return;
    this.seen.add(seen);
    this.rows.add(row);
    const { code, params } = parseMessageKey(key);
    this.list.push({
      row,
      field,
      column: this.headers.get(field) ?? '',
      code,
      ...(Object.keys(params).length > 0 ? { params } : {}),
      message: errorMessage(code, this.language, params),
    });
  }

  /** The errors in the sheet's order: by row, then by column (the row's own last), then as found. */
  sorted(): ImportRowError[] {
    const keys = [...this.headers.keys()];
    const place = (field: string) => {
      const index = keys.indexOf(field);
      return index < 0 ? keys.length : index;
    };
    return [...this.list].sort((a, b) => a.row - b.row || place(a.field) - place(b.field));
  }

  has(row: number): boolean {
    return this.rows.has(row);
  }
}

/**
 * Reads one data row into a request and validates it with the contract's schema, reporting
 * every problem of the row: each cell that cannot be read, and every refusal of the schema for
 * the other fields. Answers the parsed request and the fields present in the sheet, or
 * undefined when the row has errors.
 */
export function readRow<R, S extends z.ZodType>(
  row: SheetRow,
  columns: Map<number, Column<R>>,
  schema: S,
  context: ReadContext,
  errors: RowErrors,
): { input: z.output<S>; given: Set<string>; blank: Set<string> } | undefined {
  const request: Record<string, unknown> = {};
  const given = new Set<string>();
  const blank = new Set<string>();
  const unreadable = new Set<string>();
  for (const [index, column] of columns) {
    given.add(column.key);
    const parsed = column.read!(row.cells[index] ?? '', context);
    if (parsed === undefined) blank.add(column.key);
    else if ('error' in parsed) {
      errors.add(row.rowNumber, column.key, parsed.error);
      unreadable.add(column.key);
    } else request[column.key] = parsed.value;
  }
  const result = schema.safeParse(request);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      // A cell already said why it could not be read; its absence is no second problem.
      if (unreadable.has(field)) continue;
      errors.add(row.rowNumber, field, issue.message);
    }
    return undefined;
  }
  return unreadable.size > 0 ? undefined : { input: result.data, given, blank };
}

/** A row's code cell as typed (Latin digits, trimmed), for finding codes given twice. */
export function codeCell<R>(row: SheetRow, columns: Map<number, Column<R>>): string | undefined {
  for (const [index, column] of columns) {
    if (column.key === 'code') return latinDigits(row.cells[index] ?? '').trim() || undefined;
  }
  return undefined;
}

/** Marks the second and later rows that carry the same code (codes compare without case). */
export function duplicateCodes(
  rows: { rowNumber: number; code: string | undefined }[],
  errors: RowErrors,
): void {
  const first = new Map<string, number>();
  for (const { rowNumber, code } of rows) {
    if (!code) continue;
    const key = code.toLowerCase();
    if (first.has(key)) errors.add(rowNumber, 'code', 'DUPLICATE_IN_FILE');
    else first.set(key, rowNumber);
  }
}

/** Splits a list into batches for multi-row inserts (PostgreSQL takes at most 65,535 parameters). */
export function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
