import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, test } from './support.js';

/** Fails the test on any error the page logs or throws. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The sidebar's links, opening the navigation drawer first on a phone. */
async function sidebarLinks(page: Page): Promise<string[]> {
  const open = page.getByRole('button', { name: 'Open navigation' });
  // Wait for the page (after a reload) before asking whether the menu sits in a drawer.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const isPhone = await open.isVisible();
  const drawer = page.getByRole('dialog');
  if (isPhone) {
    // A toast may still be leaving the corner; retry until the drawer is open.
    await expect(async () => {
      await open.click();
      await expect(drawer).toBeVisible({ timeout: 1000 });
    }).toPass();
  }
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const links = await nav.getByRole('link').allInnerTexts();
  if (isPhone) {
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
  return links.map((text) => text.trim());
}

test.describe('living examples of the ui components', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the dev pages and the component gallery render and work without errors', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await signInAsAdmin(page);

    await page.goto('/dev/ModalTest');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dialogs');
    await page.getByRole('button', { name: 'Rename the class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename the class' });
    await dialog.getByRole('textbox', { name: 'Class name' }).fill('Grade 8B');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Class name: Grade 8B')).toBeVisible();
    await page.getByRole('button', { name: 'Error', exact: true }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('You cancelled the Error dialog.').first()).toBeVisible();

    await page.goto('/dev/TableTest');
    const table = page.getByRole('grid', { name: 'Students of the school' });
    await expect(table).toBeVisible();
    await page.getByRole('searchbox').fill('sok');
    await expect(table.getByRole('row').nth(1)).toContainText(/Sok/i);
    await expect(page.getByRole('grid', { name: /Monthly scores of Grade 7A/ })).toBeVisible();

    await page.goto('/dev/ImageUpload');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image upload');
    await expect(page.getByText(/Choose or drop a picture above/)).toBeVisible();

    await page.goto('/dev/StudentReport');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results and report cards');

    await page.goto('/dev/userManagement');
    const users = page.getByRole('grid', { name: 'User accounts' });
    await expect(users.getByRole('gridcell', { name: 'admin', exact: true })).toBeVisible();

    await page.goto('/dev/UserPrivillege');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Roles and permissions' }),
    ).toBeVisible();
    await expect(page.getByText('roles.manage', { exact: true })).toBeVisible();

    await page.goto('/DemoComponent');
    for (const section of ['Actions', 'Forms', 'Pickers', 'Feedback', 'Data', 'Overlays']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByText(/Ooops\./)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the menu settings save a hide and a reorder that the sidebar then shows', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await signInAsAdmin(page);
    const before = await sidebarLinks(page);
    expect(before.slice(0, 4)).toEqual(['Home', 'Apps', 'Attendance', 'Classes']);

    await page.goto('/users/sidebar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Menu settings');
    // The administrator role comes first; its menu: hide Apps, move Classes to the top.
    const apps = page.getByRole('switch', { name: 'Apps' });
    await expect(apps).toBeChecked();
    // The switch's input is visually hidden: press its label, as a person does.
    await page.locator('li[data-route="AppMenu"]').getByText('Apps', { exact: true }).click();
    await expect(apps).not.toBeChecked();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Move Classes up' }).click();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('The menu of Administrator is saved.')).toBeVisible();

    const expected = ['Classes', 'Home', 'Attendance', ...before.slice(4)];
    expect(await sidebarLinks(page)).toEqual(expected);
    await page.reload();
    expect(await sidebarLinks(page)).toEqual(expected);

    // Back to the default menu, which every role starts with.
    await page.getByRole('button', { name: 'Restore the default menu' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Restore the default menu' })
      .click();
    await expect(page.getByText('The default menu of Administrator is restored.')).toBeVisible();
    expect(await sidebarLinks(page)).toEqual(before);
    expect(errors).toEqual([]);
  });
});
