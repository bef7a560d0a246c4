import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { chromiumPath } from './pdf.js';

/** Fails (never skips) when the browser the server prints with is missing. */
export function assertChromium(): void {
  if (!fs.existsSync(chromiumPath())) {
    throw new Error(
      `Report-card tests print with Chromium, and there is none at ${chromiumPath()}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
}

/** The number of pages of a PDF. */
export async function pageCount(pdf: Buffer): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Renders one page of a PDF to a grey image with poppler's pdftoppm and answers the share of
 * its pixels that are not white (a blank page gives 0).
 */
export function inkOfPage(pdf: Buffer, page = 1): number {
  if (!hasPdftoppm()) {
    throw new Error(
      'Report-card tests look at the printed page with pdftoppm: install poppler-utils (apt-get install poppler-utils).',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-pdf-'));
  try {
    const file = path.join(dir, 'cards.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', [
      '-gray',
      '-r',
      '40',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      path.join(dir, 'page'),
    ]);
    const image = fs.readFileSync(path.join(dir, 'page.pgm'));
    // A binary PGM: "P5", width, height, maximum value, then one byte a pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 50).toString('latin1'));
    if (!header) throw new Error('pdftoppm wrote no PGM image');
    const width = Number(header[1]);
    const height = Number(header[2]);
    const pixels = image.subarray(header[0].length, header[0].length + width * height);
    let ink = 0;
    for (const value of pixels) if (value < 200) ink += 1;
    return ink / pixels.length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
