import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  bombXlsx,
  deflatedPart,
  inlineRow,
  sheetHead,
  sheetTail,
  workbookParts,
  xlsxOfRows,
  zipArchive,
} from '../../test/xlsx-fixtures.js';
import { HttpError } from './http-errors.js';
import {
  IMPORT_MAX_CELLS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_ZIP_ENTRIES,
  isDateFormat,
  readFirstSheet,
  writeSheet,
} from './xlsx.js';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'read',
    (error: unknown) => (error instanceof HttpError ? error.code : String(error)),
  );

describe('xlsx', () => {
  it('reads back what it writes, blank rows left out, with their sheet row numbers', async () => {
    const data = await writeSheet(
      'Students',
      ['Code', 'ឈ្មោះ'],
      [
        ['0012', 'សុខ ដារា'],
        [null, null],
        ['S-2', null],
      ],
    );
    const sheet = await readFirstSheet(data);
    expect(sheet.header).toEqual(['Code', 'ឈ្មោះ']);
    expect(sheet.rows).toEqual([
      { rowNumber: 2, cells: ['0012', 'សុខ ដារា'] },
      { rowNumber: 4, cells: ['S-2', ''] },
    ]);
  });

  it("reads dates, rich text, formulas' results, links, numbers and booleans as text", async () => {
    const book = new ExcelJS.Workbook();
    const first = book.addWorksheet('First');
    first.addRow(['Date', 'Rich', 'Formula', 'Link', 'Number', 'Yes', 'Dated formula']);
    first.addRow([
      new Date(Date.UTC(2014, 4, 17)),
      { richText: [{ text: 'Sok ' }, { font: { bold: true }, text: 'Dara ' }] },
      { formula: 'E2*2', result: 42 },
      { text: 'mail', hyperlink: 'mailto:x@y.z' },
      0.5,
      true,
      { formula: 'A2+1', result: 41777 },
    ]);
    first.getCell('G2').numFmt = 'dd/mm/yyyy';
    book.addWorksheet('Second').addRow(['not read']);
    const sheet = await readFirstSheet(Buffer.from(await book.xlsx.writeBuffer()));
    expect(sheet.rows).toEqual([
      {
        rowNumber: 2,
        cells: ['2014-05-17', 'Sok Dara', '42', 'mail', '0.5', 'true', '2014-05-18'],
      },
    ]);
    expect(['mm-dd-yy', 'd/m/yyyy h:mm', '[h]:mm'].map(isDateFormat)).toEqual([true, true, true]);
    expect(['General', '0.00', '#,##0 "days"', '[Red]0.0', '0\\h'].map(isDateFormat)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads inline text without its phonetic guide, and cells and rows without addresses', async () => {
    const data = xlsxOfRows(
      '<row r="1"><c r="A1" t="inlineStr"><is><r><t>Na</t></r><r><t>me</t></r><rPh><t>x</t></rPh></is></c></row>' +
        '<row><c t="inlineStr"><is><t> Sok </t></is></c><c/><c><v>7</v></c></row>',
    );
    expect(await readFirstSheet(data)).toEqual({
      header: ['Name'],
      rows: [{ rowNumber: 2, cells: ['Sok', '', '7'] }],
    });
  });

  it('refuses what is no spreadsheet, naming the file', async () => {
    const garbage = await readFirstSheet(Buffer.from('not a zip at all, not at all')).catch(
      (error: unknown) => error,
    );
    expect(garbage).toMatchObject({
      statusCode: 400,
      code: 'IMPORT_UNREADABLE',
      fieldErrors: { file: ['IMPORT_UNREADABLE'] },
    });
    const data = await writeSheet('Sheet', ['A'], [['1']]);
    // Cut in half: no central directory any more.
    expect(await codeOf(readFirstSheet(data.subarray(0, data.length >> 1)))).toBe(
      'IMPORT_UNREADABLE',
    );
    // A byte of the sheet changed: its CRC no longer matches.
    const sheet = deflatedPart(
      'xl/worksheets/sheet1.xml',
      sheetHead + inlineRow(1, ['A']) + sheetTail,
    );
    const broken = zipArchive(workbookParts({ ...sheet, crc: sheet.crc ^ 1 }));
    expect(await codeOf(readFirstSheet(broken))).toBe('IMPORT_UNREADABLE');
    // Entities declared by a document type are never expanded.
    const doctype = zipArchive(
      workbookParts(
        deflatedPart(
          'xl/worksheets/sheet1.xml',
          `<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">]><worksheet><sheetData>${inlineRow(1, ['&a;'])}</sheetData></worksheet>`,
        ),
      ),
    );
    expect(await codeOf(readFirstSheet(doctype))).toBe('IMPORT_UNREADABLE');
  });

  it('unpacks no more than its limit, whatever sizes the zip declares', async () => {
    // 256 MiB declared as 64 KiB, then declared as it is.
    expect(await codeOf(readFirstSheet(bombXlsx({ inflatedBytes: 256 * 1024 * 1024 })))).toBe(
      'IMPORT_TOO_MUCH_DATA',
    );
    const honest = bombXlsx({ inflatedBytes: 256 * 1024 * 1024, declaredSize: 256 * 1024 * 1024 });
    expect(await codeOf(readFirstSheet(honest))).toBe('IMPORT_TOO_MUCH_DATA');
    // A size declared far above the truth does not matter either.
    const data = await writeSheet('Sheet', ['A'], [['1']]);
    const inflated = Buffer.from(data);
    const entry = inflated.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    inflated.writeUInt32LE(0xfffffff0, entry + 24);
    expect((await readFirstSheet(inflated)).header).toEqual(['A']);
    // Too many entries, however small.
    const parts = workbookParts(deflatedPart('xl/worksheets/sheet1.xml', sheetHead + sheetTail));
    const padding = Array.from({ length: IMPORT_MAX_ZIP_ENTRIES }, (_, i) =>
      deflatedPart(`xl/media/image${i}.png`, ''),
    );
    expect(await codeOf(readFirstSheet(zipArchive([...parts, ...padding])))).toBe(
      'IMPORT_TOO_MUCH_DATA',
    );
  });

  it('never builds what a range covers: a merge or a validation over the whole sheet', async () => {
    const whole = 'A1:XFD1048576';
    const data = zipArchive(
      workbookParts(
        deflatedPart(
          'xl/worksheets/sheet1.xml',
          `${sheetHead}${inlineRow(1, ['Code'])}${inlineRow(2, ['S1'])}</sheetData>` +
            `<mergeCells count="1"><mergeCell ref="${whole}"/></mergeCells>` +
            `<dataValidations count="1"><dataValidation type="list" sqref="${whole}"><formula1>"a,b"</formula1></dataValidation></dataValidations></worksheet>`,
        ),
      ),
    );
    const started = performance.now();
    expect(await readFirstSheet(data)).toEqual({
      header: ['Code'],
      rows: [{ rowNumber: 2, cells: ['S1'] }],
    });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses more rows, columns or cells than an import takes', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [String(i)]);
    const data = await writeSheet('Sheet', ['A'], rows);
    expect(await codeOf(readFirstSheet(data))).toBe('IMPORT_TOO_MANY_ROWS');
    expect(
      (await readFirstSheet(await writeSheet('Sheet', ['A'], rows.slice(1)))).rows,
    ).toHaveLength(IMPORT_MAX_ROWS);

    const last = IMPORT_MAX_COLUMNS;
    const widest = Array.from({ length: last }, (_, i) => `c${i + 1}`);
    expect((await readFirstSheet(xlsxOfRows(inlineRow(1, widest)))).header).toHaveLength(last);
    // An empty, formatted cell past the last column is no value: it is left out.
    const formatted = xlsxOfRows(`${inlineRow(1, ['A'])}<row r="2"><c r="XFD2" s="1"/></row>`);
    expect(await readFirstSheet(formatted)).toEqual({ header: ['A'], rows: [] });
    expect(await codeOf(readFirstSheet(xlsxOfRows(inlineRow(1, [...widest, 'x']))))).toBe(
      'IMPORT_TOO_MANY_COLUMNS',
    );

    const width = Math.ceil(IMPORT_MAX_CELLS / IMPORT_MAX_ROWS) + 1;
    const crowded = Array.from({ length: IMPORT_MAX_ROWS }, (_, r) =>
      inlineRow(
        r + 1,
        Array.from({ length: width }, () => '1'),
      ),
    ).join('');
    expect(await codeOf(readFirstSheet(xlsxOfRows(crowded)))).toBe('IMPORT_TOO_MANY_CELLS');
  });
});
