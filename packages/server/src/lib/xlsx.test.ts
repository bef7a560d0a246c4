import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-errors.js';
import { IMPORT_MAX_ROWS, cellText, readFirstSheet, writeSheet } from './xlsx.js';

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

  it('reads dates, rich text, formulas and links as text', () => {
    expect(cellText(new Date(Date.UTC(2014, 4, 17)))).toBe('2014-05-17');
    expect(cellText({ richText: [{ text: 'Sok ' }, { text: 'Dara ' }] })).toBe('Sok Dara');
    expect(cellText({ formula: 'A1', result: 42 } as ExcelJS.CellFormulaValue)).toBe('42');
    expect(cellText({ text: 'mail', hyperlink: 'mailto:x@y.z' })).toBe('mail');
    expect(cellText(null)).toBe('');
  });

  it('refuses what is no spreadsheet, and a zip that would unpack to too much', async () => {
    expect(await codeOf(readFirstSheet(Buffer.from('not a zip at all, not at all')))).toBe(
      'IMPORT_UNREADABLE',
    );
    const data = await writeSheet('Sheet', ['A'], [['1']]);
    // Claim that the first entry of the central directory unpacks to 4 GB.
    const bomb = Buffer.from(data);
    const entry = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0xfffffff0, entry + 24);
    expect(await codeOf(readFirstSheet(bomb))).toBe('IMPORT_UNREADABLE');
    // Cut in half: no central directory any more.
    expect(await codeOf(readFirstSheet(data.subarray(0, data.length >> 1)))).toBe(
      'IMPORT_UNREADABLE',
    );
  });

  it('refuses more rows than an import takes', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [String(i)]);
    const data = await writeSheet('Sheet', ['A'], rows);
    expect(await codeOf(readFirstSheet(data))).toBe('IMPORT_TOO_MANY_ROWS');
  });
});
