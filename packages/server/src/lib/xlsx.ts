import type ExcelJS from 'exceljs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SaxesParser } from 'saxes';
import { HttpError } from './http-errors.js';
import { schoolToday } from './schoolTime.js';
import { unpackEntry, zipEntries, ZipRefusal, type UnpackBudget } from './zip.js';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// What an import reads of a spreadsheet, all in one place. A school's sheet of 3,000 students in
// 40 columns unpacks to a few megabytes and holds 120,000 cells: each limit leaves it room.

/** The largest spreadsheet accepted for an import, in bytes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most entries the zip of an .xlsx may list (a workbook has a few dozen). */
export const IMPORT_MAX_ZIP_ENTRIES = 1_000;
/**
 * What the parts an import reads (the workbook, its relationships and styles, the first sheet,
 * the shared strings) may unpack to, all together, counted as they unpack. Other parts (other
 * sheets, pictures) are never unpacked.
 */
export const IMPORT_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
/** The most data rows an import reads (blank rows not counted). */
export const IMPORT_MAX_ROWS = 10_000;
/** The last column an import reads a value from (CV). */
export const IMPORT_MAX_COLUMNS = 100;
/** The most cells holding a value that an import reads. */
export const IMPORT_MAX_CELLS = 300_000;

export type CellValue = string | number | null;

/**
 * ExcelJS, loaded at the first spreadsheet rather than at start: it is large (~25 MB of memory)
 * and only the import and export routes use it.
 */
let excel: Promise<typeof ExcelJS> | undefined;
function loadExcel(): Promise<typeof ExcelJS> {
  excel ??= import('exceljs').then((module) => module.default);
  return excel;
}

