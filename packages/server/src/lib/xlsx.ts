import type ExcelJS from 'exceljs';
import { HttpError } from './http-errors.js';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The largest spreadsheet accepted for an import, in bytes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most rows an import reads (blank rows not counted). */
export const IMPORT_MAX_ROWS = 10_000;
/** What the files of an .xlsx may add up to once unpacked: refuses zip bombs before unzipping. */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

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

/**
 * The first sheet of an .xlsx: its header row (row 1) and the rows under it, blank rows left
 * out, every cell as trimmed text (dates as YYYY-MM-DD). 400 IMPORT_UNREADABLE for anything else.
 */
export async function readFirstSheet(
  data: Buffer,
): Promise<{ header: string[]; rows: SheetRow[] }> {
  if (!looksLikeSmallZip(data)) throw new HttpError(400, 'IMPORT_UNREADABLE');
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw new HttpError(400, 'IMPORT_UNREADABLE');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new HttpError(400, 'IMPORT_UNREADABLE');
  let header: string[] = [];
  const rows: SheetRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (rowNumber === 1) {
      header = cells;
      return;
    }
    if (cells.every((cell) => cell === '')) return;
    if (rows.length >= IMPORT_MAX_ROWS) {
      tooMany = true;
      return;
    }
    rows.push({ rowNumber, cells });
  });
  if (tooMany) throw new HttpError(400, 'IMPORT_TOO_MANY_ROWS');
  return { header, rows };
}

/** A cell's value as text, whatever Excel stored: rich text, formulas' results, links, dates. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel dates have no time zone: exceljs reads them as UTC midnight.
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    }
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('error' in value) return '';
  }
  return '';
}

/**
 * Whether the bytes are a zip archive whose entries, as its central directory declares them,
 * unpack to a sane size. An .xlsx is a zip; a few kilobytes could otherwise unpack to gigabytes.
 */
function looksLikeSmallZip(data: Buffer): boolean {
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) return false;
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes.
  const from = Math.max(0, data.length - 22 - 0xffff);
  let end = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return false;
  const entries = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  let unpacked = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return false;
    unpacked += data.readUInt32LE(offset + 24);
    if (unpacked > MAX_UNPACKED_BYTES) return false;
    offset +=
      46 +
      data.readUInt16LE(offset + 28) +
      data.readUInt16LE(offset + 30) +
      data.readUInt16LE(offset + 32);
  }
  return entries > 0;
}

/** The header of an .xlsx download, its file name ASCII and dated (Cambodia's day). */
export function attachmentHeaders(baseName: string): Record<string, string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(
    new Date(),
  );
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
