import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from './support.js';

/** Chooses an option of a Select named by its label. */
async function choose(page: Page, select: RegExp, option: RegExp) {
  await page.getByRole('button', { name: select }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('users and privileges', () => {
  test('an administrator creates an account with a role, gives it a scoped permission, sees it in its history and disables it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    // Desktop and phone share one server: each makes its own account.
    const project = testInfo.project.name;
    const username = `clerk.${project}`;
    const english = `Clerk ${project}`;
    await signInAsAdmin(page);

    await page.goto('/users/userManagement');
    // The first visit loads the page's code: allow a slow machine time for it.
    await expect(page.getByRole('link', { name: 'Open Administrator' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('button', { name: /^(New account|គណនីថ្មី)$/ }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: /^(Username|ឈ្មោះអ្នកប្រើ)/ }).fill(username);
    await form.getByLabel(/^(First password|ពាក្យសម្ងាត់ដំបូង)/).fill('Kampot river at dawn 7');
    await form
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill(english);
    await form.getByText(/^(Teacher|គ្រូបង្រៀន)$/).click();
    await expect(form.getByRole('checkbox', { name: /^(Teacher|គ្រូបង្រៀន)$/ })).toBeChecked();
    await form.getByRole('button', { name: /^(Create account|បង្កើតគណនី)$/ }).click();

    // The new account's page opens (its code loads on this first visit).
    await expect(page).toHaveURL(/\/users\/userManagement\/info\?id=/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 2, name: english })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^(Teacher|គ្រូបង្រៀន)$/ })).toBeChecked();

    // A permission given directly, at the department's scope.
    await choose(page, /How far: Publish scores/, /^Department$/);
    await page.getByRole('button', { name: /^Save permissions$/ }).click();
    await expect(page.getByText(`The permissions of ${english} are saved`).first()).toBeVisible();
    await expect(
      page.getByRole('button', {
        name: /How far: Publish scores.*Department|Department.*How far: Publish scores/,
      }),
    ).toBeVisible();

    // The history says who gave what, at which scope.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'Changes' });
    const latest = history.getByRole('listitem').first();
    await expect(latest).toContainText('Permissions changed');
    await expect(latest).toContainText('Publish scores');
    await expect(latest).toContainText('Department');
    await expect(history).toContainText('Account created');

    // Devices: a new account is signed in nowhere.
    await page.getByRole('tab', { name: 'Signed-in devices' }).click();
    await expect(page.getByText('Not signed in anywhere')).toBeVisible();

    // Disabling asks first, then the account shows it.
    await page.getByRole('button', { name: /^Disable$/ }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^Disable$/ })
      .click();
    await expect(page.getByText(`${english} is disabled`).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Enable$/ })).toBeVisible();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(history.getByRole('listitem').first()).toContainText('Account disabled');

    // The list of users finds it, disabled.
    await page.goto('/users');
    await page.getByRole('searchbox').fill(username);
    await expect(page.getByRole('row', { name: new RegExp(username) })).toContainText('Disabled');
  });

  test('an administrator creates and edits a role; a role in use cannot be deleted', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const name = `Librarian ${project}`;
    await signInAsAdmin(page);

    await page.goto('/userPrivillege/userManagement');
    await expect(page.getByRole('gridcell', { name: 'Teacher', exact: true })).toBeVisible();
    await page.getByRole('button', { name: /^New role$/ }).click();
    const form = page.getByRole('dialog');
    await form
      .getByRole('textbox', { name: /English/ })
      .first()
      .fill(name);
    await choose(page, /How far: See students/, /^Whole school$/);
    await form.getByRole('button', { name: /^Create role$/ }).click();
    await expect(page.getByText(`Created the role ${name}`).first()).toBeVisible();
    await expect(page.getByRole('gridcell', { name, exact: true })).toBeVisible();

    // Edit: a new name and one more permission.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await form
      .getByRole('textbox', { name: /English/ })
      .first()
      .fill(`${name} and archivist`);
    await choose(page, /How far: See classes/, /^Department$/);
    await form.getByRole('button', { name: /^Save changes$/ }).click();
    await expect(form).toBeHidden();
    await expect(
      page.getByRole('gridcell', { name: `${name} and archivist`, exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: `Edit ${name} and archivist` }).click();
    await expect(
      form.getByRole('button', {
        name: /How far: See classes.*Department|Department.*How far: See classes/,
      }),
    ).toBeVisible();
    await form.getByRole('button', { name: /^Cancel$/ }).click();

    // The teacher role is held by accounts: the server refuses and says why.
    await page.getByRole('button', { name: 'Delete Teacher' }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^Delete$/ })
      .click();
    await expect(page.getByText('This role is still given to some users').first()).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Teacher', exact: true })).toBeVisible();

    // The new role is held by nobody: it goes.
    await page.getByRole('button', { name: `Delete ${name} and archivist` }).click();
    await page
      .getByRole('alertdialog', { name: /\?$/ })
      .getByRole('button', { name: /^Delete$/ })
      .click();
    await expect(
      page.getByRole('gridcell', { name: `${name} and archivist`, exact: true }),
    ).toBeHidden();
  });
});
