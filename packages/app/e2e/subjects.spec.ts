import { expect, signInAsAdmin, test } from './support.js';

test.describe('subjects', () => {
  test('filters the subjects, creates one for a grade, edits it, is refused deleting a taught one, deletes the new one', async ({
    page,
  }, testInfo) => {
    // Each browser project makes its own subject: they share one server.
    test.setTimeout(120_000);
    const code = testInfo.project.name === 'phone' ? 'DRAWP' : 'DRAWD';
    const english = `Drawing ${code}`;
    await signInAsAdmin(page);
    await page.goto('/subjects');
    await expect(page.getByRole('gridcell', { name: 'MATH', exact: true })).toBeVisible();

    // The department filter: only the sciences' subjects remain.
    await page
      .getByRole('button', { name: /(Department|ដេប៉ាតឺម៉ង់)$/ })
      .first()
      .click();
    await page.getByRole('option', { name: /^(Sciences|វិទ្យាសាស្ត្រ)$/ }).click();
    await expect(page.getByRole('gridcell', { name: 'PHY', exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'MATH', exact: true })).toBeHidden();
    await page
      .getByRole('button', { name: /(Department|ដេប៉ាតឺម៉ង់)$/ })
      .first()
      .click();
    await page.getByRole('option', { name: /^(All departments|គ្រប់ដេប៉ាតឺម៉ង់)$/ }).click();
    await expect(page.getByRole('gridcell', { name: 'MATH', exact: true })).toBeVisible();

    await page.getByRole('button', { name: /New subject|មុខវិជ្ជាថ្មី/ }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: /^(Code|លេខកូដ)/ }).fill(code);
    await form
      .getByRole('textbox', { name: /Khmer|ខ្មែរ/ })
      .first()
      .fill('គំនូរ');
    await form
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill(english);
    await form.getByRole('spinbutton', { name: /^(Maximum score|ពិន្ទុអតិបរមា)/ }).fill('20');
    await form.getByText(/^(Grade 7|ថ្នាក់ទី7)$/).click();
    await expect(form.getByRole('checkbox', { name: /^(Grade 7|ថ្នាក់ទី7)$/ })).toBeChecked();
    await form.getByRole('button', { name: /Create subject|បង្កើតមុខវិជ្ជា/ }).click();
    await expect(form).toBeHidden();
    await page.getByRole('searchbox', { name: /Search|ស្វែងរក/ }).fill(code);
    await expect(page.getByRole('gridcell', { name: code, exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: /^(Grade 7|ថ្នាក់ទី7)$/ })).toBeVisible();

    await page.getByRole('button', { name: new RegExp(`^(Edit|កែប្រែ) (${english}|គំនូរ)$`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill(`${english} and Painting`);
    await dialog.getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: /Search|ស្វែងរក/ }).fill('Painting');
    await expect(
      page.getByRole('gridcell', { name: `${english} and Painting`, exact: true }),
    ).toBeVisible();

    // Mathematics is taught: the server refuses and says why; the row stays.
    await page.getByRole('searchbox', { name: /Search|ស្វែងរក/ }).fill('MATH');
    await page.getByRole('button', { name: /^(Delete|លុប) (Mathematics|គណិតវិទ្យា)$/ }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(
      page.getByText(/still taught in some classes|នៅតែបង្រៀនក្នុងថ្នាក់/).first(),
    ).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'MATH', exact: true })).toBeVisible();

    await page.getByRole('searchbox', { name: /Search|ស្វែងរក/ }).fill(code);
    await page
      .getByRole('button', { name: new RegExp(`^(Delete|លុប) (${english} and Painting|គំនូរ)$`) })
      .click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(page.getByRole('gridcell', { name: code, exact: true })).toBeHidden();
  });
});
