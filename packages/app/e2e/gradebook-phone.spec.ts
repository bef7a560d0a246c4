import type { Page } from '@playwright/test';
import type { ScoreClassesResponse } from '@sala/contract';
import { endpoints } from '@sala/contract';
import { expect, signInAs, test } from './support.js';

// A teacher's gradebook on a phone: playwright.config.ts runs it at 360 × 740. They land on
// their own subject with the grid in the first screen; a score the gradebook refuses says why
// in its row, and the save state says how many cells are not saved and whose they are.

/** Fails the test on any error the page logs or throws (a CSP violation is logged as one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

for (const lang of ['en', 'km'] as const) {
  test(`a teacher's gradebook on a phone (${lang}): own subject, the grid at once, refusals told`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await signInAs(page, 'teacher', `/auths/login?lang=${lang}`);
    const { classes } = await api<ScoreClassesResponse>(page, endpoints.getScoreClasses.path);
    // The demo teacher leads 7A and teaches Khmer there.
    const own = classes
      .find((c) => c.subjects.some((s) => s.canEnter))!
      .subjects.find((s) => s.canEnter)!;
    expect(own.nameEn).toBe('Khmer');

    await page.goto('/studentScoringEntry');
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible({ timeout: 30_000 });
    // Their teaching assignment is chosen: the subject, not every subject of the homeroom class.
    await expect(page).toHaveURL(new RegExp(`subject=${own.id}`));
    await expect(page.getByRole('button', { name: /(Subject|មុខវិជ្ជា)$/ })).toContainText(
      lang === 'km' ? own.nameKm : own.nameEn,
    );

    // The first student's row is in the first screen, without scrolling.
    const firstRow = grid.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await firstRow.boundingBox())!;
    expect(box.y + Math.min(box.height, 41)).toBeLessThanOrEqual(740);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    const student = (row: number) => grid.getByRole('rowheader').nth(row);
    const scoreCell = (row: number) =>
      grid
        .getByRole('row')
        .nth(row + 1)
        .getByRole('gridcell')
        .first();
    const firstName = ((await student(0).textContent()) ?? '').replace(/^\S+\s/, '').trim();
    const secondName = ((await student(1).textContent()) ?? '').replace(/^\S+\s/, '').trim();

    // Out of range, then too many decimals: each cell says why, in its row, without hovering.
    await scoreCell(0).click();
    await page.keyboard.type('75');
    await page.keyboard.press('Enter');
    await page.keyboard.type('12.345');
    await page.keyboard.press('Enter');
    const range = lang === 'km' ? 'ពិន្ទុត្រូវតែនៅចន្លោះពី 0 ដល់ 50' : 'The score must be from 0 to 50';
    const decimals = lang === 'km' ? 'យ៉ាងច្រើនខ្ទង់ទសភាគពីរ' : 'At most two decimals';
    await expect(scoreCell(0)).toHaveAttribute('aria-invalid', 'true');
    await expect(scoreCell(0).getByText(range, { exact: true })).toBeVisible();
    await expect(scoreCell(1).getByText(decimals, { exact: true })).toBeVisible();
    // Told to a screen reader too: the cell is described by its problem.
    await expect(scoreCell(1)).toHaveAccessibleDescription(new RegExp(decimals));

    // The save state is honest: never "all saved" while cells are refused; how many, and whose.
    const refused = page.getByTestId('refused-cells');
    await expect(refused).toHaveAttribute('role', 'status');
    await expect(refused).toContainText(lang === 'km' ? 'ក្រឡា 2 មិនបានរក្សាទុក' : '2 cells not saved');
    await expect(refused).toContainText(firstName);
    await expect(refused).toContainText(secondName);
    await expect(page.getByText(/All changes saved|បានរក្សាទុកការកែប្រែទាំងអស់/)).toHaveCount(0);
    await expect(
      page.getByText(/Everything else is saved|ការកែប្រែផ្សេងទៀតបានរក្សាទុកហើយ/),
    ).toBeVisible();

    // Undone, nothing is refused any more and everything is saved.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect(scoreCell(0)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(refused).toBeEmpty();
    await expect(page.getByText(/All changes saved|បានរក្សាទុកការកែប្រែទាំងអស់/)).toBeVisible({
      timeout: 15_000,
    });
    expect(errors).toEqual([]);
  });
}
