import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support.js';

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
