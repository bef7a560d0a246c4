import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AttendanceClassesResponse, AttendanceSheet } from '@sala/contract';
import { signInAs } from './support.js';

// The morning routine is a phone's: playwright.config.ts runs it in the phone project only.

/** A status of one student's row, tapped where a finger would: its visible segment. */
const segment = (row: Locator, status: RegExp) =>
  row.locator('label').filter({ has: row.page().getByRole('radio', { name: status }) });

async function api<T>(page: Page, path: string): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'accessToken')?.value;
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** The sheet the server holds for the teacher's homeroom class today. */
async function homeroomSheet(page: Page) {
  const classes = await api<AttendanceClassesResponse>(page, '/api/attendance/classes');
  const homeroom = classes.items[0]!;
  const query = new URLSearchParams({
    classId: homeroom.id,
    date: classes.today,
    session: homeroom.session,
  });
  const { sheet } = await api<{ sheet: AttendanceSheet }>(page, `/api/attendance/sheet?${query}`);
  const absent = sheet.rows.filter((row) => row.status === 'absent').length;
  return { sheet, absent };
}

test('a teacher takes the morning sheet on a phone, then saves a change offline', async ({
  page,
  context,
}) => {
  await signInAs(page, 'teacher');
  await page.goto('/attendance');
  let taps = 0;

  // The homeroom class, today and its shift are chosen: the roster of 45 is there at once.
  await expect(page.getByRole('heading', { name: /Grade 7A|ថ្នាក់ទី៧A/ })).toBeVisible();
  const roster = page.getByRole('list', { name: /Students of|សិស្សនៃ/ });
  await expect(roster.getByRole('radiogroup')).toHaveCount(45);
  for (const index of [0, 1, 2]) {
    await segment(roster.getByRole('radiogroup').nth(index), /^(Absent|អវត្តមាន)$/).click();
    taps += 1;
  }
  await page.getByRole('button', { name: /^(Save|រក្សាទុក)$/ }).click();
  taps += 1;
  await expect(page.getByText(/^(Saved|បានរក្សាទុក)$/)).toBeVisible();
  await expect(page.getByText(/Taken by|ស្រង់ដោយ/)).toBeVisible();
  expect(taps).toBeLessThan(10);

  const first = await homeroomSheet(page);
  expect(first.sheet.saved).toBe(true);
  expect(first.sheet.rows).toHaveLength(45);
  expect(first.absent).toBe(3);

  // The connection drops: the change is kept on the phone and sent when it is back.
  await context.setOffline(true);
  await segment(roster.getByRole('radiogroup').nth(3), /^(Absent|អវត្តមាន)$/).click();
  await page.getByRole('button', { name: /^(Save|រក្សាទុក)$/ }).click();
  // Said where the teacher tapped Save, at the bottom of the list.
  await expect(page.getByText(/Saved on this phone|បានរក្សាទុកនៅលើទូរស័ព្ទនេះ/)).toBeInViewport();
  await expect(page.getByText(/1 sheet is waiting|មាន 1 បញ្ជីកំពុងរង់ចាំ/)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(/^(Sent|បានផ្ញើ)/)).toBeVisible();
  await expect(page.getByText(/Saved on this phone|បានរក្សាទុកនៅលើទូរស័ព្ទនេះ/)).toBeHidden();

  // One sheet for the class, day and shift: the same one, with the offline change in it.
  const second = await homeroomSheet(page);
  expect(second.sheet.id).toBe(first.sheet.id);
  expect(second.sheet.rows).toHaveLength(45);
  expect(second.absent).toBe(4);
});
