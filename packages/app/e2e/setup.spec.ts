import { expect, signInAsAdmin, test } from './support.js';

test.describe('school setup', () => {
  test('edits the address and a grade band, creates and deletes a grade level, is refused deleting the current year', async ({
    page,
  }, testInfo) => {
    // The browser projects share one server: each writes its own values.
    test.setTimeout(120_000);
    const project = testInfo.project.name === 'phone' ? 'phone' : 'desktop';
    const gradeNumber = project === 'phone' ? '2' : '1';
    const gradeName = `Grade ${gradeNumber} ${project}`;
    await signInAsAdmin(page);
    await page.goto('/setup');

    // The school's address.
    const schoolForm = page.getByRole('form', { name: /^(School|សាលា)$/ });
    await schoolForm
      .getByRole('textbox', { name: /^(Address|អាសយដ្ឋាន)/ })
      .fill(`Street 271, ${project}`);
    await schoolForm.getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ }).click();
    await expect(page.getByText(/^(Saved|បានរក្សាទុក)$/).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^(Address|អាសយដ្ឋាន)/ })).toHaveValue(
      `Street 271, ${project}`,
    );

    // A grade band's mention.
    await page.getByRole('tab', { name: /Grades and results|និទ្ទេស និងលទ្ធផល/ }).click();
    await page
      .getByRole('textbox', { name: /^(A mention in English|និទ្ទេសពាក្យ A ជាភាសាអង់គ្លេស)/ })
      .fill(`Outstanding ${project}`);
    await page
      .getByRole('form', { name: /Grades and results|និទ្ទេស និងលទ្ធផល/ })
      .getByRole('button', { name: /Save changes|រក្សាទុកការផ្លាស់ប្ដូរ/ })
      .click();
    await expect(page.getByText(/^(Saved|បានរក្សាទុក)$/).first()).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: /Grades and results|និទ្ទេស និងលទ្ធផល/ }).click();
    await expect(
      page.getByRole('textbox', { name: /^(A mention in English|និទ្ទេសពាក្យ A ជាភាសាអង់គ្លេស)/ }),
    ).toHaveValue(`Outstanding ${project}`);

    // A grade level, created then deleted.
    await page.getByRole('tab', { name: /Grade levels|កម្រិតថ្នាក់/ }).click();
    await page.getByRole('button', { name: /New grade level|កម្រិតថ្នាក់ថ្មី/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('spinbutton', { name: /Grade \(1–12\)|ថ្នាក់ទី \(1–12\)/ })
      .fill(gradeNumber);
    await dialog
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill(gradeName);
    await dialog.getByRole('button', { name: /^(Create|បង្កើត)$/ }).click();
    await expect(dialog).toBeHidden();
    const list = page.getByRole('list', { name: /Grade levels|កម្រិតថ្នាក់/ });
    await expect(list.getByText(gradeName, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^(Delete|លុប) ${gradeName}$`) }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(list.getByText(gradeName, { exact: true })).toBeHidden();

    // The current year has classes: the server refuses and says why; the year stays.
    await page.getByRole('tab', { name: /Academic years|ឆ្នាំសិក្សា/ }).click();
    const current = page
      .getByRole('listitem')
      .filter({ has: page.getByText(/^(Current|បច្ចុប្បន្ន)$/) });
    await current.getByRole('button', { name: /^(Delete|លុប) / }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^(Delete|លុប)$/ })
      .click();
    await expect(page.getByText(/still has classes|នៅមានថ្នាក់/).first()).toBeVisible();
    await expect(current).toBeVisible();
  });
});
