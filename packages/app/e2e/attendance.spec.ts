import type { Locator, Page } from '@playwright/test';
import type { AttendanceClassesResponse, AttendanceSheet } from '@sala/contract';
import { endpoints } from '@sala/contract';
import { expect, signInAs, test } from './support.js';

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
  const classes = await api<AttendanceClassesResponse>(page, endpoints.getAttendanceClasses.path);
  const homeroom = classes.items[0]!;
  const query = new URLSearchParams({
    classId: homeroom.id,
    date: classes.today,
    session: homeroom.session,
  });
  const { sheet } = await api<{ sheet: AttendanceSheet }>(
    page,
    `${endpoints.getAttendanceSheet.path}?${query}`,
  );
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

  // Another phone saves the sheet meanwhile: student A late, student B absent.
  // (Students whose names are theirs alone: a row is found by its name.)
  const named = (row: (typeof second.sheet.rows)[number]) =>
    second.sheet.rows.filter(
      (other) =>
        other.student.nameEn === row.student.nameEn || other.student.nameKm === row.student.nameKm,
    ).length === 1;
  const [a, b, c] = second.sheet.rows.filter((row) => row.status === 'present' && named(row));
  const statusFor = new Map([
    [a!.student.id, 'late'],
    [b!.student.id, 'absent'],
  ]);
  const token = (await page.context().cookies()).find((k) => k.name === 'accessToken')?.value;
  const elsewhere = await page.request.post(endpoints.postAttendanceSheets.path, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      id: second.sheet.id,
      classId: second.sheet.schoolClass.id,
      date: second.sheet.date,
      session: second.sheet.session,
      marks: second.sheet.rows.map((row) => {
        const status = statusFor.get(row.student.id) ?? row.status;
        return {
          studentId: row.student.id,
          status,
          minutesLate: status === 'late' ? 5 : row.minutesLate,
          was: { status: row.status, minutesLate: row.minutesLate },
        };
      }),
    },
  });
  expect(elsewhere.ok()).toBe(true);

  // This phone, still showing the sheet before that save, marks A on leave and C absent. The
  // save is refused and said so; the sheet comes back with the other phone's marks (B absent)
  // and this phone's changes on top; saved again, both stand.
  const rowOf = (row: (typeof second.sheet.rows)[number]) =>
    roster.getByRole('radiogroup', {
      name: new RegExp(
        `^(${[row.student.nameEn, row.student.nameKm]
          .filter(Boolean)
          .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('|')})$`,
      ),
    });
  const absent = /^(Absent|អវត្តមាន)$/;
  const permission = /^(Permission|ច្បាប់)$/;
  await segment(rowOf(a!), permission).click();
  await segment(rowOf(c!), absent).click();
  await page.getByRole('button', { name: /^(Save|រក្សាទុក)$/ }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /Someone else changed|មាននរណាម្នាក់បានកែ/ })
      .first(),
  ).toBeVisible();
  await expect(rowOf(b!).getByRole('radio', { name: absent })).toBeChecked();
  await expect(rowOf(a!).getByRole('radio', { name: permission })).toBeChecked();
  await expect(rowOf(c!).getByRole('radio', { name: absent })).toBeChecked();
  // The toasts (this one, then those waiting their turn: back online, sent) sit over the foot
  // of a phone's screen, where Save is: closed as a teacher would, one after the other.
  const closeToast = page
    .getByRole('region', { name: /Notifications|ការជូនដំណឹង/ })
    .getByRole('button', { name: /^(Close|បិទ)$/ });
  await expect(async () => {
    if ((await closeToast.count()) > 0) await closeToast.first().click({ timeout: 2_000 });
    await expect(closeToast).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: /^(Save|រក្សាទុក)$/ }).click();
  await expect
    .poll(async () => {
      const { sheet } = await homeroomSheet(page);
      return [a!, b!, c!].map(
        (row) => sheet.rows.find((r) => r.student.id === row.student.id)?.status,
      );
    })
    .toEqual(['permission', 'absent', 'absent']);
});
