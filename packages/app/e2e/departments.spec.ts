import { expect, signInAsAdmin, test } from './support.js';

test.describe('departments', () => {
  test('creates a department, edits it, is refused deleting one with staff, deletes the new one', async ({
    page,
  }, testInfo) => {
    // Each browser project makes its own department: they share one server.
    test.setTimeout(120_000);
    const code = testInfo.project.name === 'phone' ? 'ARTP' : 'ARTD';
    const english = `Arts ${code}`;
    await signInAsAdmin(page);
    await page.goto('/department');
    await expect(page.getByRole('gridcell', { name: 'MATH', exact: true })).toBeVisible();

    await page.getByRole('link', { name: /New department|ដេប៉ាតឺម៉ង់ថ្មី/ }).click();
    await expect(page).toHaveURL(/\/department\/create$/);
    await page.getByRole('textbox', { name: /^(Code|លេខកូដ)/ }).fill(code);
    await page
      .getByRole('textbox', { name: /Khmer|ខ្មែរ/ })
      .first()
      .fill('សិល្បៈ');
    await page
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill(english);
    await page.getByRole('button', { name: /Create department|បង្កើតដេប៉ាតឺម៉ង់/ }).click();
    await expect(page).toHaveURL(/\/department$/);
    await expect(page.getByRole('gridcell', { name: code, exact: true })).toBeVisible();

    // The same code again is refused on its field.
    await page.goto('/department/create');
    await page.getByRole('textbox', { name: /^(Code|លេខកូដ)/ }).fill(code.toLowerCase());
    await page
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill('Arts again');
    await page.getByRole('button', { name: /Create department|បង្កើតដេប៉ាតឺម៉ង់/ }).click();
    // Next to the code, and in the summary at the top of the form.
    await expect(page.getByRole('textbox', { name: /^(Code|លេខកូដ)/ })).toHaveAccessibleDescription(
      /This code is already used|លេខកូដនេះត្រូវបានប្រើរួចហើយ/,
    );
    await expect(
      page
        .getByRole('alert')
        .getByRole('link', { name: /This code is already used|លេខកូដនេះត្រូវបានប្រើរួចហើយ/ }),
    ).toBeVisible();

    await page.goto('/department');
    await page
      .getByRole('button', { name: new RegExp(`^(Edit|កែប្រែ) (${english}|សិល្បៈ)$`) })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill(`${english} and Music`);
    await dialog.getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: /Search|ស្វែងរក/ }).fill('Music');
    await expect(
      page.getByRole('gridcell', { name: `${english} and Music`, exact: true }),
    ).toBeVisible();

    // Mathematics has staff: the server refuses and says why; the row stays.
    await page.getByRole('searchbox', { name: /Search|ស្វែងរក/ }).fill('');
    await expect(page.getByRole('gridcell', { name: 'MATH', exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^(Delete|លុប) (Mathematics|គណិតវិទ្យា)$/ }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(
      page.getByText(/still has staff or subjects|នៅមានបុគ្គលិក ឬមុខវិជ្ជា/).first(),
    ).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'MATH', exact: true })).toBeVisible();

    await page
      .getByRole('button', { name: new RegExp(`^(Delete|លុប) (${english} and Music|សិល្បៈ)$`) })
      .click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(page.getByRole('gridcell', { name: code, exact: true })).toBeHidden();
  });
});
