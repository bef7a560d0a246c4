import zlib from 'node:zlib';

/** One file of a zip archive as it is stored, with what its headers declare. */
export interface ZipPart {
  name: string;
  /** The stored bytes: raw deflate, or the data itself when `stored`. */
  body: Buffer;
  stored?: boolean;
  crc: number;
  /** The unpacked size the headers declare (true or not). */
  size: number;
}

/** A part deflated as any zip writer would, its headers true. */
export function deflatedPart(name: string, data: Buffer | string): ZipPart {
  const bytes = Buffer.from(data);
  return { name, body: zlib.deflateRawSync(bytes), crc: zlib.crc32(bytes), size: bytes.length };
}

/** A zip archive of the parts: local headers and data, the central directory, its end record. */
export function zipArchive(parts: ZipPart[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(part.stored ? 0 : 8, 8);
    header.writeUInt32LE(part.crc >>> 0, 14);
    header.writeUInt32LE(part.body.length, 18);
    header.writeUInt32LE(part.size, 22);
    header.writeUInt16LE(name.length, 26);
    local.push(header, name, part.body);

    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(part.stored ? 0 : 8, 10);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.body.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name);
    offset += header.length + name.length + part.body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const sheetHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${main}"><sheetData>`;
export const sheetTail = '</sheetData></worksheet>';

/** The parts of a workbook of one sheet around that sheet's part (xl/worksheets/sheet1.xml). */
export function workbookParts(sheet: ZipPart): ZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflatedPart(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${relationships}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${packageRelationships}"><Relationship Id="rId1" Type="${relationships}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
  ];
}

/** Spreadsheet column letters of a 1-based column number: 1 → A, 27 → AA. */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** A row of inline-text cells from column A on, with their addresses. */
export function inlineRow(row: number, cells: readonly string[]): string {
  const xml = cells
    .map((text, i) => `<c r="${columnName(i + 1)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`)
    .join('');
  return `<row r="${row}">${xml}</row>`;
}

/** An .xlsx of one sheet whose rows are the XML given, without shared strings or styles. */
export function xlsxOfRows(rowsXml: string): Buffer {
  return zipArchive(
    workbookParts(deflatedPart('xl/worksheets/sheet1.xml', sheetHead + rowsXml + sheetTail)),
  );
}

/**
 * A zip bomb in an .xlsx skeleton: a sheet whose part declares `declaredSize` bytes but unpacks to
 * about `inflatedBytes` of one repeated row. The repeated mebibyte is deflated once and its
 * (byte-aligned, history-free) deflate blocks repeated, so the file is ~2 KB per MiB unpacked.
 */
export function bombXlsx({
  inflatedBytes = 1024 * 1024 * 1024,
  declaredSize = 64 * 1024,
} = {}): Buffer {
  const fullFlush = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 };
  const head = Buffer.from(`${sheetHead}${inlineRow(1, ['Code', 'Name'])}<row r="2">`);
  // Cells of 16 bytes each, all in row 2: a distance of 16 deflates to ~500 times smaller.
  const unit = '<c><v>12</v></c>';
  const block = Buffer.from(unit.repeat((1024 * 1024) / unit.length));
  const tail = Buffer.from(`</row>${sheetTail}`);
  const blocks = Math.max(1, Math.round(inflatedBytes / block.length));
  const packedBlock = zlib.deflateRawSync(block, fullFlush);
  let crc = zlib.crc32(head);
  for (let i = 0; i < blocks; i++) crc = zlib.crc32(block, crc);
  crc = zlib.crc32(tail, crc);
  const body = Buffer.concat([
    zlib.deflateRawSync(head, fullFlush),
    ...Array.from({ length: blocks }, () => packedBlock),
    zlib.deflateRawSync(tail),
  ]);
  return zipArchive(
    workbookParts({ name: 'xl/worksheets/sheet1.xml', body, crc, size: declaredSize }),
  );
}