/** One sheet with a bold header row, its columns sized for their content. */
export async function writeSheet(
  sheetName: string,
  headers: string[],
  rows: CellValue[][],
): Promise<Buffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.creator = 'Sala';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({
    header,
    width: Math.min(40, Math.max(12, header.length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  // Every cell as text: codes such as 0012 and dates keep exactly what was exported.
  for (const row of rows) sheet.addRow(row).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A data row of a sheet: its row number as the spreadsheet shows it, its cells as text. */
export interface SheetRow {
  rowNumber: number;
  cells: string[];
}

type ImportRefusal =
  | 'IMPORT_UNREADABLE'
  | 'IMPORT_TOO_MUCH_DATA'
  | 'IMPORT_TOO_MANY_ROWS'
  | 'IMPORT_TOO_MANY_COLUMNS'
  | 'IMPORT_TOO_MANY_CELLS';

/** A refusal of the uploaded spreadsheet, naming the form's `file` field. */
function refuse(code: ImportRefusal): HttpError {
  return new HttpError(400, code, { file: [code] });
}

/**
 * The first sheet of an .xlsx: its header row (row 1) and the rows under it, blank rows left
 * out, every cell as trimmed text (dates as YYYY-MM-DD, formulas as their saved result).
 *
 * Read here rather than by a workbook library, which would build the whole workbook (every
 * sheet, merged ranges cell by cell, pictures) before a row could be counted. Only the parts
 * needed are unpacked, within IMPORT_MAX_UNPACKED_BYTES as they really unpack, and the sheet's
 * rows, columns and cells are counted as they are parsed: a 400 naming the file past any limit,
 * or for anything that is no readable .xlsx.
 */
export async function readFirstSheet(
  data: Buffer,
): Promise<{ header: string[]; rows: SheetRow[] }> {
  try {
    return await readWorkbook(data);
  } catch (error) {
    if (error instanceof ZipRefusal) {
      throw refuse(error.reason === 'too-large' ? 'IMPORT_TOO_MUCH_DATA' : 'IMPORT_UNREADABLE');
    }
    throw error;
  }
}

async function readWorkbook(data: Buffer): Promise<{ header: string[]; rows: SheetRow[] }> {
  const entries = zipEntries(data, IMPORT_MAX_ZIP_ENTRIES);
  const budget: UnpackBudget = { remaining: IMPORT_MAX_UNPACKED_BYTES };
  const part = async (name: string) => {
    const entry = entries.get(name.toLowerCase());
    return entry ? unpackEntry(data, entry, budget) : undefined;
  };

  // The workbook names its sheets in order; the first one's relationship gives its part.
  const workbook = await part('xl/workbook.xml');
  if (!workbook) throw refuse('IMPORT_UNREADABLE');
  let firstSheet: string | undefined;
  let date1904 = false;
  await parseXml(workbook, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      if (name === 'sheet') firstSheet ??= relationshipId(attributes);
    },
  });
  const targets: { id: string; type: string; path: string }[] = [];
  const relationships = await part('xl/_rels/workbook.xml.rels');
  if (relationships) {
    await parseXml(relationships, {
      open(name, attributes) {
        const { Id: id, Target: target, Type: type = '', TargetMode: mode } = attributes;
        if (name === 'Relationship' && id && target && mode !== 'External') {
          targets.push({ id, type, path: partPath(target) });
        }
      },
    });
  }
  const partOfType = (type: string, usual: string) =>
    targets.find((target) => target.type.endsWith(type))?.path ?? usual;
  const sheetPath = targets.find((target) => target.id === firstSheet)?.path;
  if (!sheetPath) throw refuse('IMPORT_UNREADABLE');

  const styles = await part(partOfType('/styles', 'xl/styles.xml'));
  const dateStyles = styles ? await readDateStyles(styles) : [];
  const sheet = await part(sheetPath);
  if (!sheet) throw refuse('IMPORT_UNREADABLE');
  const { rows, sharedStrings } = await readCells(sheet, dateStyles, date1904);
  sheet.length = 0;
  const strings =
    sharedStrings.size === 0
      ? new Map<number, string>()
      : await readSharedStrings(
          (await part(partOfType('/sharedStrings', 'xl/sharedStrings.xml'))) ?? [],
          sharedStrings,
        );

  let header: string[] = [];
  const read: SheetRow[] = [];
  for (const rowNumber of [...rows.keys()].sort((a, b) => a - b)) {
    const cells = Array.from(rows.get(rowNumber)!, (cell) =>
      (typeof cell === 'number' ? (strings.get(cell) ?? '') : (cell ?? '')).trim(),
    );
    if (rowNumber === 1) header = cells;
    else if (cells.some((cell) => cell !== '')) read.push({ rowNumber, cells });
  }
  return { header, rows: read };
}

/** The largest row and column numbers a spreadsheet has (Excel's own limits). */
const SHEET_ROWS = 1_048_576;
const SHEET_COLUMNS = 16_384;

/** A cell as read: its text, or the index of its text among the shared strings. */
type RawCell = string | number;

/**
 * The cells holding a value of a sheet's part, by row number, counted against the import's
 * limits as they are parsed. Cells without a value only widen their row (as far as the last
 * column read); everything else in the part (merged ranges, validations, formatting) is skipped.
 */
async function readCells(
  part: Buffer[],
  dateStyles: boolean[],
  date1904: boolean,
): Promise<{ rows: Map<number, RawCell[]>; sharedStrings: Set<number> }> {
  const rows = new Map<number, RawCell[]>();
  const sharedStrings = new Set<number>();
  let cellCount = 0;
  let rowNumber = 0;
  let row: RawCell[] | undefined;
  let rowHasValue = false;
  let column = 0;
  let cell: { type: string; style: number; value: string; inline: string } | undefined;
  let capture: 'value' | 'inline' | undefined;
  let inInline = false;
  let phonetic = 0;

  const endCell = () => {
    let raw = cell ? cellValue(cell, dateStyles, date1904) : undefined;
    if (typeof raw === 'string') raw = raw.trim();
    if (raw === undefined || raw === '') {
      if (column <= IMPORT_MAX_COLUMNS && row!.length < column) row!.length = column;
      return;
    }
    if (column > IMPORT_MAX_COLUMNS) throw refuse('IMPORT_TOO_MANY_COLUMNS');
    if (++cellCount > IMPORT_MAX_CELLS) throw refuse('IMPORT_TOO_MANY_CELLS');
    if (typeof raw === 'number') sharedStrings.add(raw);
    row![column - 1] = raw;
    rowHasValue = true;
  };
  const endRow = () => {
    if (!rowHasValue || rows.has(rowNumber)) return;
    rows.set(rowNumber, row!);
    if (rows.size - (rows.has(1) ? 1 : 0) > IMPORT_MAX_ROWS) throw refuse('IMPORT_TOO_MANY_ROWS');
  };

  await parseXml(part, {
    open(name, attributes) {
      if (name === 'row') {
        rowNumber = attributes.r === undefined ? rowNumber + 1 : Number(attributes.r);
        if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > SHEET_ROWS) {
          throw refuse('IMPORT_UNREADABLE');
        }
        row = rows.get(rowNumber) ?? [];
        rowHasValue = false;
        column = 0;
      } else if (name === 'c') {
        if (!row) throw refuse('IMPORT_UNREADABLE');
        column = attributes.r === undefined ? column + 1 : columnNumber(attributes.r);
        if (column < 1 || column > SHEET_COLUMNS) throw refuse('IMPORT_UNREADABLE');
        const style = Number(attributes.s ?? 0);
        cell = { type: attributes.t ?? 'n', style, value: '', inline: '' };
      } else if (cell) {
        if (name === 'v') capture = 'value';
        else if (name === 'is') inInline = true;
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && inInline && phonetic === 0) capture = 'inline';
      }
    },
    close(name) {
      if (name === 'v' || name === 't') capture = undefined;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c') {
        endCell();
        cell = undefined;
      } else if (name === 'row') {
        endRow();
        row = undefined;
      }
    },
    text(text) {
      if (capture === 'value') cell!.value += text;
      else if (capture === 'inline') cell!.inline += text;
    },
  });
  return { rows, sharedStrings };
}

