import type { Locator, Page } from '@playwright/test';
import { endpoints } from '@sala/contract';
import { expect, signInAsAdmin, test } from './support.js';

const words = {
  en: {
    years: 'Academic years',
    newYear: 'New academic year',
    name: 'Name',
    firstDay: 'First day',
    lastDay: 'Last day',
    addTerm: 'Add a term',
    months: 'Months',
    january: 'January',
    march: 'March',
    april: 'April',
    may: 'May',
    november: 'November',
    december: 'December',
    create: 'Create',
    grades: 'Grades and results',
    cutOffB: 'B from (%)',
    save: 'Save changes',
    oneField: '1 field needs your attention',
    termOrder: 'Term 2 must start after Term 1 ends',
    cutOffOrder: 'Cut-off for B must be below the cut-off for A',
    newStudent: 'New student',
    createStudent: 'Create student',
    newStaff: 'New staff member',
    createStaff: 'Create staff member',
    newAccount: 'New account',
    createAccount: 'Create account',
    email: 'Email',
    username: 'Username',
    firstPassword: 'First password',
    nameRequired: 'Enter a name in Khmer or in English',
    invalidEmail: 'Enter an email address such as name@example.com',
    usernameLikePhone: 'A username cannot look like a phone number',
    passwordTooShort: 'The password must have at least 10 characters',
  },
  km: {
    years: 'ឆ្នាំសិក្សា',
    newYear: 'ឆ្នាំសិក្សាថ្មី',
    name: 'ឈ្មោះ',
    firstDay: 'ថ្ងៃដំបូង',
    lastDay: 'ថ្ងៃចុងក្រោយ',
    addTerm: 'បន្ថែមឆមាស',
    months: 'ខែ',
    january: 'មករា',
    march: 'មីនា',
    april: 'មេសា',
    may: 'ឧសភា',
    november: 'វិច្ឆិកា',
    december: 'ធ្នូ',
    create: 'បង្កើត',
    grades: 'និទ្ទេស និងលទ្ធផល',
    cutOffB: 'B ចាប់ពី (%)',
    save: 'រក្សាទុកការផ្លាស់ប្ដូរ',
    oneField: 'មាន 1 ប្រអប់ដែលត្រូវពិនិត្យ',
    termOrder: 'ឆមាសទី 2 ត្រូវចាប់ផ្ដើមក្រោយពេលឆមាសទី 1 បញ្ចប់',
    cutOffOrder: 'កម្រិតសម្រាប់និទ្ទេស B ត្រូវតែទាបជាងកម្រិតសម្រាប់និទ្ទេស A',
    newStudent: 'សិស្សថ្មី',
    createStudent: 'បង្កើតសិស្ស',
    newStaff: 'បុគ្គលិកថ្មី',
    createStaff: 'បង្កើតបុគ្គលិក',
    newAccount: 'គណនីថ្មី',
    createAccount: 'បង្កើតគណនី',
    email: 'អ៊ីមែល',
    username: 'ឈ្មោះអ្នកប្រើ',
    firstPassword: 'ពាក្យសម្ងាត់ដំបូង',
    nameRequired: 'សូមបញ្ចូលឈ្មោះជាភាសាខ្មែរ ឬភាសាអង់គ្លេស',
    invalidEmail: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែល ដូចជា name@example.com',
    usernameLikePhone: 'ឈ្មោះអ្នកប្រើមិនអាចមានទម្រង់ជាលេខទូរស័ព្ទ ឬអ៊ីមែលបានទេ',
    passwordTooShort: 'ពាក្យសម្ងាត់ត្រូវមានយ៉ាងតិច ១០ តួអក្សរ',
  },
} as const;

