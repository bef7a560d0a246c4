import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import type { ScoreClassesResponse, ScoreSheetResponse } from '@sala/contract';
import { endpoints } from '@sala/contract';
import { expect, signInAs, test } from './support.js';

async function api<T>(page: Page, url: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const response = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/**
 * The teacher's own subject in their homeroom class, in the second term's first month: the demo
 * school's scores are of the first term, so this test is a fresh draft whatever the date.
 */
async function teachersSheet(page: Page) {
  const { classes, terms } = await api<ScoreClassesResponse>(page, endpoints.getScoreClasses.path);
  const schoolClass = classes.find((c) => c.nameEn === 'Grade 7A')!;
  const subject = schoolClass.subjects.find((s) => s.canEnter)!;
  const term = terms.find((t) => t.yearId === schoolClass.yearId && t.number === 2)!;
  const month = term.months[0]!;
  const query = new URLSearchParams({
    classId: schoolClass.id,
    termId: term.id,
    kind: 'month',
    month: String(month),
    subjectId: subject.id,
  });
  const address = `/studentScoringEntry?${new URLSearchParams({
    class: schoolClass.id,
    term: term.id,
    test: String(month),
    subject: subject.id,
  })}`;
  const read = () => api<ScoreSheetResponse>(page, `${endpoints.getScoreSheet.path}?${query}`);
  return { schoolClass, subject, term, month, address, read };
}

/** The score the server holds for a student of the sheet. */
const scoreOf = (sheet: ScoreSheetResponse, studentId: string, subjectId: string) =>
  sheet.cells.find((c) => c.studentId === studentId && c.subjectId === subjectId) ?? null;

/** A block as a spreadsheet puts it on the clipboard, pasted where the grid's focus is. */
async function paste(page: Page, text: string) {
  await page.evaluate((block) => {
    const data = new DataTransfer();
    data.setData('text/plain', block);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('a teacher types and pastes a month of scores, submits; the office publishes and prints', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'teacher');
  const sheet = await teachersSheet(page);
  await page.goto(sheet.address);

  const grid = page.getByRole('grid', { name: /Scores of|ពិន្ទុ/ });
  await expect(grid).toBeVisible();
  const before = await sheet.read();
  const students = before.students;
  expect(students.length).toBeGreaterThan(6);
  const scoreCell = (row: number) =>
    grid
      .getByRole('row')
      .nth(row + 1)
      .getByRole('gridcell')
      .first();

  // By keyboard: a score, Enter moves down, another, then absent.
  await scoreCell(0).click();
  await page.keyboard.type('45');
  await page.keyboard.press('Enter');
  await page.keyboard.type('38.5');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A');
  await page.keyboard.press('Enter');
  // Out of range: shown in the cell, never saved.
  await page.keyboard.type('75');
  await page.keyboard.press('Enter');
  await expect(scoreCell(3)).toHaveAttribute('aria-invalid', 'true');

  // A block copied from a spreadsheet, pasted from the fifth student down.
  await scoreCell(4).click();
  await paste(page, '40\n41\n42.25\n');
  // Everything but the bad cell is saved, and the state says so: never "all saved" with it.
  await expect(page.getByText(/Everything else is saved/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('refused-cells')).toContainText('1 cell not saved');
  await expect(page.getByText(/All changes saved/)).toHaveCount(0);

  const saved = await sheet.read();
  const at = (row: number) => scoreOf(saved, students[row]!.id, sheet.subject.id);
  expect(at(0)).toMatchObject({ score: 45, absent: false });
  expect(at(1)).toMatchObject({ score: 38.5, absent: false });
  expect(at(2)).toMatchObject({ score: null, absent: true });
  expect(at(3)?.score ?? null).toBe(
    scoreOf(before, students[3]!.id, sheet.subject.id)?.score ?? null,
  );
  expect([at(4)?.score, at(5)?.score, at(6)?.score]).toEqual([40, 41, 42.25]);

  // The bad cell is fixed, and a reload shows what was saved.
  await scoreCell(3).click();
  await page.keyboard.type('30');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/All changes saved|បានរក្សាទុក/)).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(scoreCell(0)).toHaveText('45');
  await expect(scoreCell(1)).toHaveText('38.5');
  await expect(scoreCell(3)).toHaveText('30');
  await expect(scoreCell(6)).toHaveText('42.25');

  // Submitted to the office.
  await page
    .getByRole('button', { name: /^(Submit|ដាក់ស្នើ)/ })
    .first()
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^(Submit|ដាក់ស្នើ)/ })
    .click();
  await expect(page.getByText(/^Submitted:/)).toBeVisible();
  expect((await sheet.read()).columns[0]!.status).toBe('submitted');

  // The office publishes: seven of the class have a score, so the subject is incomplete and
  // published only when chosen, its consequence stated. The sheet is then locked.
  await page.context().clearCookies();
  await signInAs(page, 'office');
  await page.goto(sheet.address);
  await expect(grid).toBeVisible();
  await page
    .getByRole('button', { name: /^(Publish|ផ្សព្វផ្សាយ)/ })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog');
  const row = confirm.getByRole('listitem', { name: sheet.subject.nameEn });
  const expected = students.filter((student) => student.active).length;
  await expect(row).toContainText(`7 of ${expected} students have a score (1 marked absent)`);
  await row.getByText(/although it is incomplete/).click();
  await expect(row.getByRole('checkbox', { name: /although it is incomplete/ })).toBeChecked();
  await expect(row).toContainText(`${expected - 7} students have no score`);
  await confirm.getByRole('button', { name: 'Publish 1 subject' }).click();
  const message = page.getByRole('alertdialog', { name: 'Published 1 subject' });
  await expect(message).toContainText(`Published: ${sheet.subject.nameEn} (7/${expected})`);
  expect((await sheet.read()).columns[0]!.status).toBe('published');

  // The first student's report card for the month, in Khmer, printed by the server's browser.
  const student = students[0]!;
  await page.goto(
    `/dev/StudentReport?${new URLSearchParams({
      class: sheet.schoolClass.id,
      period: 'month',
      term: sheet.term.id,
      month: String(sheet.month),
      student: student.id,
    })}`,
  );
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Report card (PDF)' })).toBeVisible();
  await dialog
    .locator('label')
    .filter({ hasText: /^Khmer$/ })
    .click();
  await expect(dialog.getByRole('radio', { name: 'Khmer' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Make the PDF' }).click();
  await expect(dialog.getByText('The PDF is ready: 1 card.')).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download the PDF' }).click(),
  ]);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-card-'));
  const pdf = path.join(folder, 'card.pdf');
  await download.saveAs(pdf);
  expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');

  // The page as an image: the parts that do not move with the calendar (the school, the title,
  // the month, the student, and the subjects' Khmer names with their stacked consonants) are
  // compared with the reference, so a missing font or broken shaping fails here.
  execFileSync('pdftoppm', [
    '-r',
    '72',
    '-f',
    '1',
    '-l',
    '1',
    '-png',
    pdf,
    path.join(folder, 'page'),
  ]);
  const image = PNG.sync.read(fs.readFileSync(path.join(folder, 'page-1.png')));
  expect(image.width).toBe(595); // A4 at 72 dpi
  expect(
    PNG.sync.write(
      stack([
        crop(image, 0, 0, 595, 110),
        crop(image, 0, 110, 175, 88),
        crop(image, 0, 205, 410, 258),
      ]),
    ),
  ).toMatchSnapshot('report-card-km.png', { maxDiffPixelRatio: 0.002 });
});