/**
 * A cell's text as Excel shows it, or the index of its shared string; undefined when it holds no
 * value (an empty cell, or an error such as #DIV/0!). A formula's saved result is read the same.
 */
function cellValue(
  cell: { type: string; style: number; value: string; inline: string },
  dateStyles: boolean[],
  date1904: boolean,
): RawCell | undefined {
  const { value } = cell;
  switch (cell.type) {
    case 's': {
      const index = Number(value);
      return value !== '' && Number.isSafeInteger(index) && index >= 0 ? index : undefined;
    }
    case 'inlineStr':
      return cell.inline || value;
    case 'str':
      return value;
    case 'b':
      return value === '' ? undefined : String(Number.parseInt(value, 10) !== 0);
    case 'e':
      return undefined;
    case 'd':
      return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
    default: {
      if (value === '') return undefined;
      const number = Number.parseFloat(value);
      if (Number.isNaN(number)) return value;
      if (!dateStyles[cell.style]) return String(number);
      // Excel counts days from 1900 (its 1900 leap year included) or 1904, with no time zone.
      const date = new Date(Math.round((number - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
      return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
    }
  }
}

/** Excel's built-in number formats that show a date or a time. */
const builtInDateFormats = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date or time: day, month, year, hour or second codes. */
export function isDateFormat(code: string): boolean {
  const plain = code
    .replace(/\\./g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[ymdhsb]/i.test(plain);
}

/** For each cell style (the `s` of a cell), whether its number format is a date's. */
async function readDateStyles(part: Buffer[]): Promise<boolean[]> {
  const formats = new Map<number, string>();
  const styleFormats: number[] = [];
  let within: 'numFmts' | 'cellXfs' | undefined;
  await parseXml(part, {
    open(name, attributes) {
      if (name === 'numFmts' || name === 'cellXfs') within = name;
      else if (name === 'numFmt' && within === 'numFmts') {
        formats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      } else if (name === 'xf' && within === 'cellXfs') {
        styleFormats.push(Number(attributes.numFmtId ?? 0));
      }
    },
    close(name) {
      if (name === within) within = undefined;
    },
  });
  return styleFormats.map((id) => {
    const code = formats.get(id);
    return code === undefined ? builtInDateFormats.has(id) : isDateFormat(code);
  });
}

/**
 * The shared strings the sheet uses, by index: rich text's runs joined, phonetic guides left
 * out. Only those asked for are kept, so a large table costs no more memory than its cells.
 */
async function readSharedStrings(
  part: Buffer[],
  wanted: Set<number>,
): Promise<Map<number, string>> {
  const strings = new Map<number, string>();
  let index = -1;
  let text: string | undefined;
  let capture = false;
  let phonetic = 0;
  await parseXml(part, {
    open(name) {
      if (name === 'si') {
        index++;
        text = wanted.has(index) ? '' : undefined;
      } else if (name === 'rPh') phonetic++;
      else if (name === 't') capture = text !== undefined && phonetic === 0;
    },
    close(name) {
      if (name === 't') capture = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && text !== undefined) {
        strings.set(index, text);
        text = undefined;
      }
    },
    text(chunk) {
      if (capture) text += chunk;
    },
  });
  return strings;
}

interface XmlHandlers {
  /** An element opens: its name without a namespace prefix, its attributes as written. */
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/**
 * Parses an unpacked part with a streaming XML parser, chunk by chunk, without building it,
 * letting other requests run after each mebibyte (a sheet at the limit takes a few seconds).
 * A document type declaration (entities) or malformed XML is IMPORT_UNREADABLE.
 */
async function parseXml(part: Buffer[], handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ position: false, xmlns: false });
  const localName = (name: string) => name.slice(name.indexOf(':') + 1);
  parser.on('error', () => {
    throw refuse('IMPORT_UNREADABLE');
  });
  parser.on('doctype', () => {
    throw refuse('IMPORT_UNREADABLE');
  });
  const { open, close, text } = handlers;
  if (open) parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes));
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  const first = part[0];
  const utf16 = first !== undefined && first[0] === 0xff && first[1] === 0xfe;
  try {
    const decoder = new TextDecoder(utf16 ? 'utf-16le' : 'utf-8', { fatal: true });
    let parsed = 0;
    for (const chunk of part) {
      parser.write(decoder.decode(chunk, { stream: true }));
      parsed += chunk.length;
      if (parsed >= 1024 * 1024) {
        parsed = 0;
        await nextTurn();
      }
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse('IMPORT_UNREADABLE');
  }
}

/** The relationship id of an element: its `r:id` attribute, whatever the prefix is called. */
function relationshipId(attributes: Record<string, string>): string | undefined {
  return Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1];
}

/** The zip path of a workbook relationship's target: relative to xl/, or from the root. */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target : `xl/${target}`;
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/** The column number of a cell reference: B7 → 2, AA1 → 27; 0 when it is none. */
function columnNumber(reference: string): number {
  const letters = /^\$?([A-Za-z]{1,3})\$?\d*$/.exec(reference)?.[1];
  if (!letters) return 0;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

/** The header of an .xlsx download, its file name ASCII and dated (Cambodia's day). */
export function attachmentHeaders(baseName: string): Record<string, string> {
  const today = schoolToday();
  return {
    'content-type': XLSX_CONTENT_TYPE,
    'content-disposition': `attachment; filename="${baseName}-${today}.xlsx"`,
    'cache-control': 'no-store',
  };
}

/** Header texts compared without case, spaces or punctuation around them. */
export function headerKey(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s*:()._-]+/g, '');
}
