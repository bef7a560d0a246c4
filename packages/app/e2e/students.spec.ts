import { expect, signInAsAdmin, test } from './support.js';

test.describe('students', () => {
  test('creates a student in a class, finds and edits them, is refused deleting them', async ({
    page,
  }, testInfo) => {
    // Each browser project makes its own student: they share one server.
    test.setTimeout(120_000);
    const name = testInfo.project.name === 'phone' ? 'Sokha Phoneview' : 'Sokha Deskview';
    await signInAsAdmin(page);
    await page.goto('/students');
    await expect(page.getByRole('gridcell').first()).toBeVisible();

    await page.getByRole('button', { name: /New student|សិស្សថ្មី/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: /Khmer|ខ្មែរ/ })
      .first()
      .fill('សុខា');
    await dialog
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill(name);
    await dialog.getByRole('button', { name: /Enrol in class|ចុះឈ្មោះចូលថ្នាក់/ }).click();
    await page.getByRole('option', { name: 'Grade 7A', exact: true }).click();
    await dialog.getByRole('textbox', { name: /^(Guardian|អាណាព្យាបាល)$/ }).fill('Sokha Senior');
    await dialog.getByRole('button', { name: /Create student|បង្កើតសិស្ស/ }).click();
    await expect(dialog).toBeHidden();

    const search = page.getByRole('searchbox', { name: /Search|ស្វែងរក/ });
    await search.fill(name);
    await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Grade 7A', exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Studying', exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await dialog.getByRole('textbox', { name: /^(Guardian|អាណាព្យាបាល)$/ }).fill('Sokha Mother');
    await dialog.getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('gridcell', { name: 'Sokha Mother', exact: true })).toBeVisible();

    // Enrolled in a class: the history is kept, the server refuses and says why.
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(
      page.getByText(/has an enrollment history|មានប្រវត្តិចុះឈ្មោះចូលរៀន/).first(),
    ).toBeVisible();
    await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();
  });
});

test.describe('a student’s page', () => {
  test('opens a demo student, edits their birth, address and guardian, and transfers them mid-year', async ({
    page,
  }, testInfo) => {
    // Each browser project takes its own demo student of grade 7A: they share one server.
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'phone';
    // The demo's codes: S, the year its academic year starts (November), and a number.
    const now = new Date();
    const firstYear = now.getUTCMonth() >= 10 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
    const code = `S${firstYear}-${phone ? '0005' : '0003'}`;
    const address = phone ? 'Street 63, Phnom Penh (phone)' : 'Street 63, Phnom Penh (desk)';
    await signInAsAdmin(page);
    await page.goto('/students');
    await page.getByRole('searchbox', { name: /Search|ស្វែងរក/ }).fill(code);
    await expect(page.getByRole('row')).toHaveCount(2);
    const link = page.getByRole('gridcell').getByRole('link').first();
    const name = (await link.textContent())!.trim();
    await link.click();

    await expect(page).toHaveURL(/\/students\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Class: Grade 7A')).toBeVisible();

    // Edit the birth date, address and guardian.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date of birth').fill('2012-03-04');
    await dialog.getByRole('textbox', { name: 'Address' }).fill(address);
    await dialog.getByRole('textbox', { name: 'Guardian', exact: true }).fill('Sok Chenda');
    await dialog.getByRole('textbox', { name: 'Relation to the student' }).fill('Aunt');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('4 Mar 2012')).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    await expect(page.getByText('Sok Chenda')).toBeVisible();
    await expect(page.getByText('Aunt', { exact: true })).toBeVisible();

    // Transfer to another class of grade 7 from today.
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await dialog.getByRole('button', { name: /New class/ }).click();
    await page.getByRole('option', { name: 'Grade 7B', exact: true }).click();
    await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/now studies in Grade 7B/).first()).toBeVisible();
    await expect(page.getByText('Class: Grade 7B')).toBeVisible();

    // The year's history shows both classes: 7A ended by the transfer, 7B current.
    const year = page.getByRole('region', { name: /^\d{4}–\d{4}$/ }).first();
    const periods = year.getByRole('listitem');
    await expect(periods).toHaveCount(2);
    await expect(periods.nth(0)).toContainText('Grade 7A');
    await expect(periods.nth(0)).toContainText('Transferred');
    await expect(periods.nth(1)).toContainText('Grade 7B');
    await expect(periods.nth(1)).toContainText('Current');

    // The list shows the new class too.
    await page.getByRole('link', { name: 'All students' }).click();
    await page.getByRole('searchbox', { name: /Search|ស្វែងរក/ }).fill(code);
    await expect(page.getByRole('gridcell', { name: 'Grade 7B', exact: true })).toBeVisible();
  });
});