test('the office sees what is missing before publishing, and only the chosen subjects go out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The second month of term 2 in 7A, set up by the administrator: the first subject complete,
  // the second with three scores, the others none.
  await signInAs(page, 'admin');
  const { classes, terms } = await api<ScoreClassesResponse>(page, endpoints.getScoreClasses.path);
  const schoolClass = classes.find((c) => c.nameEn === 'Grade 7A')!;
  const term = terms.find((t) => t.yearId === schoolClass.yearId && t.number === 2)!;
  const month = term.months[1]!;
  const testOf = { classId: schoolClass.id, termId: term.id, kind: 'month', month };
  const query = new URLSearchParams({ ...testOf, month: String(month) });
  const read = () => api<ScoreSheetResponse>(page, `${endpoints.getScoreSheet.path}?${query}`);
  const { students, columns } = await read();
  const present = students.filter((s) => s.active);
  const [full, partial, empty] = columns;
  await post(page, endpoints.postScoreBatch.path, {
    ...testOf,
    cells: [
      ...present.map((s, i) => ({ studentId: s.id, subjectId: full!.id, score: 20 + (i % 20) })),
      ...present.slice(0, 3).map((s) => ({ studentId: s.id, subjectId: partial!.id, score: 30 })),
    ],
  });

  await page.context().clearCookies();
  await signInAs(page, 'office');
  await page.goto(
    `/studentScoringEntry?${new URLSearchParams({
      class: schoolClass.id,
      term: term.id,
      test: String(month),
      subject: 'all',
    })}`,
  );
  await expect(page.getByRole('grid', { name: /Scores of|ពិន្ទុ/ })).toBeVisible();
  await page.getByRole('button', { name: `Publish: ${columns.length} subjects` }).click();
  const confirm = page.getByRole('alertdialog');
  const row = (subject: { nameEn: string }) =>
    confirm.getByRole('listitem', { name: subject.nameEn, exact: true });
  const n = present.length;
  await expect(row(full!)).toContainText(`${n} of ${n} students have a score`);
  await expect(row(full!)).toContainText('Will be published.');
  await expect(row(partial!)).toContainText(`3 of ${n} students have a score`);
  await expect(row(partial!)).toContainText(`and ${n - 3 - 5} more`);
  await expect(row(empty!)).toContainText('No scores');
  await expect(confirm).toContainText('a score not entered is left out');
  // Nothing incomplete chosen: the complete subject alone.
  await confirm.getByRole('button', { name: 'Publish 1 subject' }).click();
  const message = page.getByRole('alertdialog', {
    name: `Published 1 of ${columns.length} subjects`,
  });
  await expect(message).toContainText(`Published: ${full!.nameEn} (${n}/${n})`);
  await expect(message).toContainText(
    `Not published: ${partial!.nameEn} — 3 of ${n} students have a score, and it was not chosen to be published incomplete`,
  );
  await expect(message).toContainText(
    new RegExp(`Not published: (.+, )?${empty!.nameEn}(, .+)? — no score has been entered yet`),
  );
  const after = await read();
  const statusOf = (id: string) => after.columns.find((c) => c.id === id)!.status;
  expect([statusOf(full!.id), statusOf(partial!.id), statusOf(empty!.id)]).toEqual([
    'published',
    'draft',
    'draft',
  ]);
});

/** POSTs JSON with the signed-in user's token. */
async function post(page: Page, url: string, body: object) {
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const response = await page.request.post(url, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A rectangle of an image. */
function crop(image: PNG, x: number, y: number, width: number, height: number): PNG {
  const part = new PNG({ width, height });
  PNG.bitblt(image, part, x, y, width, height, 0, 0);
  return part;
}

/** Parts one under the other, on white. */
function stack(parts: PNG[]): PNG {
  const width = Math.max(...parts.map((p) => p.width));
  const height = parts.reduce((sum, p) => sum + p.height, 0);
  const out = new PNG({ width, height });
  out.data.fill(255);
  let y = 0;
  for (const part of parts) {
    PNG.bitblt(part, out, 0, 0, part.width, part.height, 0, y);
    y += part.height;
  }
  return out;
}
