import type { Page } from '@playwright/test';
import type { ClassListResponse, EmployeeListResponse, Employee } from '@sala/contract';
import { endpoints } from '@sala/contract';
import { expect, signInAsAdmin, test } from './support.js';

// A school's first week, on a phone in Khmer: the office makes accounts for its staff from the
// staff list and prints their slips; a teacher signs in with a slip, chooses a password and
// takes attendance; a password reset asks again. playwright.config.ts runs it at 360 px.

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
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Signs out through the user menu, named by the signed-in user's name. */
async function signOut(page: Page, name: string | RegExp) {
  await page
    .getByRole('button', { name: typeof name === 'string' ? new RegExp(escape(name)) : name })
    .click();
  await page.getByRole('menuitem', { name: /^(Sign out|ចាកចេញ)$/ }).click();
  await expect(page).toHaveURL(/\/auths\/login/);
}
const admin = /Administrator|អ្នកគ្រប់គ្រង/;

/** Signs in on the sign-in document (a full load of the page, as a new phone would). */
async function signInFresh(page: Page, username: string, password: string, next = '/') {
  await page.goto(`/auths/login?lang=km&next=${encodeURIComponent(next)}`);
  await page.getByRole('textbox', { name: /^ឈ្មោះអ្នកប្រើ/ }).fill(username);
  await page.getByLabel(/^ពាក្យសម្ងាត់$/).fill(password);
  await page.getByRole('button', { name: /^ចូលគណនី$/ }).click();
}

/** Chooses a new password on the change-password step, checking each rule as it is typed. */
async function chooseOwnPassword(page: Page, username: string, password: string) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'ជ្រើសរើសពាក្យសម្ងាត់ផ្ទាល់ខ្លួន' }),
  ).toBeVisible({ timeout: 20_000 });
  const rules = page.getByRole('list').filter({ hasText: 'តួអក្សរ' });
  const newPassword = page.getByLabel(/^ពាក្យសម្ងាត់ថ្មី$/);
  // The rules say, as the user types, which are met.
  await newPassword.fill('123456');
  await expect(rules.getByRole('listitem').nth(0)).toContainText('មិនទាន់');
  await expect(rules.getByRole('listitem').nth(1)).toContainText('មិនទាន់');
  await newPassword.fill(`${username}-2026!`);
  await expect(rules.getByRole('listitem').nth(0)).toContainText('រួចរាល់');
  await expect(rules.getByRole('listitem').nth(2)).toContainText('មិនទាន់');
  await newPassword.fill(password);
  for (const index of [0, 1, 2]) {
    await expect(rules.getByRole('listitem').nth(index)).toContainText('រួចរាល់');
  }
  await page.getByLabel(/^ពាក្យសម្ងាត់ថ្មីម្ដងទៀត$/).fill(password);
  await page.getByRole('button', { name: 'រក្សាទុកពាក្យសម្ងាត់ ហើយបន្ត' }).click();
}