async function openSetup(page: Page, lang: 'en' | 'km') {
  await page.goto(`/setup?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

for (const lang of ['en', 'km'] as const) {
  const w = words[lang];

  test.describe(`form errors (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await signInAsAdmin(page);
    });

    test('a term that starts before the one before it ends is refused on its months', async ({
      page,
    }) => {
      await openSetup(page, lang);
      await page.getByRole('tab', { name: w.years }).click();
      await page.getByRole('button', { name: w.newYear }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: w.name, exact: true }).fill(`Order ${lang}`);
      await dialog.getByLabel(w.firstDay).fill('2031-11-03');
      await dialog.getByLabel(w.lastDay).fill('2032-08-31');
      await dialog.getByRole('button', { name: w.addTerm }).click();
      await dialog.getByRole('button', { name: w.addTerm }).click();
      const [first, second] = [
        dialog.getByRole('group', { name: w.months, exact: true }).nth(0),
        dialog.getByRole('group', { name: w.months, exact: true }).nth(1),
      ];
      await first.getByText(w.january, { exact: true }).click();
      await expect(first.getByRole('checkbox', { name: w.january })).toBeChecked();
      await first.getByText(w.march, { exact: true }).click();
      await expect(first.getByRole('checkbox', { name: w.march })).toBeChecked();
      await second.getByText(w.november, { exact: true }).click();
      await expect(second.getByRole('checkbox', { name: w.november })).toBeChecked();
      await second.getByText(w.december, { exact: true }).click();
      await expect(second.getByRole('checkbox', { name: w.december })).toBeChecked();
      await dialog.getByRole('button', { name: w.create, exact: true }).click();

      const summary = dialog.getByRole('alert');
      await expect(summary).toBeFocused();
      await expect(summary).toHaveAccessibleName(w.oneField);
      const link = summary.getByRole('link', { name: new RegExp(w.termOrder) });
      await expect(link).toBeVisible();
      await expect(second).toHaveAccessibleDescription(w.termOrder);
      await link.click();
      await expect(second.getByRole('checkbox').first()).toBeFocused();

      // Put right, the year is created.
      await second.getByText(w.november, { exact: true }).click();
      await expect(second.getByRole('checkbox', { name: w.november })).not.toBeChecked();
      await second.getByText(w.december, { exact: true }).click();
      await expect(second.getByRole('checkbox', { name: w.december })).not.toBeChecked();
      await second.getByText(w.april, { exact: true }).click();
      await expect(second.getByRole('checkbox', { name: w.april })).toBeChecked();
      await second.getByText(w.may, { exact: true }).click();
      await expect(second.getByRole('checkbox', { name: w.may })).toBeChecked();
      await expect(summary).toBeHidden();
      await dialog.getByRole('button', { name: w.create, exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    test('a cut-off above the one of the grade before is refused on it', async ({ page }) => {
      await openSetup(page, lang);
      await page.getByRole('tab', { name: w.grades }).click();
      const form = page.getByRole('form', { name: w.grades });
      await form.getByRole('spinbutton', { name: w.cutOffB }).fill('95');
      await form.getByRole('button', { name: w.save }).click();
      const summary = form.getByRole('alert');
      await expect(summary).toBeFocused();
      await expect(summary).toHaveAccessibleName(w.oneField);
      await expect(form.getByRole('spinbutton', { name: w.cutOffB })).toHaveAccessibleDescription(
        w.cutOffOrder,
      );
      await summary.getByRole('link', { name: new RegExp(w.cutOffOrder) }).click();
      await expect(form.getByRole('spinbutton', { name: w.cutOffB })).toBeFocused();
      // Nothing was saved.
      await page.reload();
      await page.getByRole('tab', { name: w.grades }).click();
      await expect(form.getByRole('spinbutton', { name: w.cutOffB })).toHaveValue('80');
    });

    /** Opens a new record's form from its list; every POST the page sends is kept in `sent`. */
    async function openNew(page: Page, path: string, open: string, formName: string) {
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
      });
      await page.goto(`${path}?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.getByRole('button', { name: open }).first().click();
      return { form: page.getByRole('form', { name: formName }), sent };
    }
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const linkTo = (summary: Locator, message: string) =>
      summary.getByRole('link', { name: new RegExp(escape(message)) });

    test('a new student without a name is refused before anything is sent', async ({ page }) => {
      const { form, sent } = await openNew(page, '/students', w.newStudent, w.newStudent);
      await form.getByRole('button', { name: w.createStudent }).click();
      const summary = form.getByRole('alert').first();
      await expect(summary).toBeFocused();
      await expect(summary).toHaveAccessibleName(w.oneField);
      await expect(linkTo(summary, w.nameRequired)).toBeVisible();
      expect(sent.filter((path) => path === endpoints.postStudents.path)).toEqual([]);
    });

    test("a new member of staff says each wrong field in the contract's words, not the browser's", async ({
      page,
    }) => {
      const { form, sent } = await openNew(page, '/staff', w.newStaff, w.newStaff);
      const email = form.getByRole('textbox', { name: w.email });
      await email.fill('not-an-email');
      await form.getByRole('button', { name: w.createStaff }).click();
      const summary = form.getByRole('alert').first();
      await expect(summary).toBeFocused();
      await expect(linkTo(summary, w.nameRequired)).toBeVisible();
      await expect(linkTo(summary, w.invalidEmail)).toBeVisible();
      await expect(email).toHaveAccessibleDescription(new RegExp(escape(w.invalidEmail)));
      expect(sent.filter((path) => path === endpoints.postEmployees.path)).toEqual([]);
    });

    test('a new account with a phone-like username and a short password is refused on both', async ({
      page,
    }) => {
      const { form, sent } = await openNew(
        page,
        '/users/userManagement',
        w.newAccount,
        w.newAccount,
      );
      await form.getByRole('textbox', { name: w.username }).fill('012345678');
      await form.getByLabel(w.firstPassword).fill('short');
      await form.getByRole('button', { name: w.createAccount }).click();
      const summary = form.getByRole('alert').first();
      await expect(summary).toBeFocused();
      await expect(linkTo(summary, w.usernameLikePhone)).toBeVisible();
      await expect(linkTo(summary, w.passwordTooShort)).toBeVisible();
      expect(sent.filter((path) => path === endpoints.postUsers.path)).toEqual([]);
    });
  });
}
