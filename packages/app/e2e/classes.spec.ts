import { expect, signInAsAdmin, test } from './support.js';

test.describe('classes', () => {
  test('creates a class, edits it, is refused deleting one with students, deletes the new one, opens a class', async ({
    page,
  }, testInfo) => {
    // Each browser project makes its own class: they share one server.
    test.setTimeout(120_000);
    const section = testInfo.project.name === 'phone' ? 'QP' : 'QD';
    const name = `Grade 12${section}`;
    await signInAsAdmin(page);
    await page.goto('/class');
    await expect(page.getByRole('link', { name: /^Open (Grade 7A|ថ្នាក់ទី៧A)$/ })).toBeVisible();

    await page.getByRole('button', { name: /New class|ថ្នាក់ថ្មី/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Grade|កម្រិតថ្នាក់/ }).click();
    await page.getByRole('option', { name: /^(Grade 12|ថ្នាក់ទី១២)$/ }).click();
    await dialog.getByRole('textbox', { name: /^(Section|ផ្នែក)/ }).fill(section);
    await dialog.getByRole('textbox', { name: /^(Room|បន្ទប់)/ }).fill('Z1');
    await dialog.getByRole('button', { name: /Create class|បង្កើតថ្នាក់/ }).click();
    await expect(dialog).toBeHidden();
    const search = page.getByRole('searchbox', { name: /Search|ស្វែងរក/ });
    await search.fill(section);
    await expect(page.getByRole('link', { name: `Open ${name}`, exact: true })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Z1', exact: true })).toBeVisible();

    // The same grade and section again is refused, with the server's reason.
    await page.getByRole('button', { name: /New class|ថ្នាក់ថ្មី/ }).click();
    await dialog.getByRole('button', { name: /Grade|កម្រិតថ្នាក់/ }).click();
    await page.getByRole('option', { name: /^(Grade 12|ថ្នាក់ទី១២)$/ }).click();
    await dialog.getByRole('textbox', { name: /^(Section|ផ្នែក)/ }).fill(section);
    await dialog.getByRole('button', { name: /Create class|បង្កើតថ្នាក់/ }).click();
    await expect(
      dialog.getByText(/already has a class of this grade|មានថ្នាក់នៃកម្រិតថ្នាក់/).first(),
    ).toBeVisible();
    await dialog.getByRole('button', { name: /^(Cancel|បោះបង់)$/ }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await dialog.getByRole('textbox', { name: /^(Room|បន្ទប់)/ }).fill('Z2');
    await dialog.getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('gridcell', { name: 'Z2', exact: true })).toBeVisible();

    // Grade 7A has students: the server refuses and says why; the row stays.
    await search.fill('7A');
    await page.getByRole('button', { name: /^(Delete|លុប) (Grade 7A|ថ្នាក់ទី៧A)$/ }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(
      page.getByText(/has students or an enrollment history|មានសិស្ស ឬប្រវត្តិចុះឈ្មោះ/).first(),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open (Grade 7A|ថ្នាក់ទី៧A)$/ })).toBeVisible();

    await search.fill(section);
    await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(page.getByRole('link', { name: `Open ${name}`, exact: true })).toBeHidden();

    // A class's page: its students, its teachers and its week.
    await search.fill('7A');
    await page.getByRole('link', { name: /^Open (Grade 7A|ថ្នាក់ទី៧A)$/ }).click();
    await expect(page).toHaveURL(/\/class\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grade 7A' })).toBeVisible();
    await expect(page.getByText(/^\d+ students: \d+ girls, \d+ boys$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Teachers of the class' })).toBeVisible();
    const week = page.getByRole('region', { name: 'Weekly timetable' });
    await expect(week).toBeVisible();
    await expect(week.getByRole('columnheader', { name: 'Monday' })).toBeVisible();
    // On a phone the week scrolls inside its card: the page itself does not scroll sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