test.describe('accounts for the staff, and temporary passwords', () => {
  test.describe.configure({ timeout: 180_000 });
  // In Khmer, as the school's staff use it.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'km', url: baseURL! }]);
  });

  test('an administrator makes three accounts from the staff list; one signs in with the slip, chooses a password and takes attendance', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await signInAsAdmin(page);

    // Three working staff without an account, the first of them a morning class's homeroom.
    const { items: staff } = await api<EmployeeListResponse>(
      page,
      `${endpoints.getEmployees.path}?pageSize=100&status=working`,
    );
    const { items: classes } = await api<ClassListResponse>(
      page,
      `${endpoints.getClasses.path}?pageSize=100`,
    );
    const free = staff.filter((e) => !e.user && e.nameEn);
    const homeroomClass = classes.find(
      (c) => c.session === 'morning' && free.some((e) => c.homeroomTeacher?.id === e.id),
    )!;
    expect(homeroomClass, 'a morning class whose homeroom teacher has no account').toBeTruthy();
    const teacher = free.find((e) => e.id === homeroomClass.homeroomTeacher!.id)!;
    const chosen: Employee[] = [teacher, ...free.filter((e) => e.id !== teacher.id).slice(0, 2)];

    await page.goto('/staff');
    const search = page.getByRole('searchbox');
    for (const employee of chosen) {
      await search.fill(employee.code);
      const row = page.getByRole('row').filter({ hasText: employee.code });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('គ្មានគណនីអ្នកប្រើប្រាស់');
      await row.getByRole('checkbox').click();
    }
    await page.getByRole('button', { name: 'បង្កើតគណនី (3)' }).click();

    const dialog = page.getByRole('dialog', { name: 'បង្កើតគណនី' });
    await expect(dialog.getByRole('button', { name: /តួនាទី$/ })).toContainText('គ្រូបង្រៀន');
    // Each username is made from the Latin name, and can be changed.
    const usernameOf = (employee: Employee) =>
      dialog.getByRole('textbox', {
        name: `ឈ្មោះអ្នកប្រើរបស់ ${employee.nameKm || employee.nameEn}`,
      });
    for (const employee of chosen) await expect(usernameOf(employee)).not.toHaveValue('');
    const username = `teacher.${test.info().project.name}`;
    await usernameOf(teacher).fill(username);
    await dialog.getByRole('button', { name: 'បង្កើតគណនី 3' }).click();

    // The slips: the temporary passwords are shown here, once.
    await expect(page).toHaveURL(/\/staff\/accounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ប័ណ្ណចូលគណនី' })).toBeVisible();
    const slips = page.getByRole('region', { name: 'ប័ណ្ណចូលគណនី' }).getByRole('article');
    await expect(slips).toHaveCount(3);
    const slip = page.getByRole('article', {
      name: `ប័ណ្ណចូលគណនីរបស់ ${teacher.nameKm || teacher.nameEn}`,
    });
    await expect(slip).toContainText(username);
    await expect(slip.getByRole('img', { name: 'QR កូដនៃទំព័រចូលគណនី' })).toBeVisible();
    const temporary = (await slip.locator('dd').nth(2).innerText()).trim();
    expect(temporary).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // On paper only the slips are printed.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'បោះពុម្ពប័ណ្ណ' })).toBeHidden();
    await expect(slip).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // The staff list shows the accounts.
    await page.goto('/staff');
    await page.getByRole('searchbox').fill(teacher.code);
    await expect(page.getByRole('row').filter({ hasText: teacher.code })).toContainText(username);
    await signOut(page, admin);

    // The teacher, on their own phone, opens the sign-in page with the slip.
    await signInFresh(page, username, temporary, '/attendance');
    await expect(page).toHaveURL(/\/auths\/password\?next=%2Fattendance/);
    await chooseOwnPassword(page, username, 'ស្រូវ rice fields of Kampot');

    // And goes on to where they were going: today's sheet of their class.
    await expect(page).toHaveURL(/\/attendance/);
    await expect(
      page.getByRole('heading', {
        name: new RegExp(`${escape(homeroomClass.nameKm)}|${escape(homeroomClass.nameEn)}`),
      }),
    ).toBeVisible({ timeout: 20_000 });
    const roster = page.getByRole('list', { name: /សិស្សនៃ|Students of/ });
    const first = roster.getByRole('radiogroup').first();
    await first
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: /^អវត្តមាន$/ }) })
      .click();
    await page.getByRole('button', { name: /^រក្សាទុក$/ }).click();
    await expect(page.getByText(/^បានរក្សាទុក$/)).toBeVisible();

    // The new password is the one from now on.
    await signOut(page, teacher.nameKm || teacher.nameEn);
    await signInFresh(page, username, 'ស្រូវ rice fields of Kampot');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('សួស្ដី');
    expect(errors).toEqual([]);
  });

  test('an administrator resets a password on the users page; the user is asked for a new one again', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const username = `teacher.${test.info().project.name}`;
    await page.goto('/auths/login?lang=km');
    await signInAsAdmin(page);
    await page.goto('/users/userManagement');
    await page.getByRole('searchbox').fill(username);
    // The list has found the one account (a header row and its row).
    await expect(page.getByRole('row')).toHaveCount(2);
    await page
      .getByRole('row')
      .filter({ hasText: username })
      .getByRole('button', { name: /^កំណត់ពាក្យសម្ងាត់របស់ .+ ឡើងវិញ$/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^ពាក្យសម្ងាត់បណ្ដោះអាសន្ន/).fill('mango season 2026');
    await dialog.getByRole('button', { name: 'កំណត់ពាក្យសម្ងាត់ឡើងវិញ' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^បានកំណត់ពាក្យសម្ងាត់របស់ .+ ឡើងវិញ$/).first()).toBeVisible();
    await signOut(page, admin);

    await signInFresh(page, username, 'mango season 2026');
    await expect(
      page.getByRole('heading', { level: 1, name: 'ជ្រើសរើសពាក្យសម្ងាត់ផ្ទាល់ខ្លួន' }),
    ).toBeVisible({ timeout: 20_000 });
    // Another page is not open until the password is changed.
    await page.goto('/attendance');
    await expect(page).toHaveURL(/\/auths\/password\?next=%2Fattendance/);
    // After a reload the step no longer knows the temporary password: it asks for it.
    const temporary = page.getByLabel(/^ពាក្យសម្ងាត់បណ្ដោះអាសន្ន/);
    await expect(temporary).toBeVisible();
    await temporary.fill('mango season 2026');
    await chooseOwnPassword(page, username, 'a second harvest by the river');
    await expect(page).toHaveURL(/\/attendance/);
    expect(errors).toEqual([]);
  });
});
