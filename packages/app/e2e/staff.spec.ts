import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, signInAsAdmin, test } from './support.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A small staff sheet, as a school would type it. */
async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const tab = book.addWorksheet('Staff');
  tab.addRow(['Code', 'Name (Khmer)', 'Name (Latin)', 'Department code', 'Position', 'Hire date']);
  for (const row of rows) tab.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function choose(page: Page, field: RegExp, option: string) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('staff', () => {
  test('filters the list, creates, edits, changes the working status and deletes', async ({
    page,
  }, testInfo) => {
    // Each browser project makes its own staff member: they share one server.
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'phone';
    const code = phone ? 'E2E-P01' : 'E2E-D01';
    const name = phone ? 'Dara Phoneview' : 'Dara Deskview';
    await signInAsAdmin(page);
    await page.goto('/staff');
    await expect(page.getByRole('gridcell').first()).toBeVisible();

    // Filters: one department, then only those at work.
    await choose(page, /^All departments/, 'Mathematics');
    await expect(
      page.getByRole('gridcell', { name: 'Mathematics', exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Khmer Literature', exact: true })).toHaveCount(
      0,
    );
    await choose(page, /^All statuses/, 'Resigned');
    await expect(page.getByText('No staff member matches')).toBeVisible();
    await choose(page, /^Resigned Working status$/, 'Working');
    await expect(
      page.getByRole('gridcell', { name: 'Working', exact: true }).first(),
    ).toBeVisible();
    await choose(page, /^Mathematics Department$/, 'All departments');
    await choose(page, /^Working Working status$/, 'All statuses');

    // Create.
    await page.getByRole('button', { name: 'New staff member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
    await dialog.getByRole('textbox', { name: /Khmer/ }).first().fill('ដារ៉ា');
    await dialog
      .getByRole('textbox', { name: /English/ })
      .first()
      .fill(name);
    await dialog.getByRole('button', { name: /No department/ }).click();
    await page.getByRole('option', { name: 'Mathematics', exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Position/ }).fill('Teacher');
    await dialog.getByLabel(/^Hire date/).fill('2020-09-01');
    await dialog.getByRole('textbox', { name: /^National ID/ }).fill('N-' + code);
    await dialog.getByRole('button', { name: 'Create staff member' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${name} was created`).first()).toBeVisible();

    const search = page.getByRole('searchbox', { name: /Search/ });
    await search.fill(name);
    await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: code, exact: true })).toBeVisible();

    // Edit.
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await dialog.getByRole('textbox', { name: /^Position/ }).fill('Senior teacher');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('gridcell', { name: 'Senior teacher', exact: true })).toBeVisible();

    // Their page: change the working status and see it in the history.
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Senior teacher')).toBeVisible();
    await page.getByRole('button', { name: 'Change status' }).click();
    const change = page.getByRole('dialog');
    await change.getByRole('button', { name: /New status/ }).click();
    await page.getByRole('option', { name: 'Resigned', exact: true }).click();
    await change.getByLabel(/^From/).fill('2026-06-30');
    await change.getByRole('textbox', { name: /^Reason/ }).fill('Moved to Siem Reap');
    await change.getByRole('button', { name: 'Change status' }).click();
    await expect(change).toBeHidden();
    const history = page.getByRole('list', { name: 'Working history' });
    await expect(history.getByText('Working → Resigned')).toBeVisible();
    await expect(history.getByText('Moved to Siem Reap')).toBeVisible();
    await expect(page.getByText('Resigned', { exact: true }).first()).toBeVisible();

    // Back to the list: delete them.
    await page.getByRole('link', { name: 'Back to staff' }).click();
    await page.getByRole('searchbox', { name: /Search/ }).fill(name);
    await expect(page.getByRole('gridcell', { name: 'Resigned', exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText(`${name} was deleted`).first()).toBeVisible();
    await expect(page.getByRole('gridcell', { name, exact: true })).toHaveCount(0);
  });

  test('is refused deleting someone who still teaches', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/staff');
    await choose(page, /^All departments/, 'Mathematics');
    // Ly Chantha heads Mathematics and teaches it in the demo school. Named, so a press can
    // never land on a row of the list from before the filter.
    await page.getByRole('button', { name: 'Delete Ly Chantha' }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText(/still teaches, leads a department/).first()).toBeVisible();
  });

  test('exports the list and imports a checked sheet on confirm', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'phone';
    const code = phone ? 'IMP-P01' : 'IMP-D01';
    const name = phone ? 'Pov Phoneimport' : 'Pov Deskimport';
    await signInAsAdmin(page);
    await page.goto('/staff');
    await expect(page.getByRole('gridcell').first()).toBeVisible();

    // Export: an .xlsx of the (filtered) list, with the sheet's headers.
    await choose(page, /^All departments/, 'Mathematics');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^staff-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    const data = await readFile(await download.path());
    await book.xlsx.load(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    const tab = book.worksheets[0]!;
    expect(tab.getRow(1).getCell(1).text).toBe('Code');
    expect(tab.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= tab.rowCount; r++) {
      const departmentColumn = (tab.getRow(1).values as string[]).indexOf('Department code');
      expect(tab.getRow(r).getCell(departmentColumn).text).toBe('MATH');
    }

    // Import: a sheet with a wrong department is checked and refused row by row.
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import staff' });
    const file = dialog.getByTestId('import-file');
    await file.setInputFiles({
      name: 'staff.xlsx',
      mimeType: XLSX_TYPE,
      buffer: await sheet([
        [code, 'ស្រី ពៅ', name, 'MATH', 'Teacher', '01/09/2024'],
        [`${code}X`, 'ស្រី មុំ', `${name} Two`, 'NOPE', 'Teacher', ''],
      ]),
    });
    await expect(dialog.getByText('2 rows read: 1 new, 0 to update, 1 with errors.')).toBeVisible();
    const errors = dialog.getByRole('grid', { name: 'Rows with errors' });
    await expect(errors.getByRole('gridcell', { name: '3', exact: true })).toBeVisible();
    // The problem names the sheet's column, in the sheet's words.
    await expect(
      errors.getByRole('gridcell', { name: /^Department code: .*does not exist/ }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();

    // The corrected sheet: previewed, then written on confirm.
    await file.setInputFiles({
      name: 'staff.xlsx',
      mimeType: XLSX_TYPE,
      buffer: await sheet([[code, 'ស្រី ពៅ', name, 'MATH', 'Teacher', '01/09/2024']]),
    });
    await expect(dialog.getByText('1 row read: 1 new, 0 to update, 0 with errors.')).toBeVisible();
    await expect(dialog.getByRole('gridcell', { name: code, exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Imported: 1 new, 0 updated').first()).toBeVisible();
    await page.getByRole('searchbox', { name: /Search/ }).fill(name);
    await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: code, exact: true })).toBeVisible();
  });
});
