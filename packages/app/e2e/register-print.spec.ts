import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, signInAs, test } from './support.js';

/** Each page's size in points, as poppler's pdfinfo reads the file. */
function pageSizes(pdf: string): { width: number; height: number }[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', pdf], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
}

/** The text of one page, its runs of spaces and line ends made single spaces. */
function pageText(pdf: string, page: number): string {
  const text = execFileSync(
    'pdftotext',
    ['-f', String(page), '-l', String(page), '-layout', pdf, '-'],
    { encoding: 'utf8' },
  );
  return text.replace(/\s+/g, ' ');
}

test('the month register prints on A4 landscape sheets, no student cut across two', async ({
  page,
}) => {
  // Signing in, a month of a class and a PDF of it: more than half a minute on a busy machine.
  test.slow();
  // The homeroom teacher of 7A (45 students) opens their class's register.
  await signInAs(page, 'teacher');
  await page.goto('/attendance');
  await page.getByRole('tab', { name: /^(Month register|បញ្ជីប្រចាំខែ)$/ }).click();
  const grid = page.getByRole('region', { name: /^(Attendance register of|បញ្ជីវត្តមាន)/ });
  const rows = grid.locator('tbody tr');
  // A month of a class's marks: the register's query is the heaviest of the page.
  await expect(rows).toHaveCount(45, { timeout: 30_000 });
  const students = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const parts = tr.querySelectorAll('th span[translate="no"]');
      return { name: parts[0]!.textContent!.trim(), code: parts[1]!.textContent!.trim() };
    }),
  );

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-register-'));
  try {
    const pdf = path.join(folder, 'register.pdf');
    // As the browser's own print does: the page's @page rule chooses the paper.
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });

    // A4 landscape (842 × 595 points) on every sheet; 45 rows at 7.5 pt, with the header, the
    // day totals and the legend, take two sheets (portrait took three).
    const sizes = pageSizes(pdf);
    expect(sizes).toHaveLength(2);
    for (const size of sizes) {
      expect(size.width).toBeCloseTo(841.92, 0);
      expect(size.height).toBeCloseTo(594.96, 0);
    }

    // Each student's name and code (the two lines of their row's first cell) on one sheet.
    const texts = sizes.map((_, i) => pageText(pdf, i + 1));
    for (const student of students) {
      const withCode = texts.filter((text) => text.includes(student.code));
      expect(withCode, `${student.code} printed once`).toHaveLength(1);
      expect(withCode[0], `${student.name} beside ${student.code}`).toContain(student.name);
    }
    // The day headings repeat on the second sheet, so its columns are still read.
    expect(texts[1]).toMatch(/Student|សិស្ស/);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
