import { expect, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

/** Signs in through the login page as the demo admin and waits for the home page. */
export async function signInAsAdmin(page: Page, path = '/auths/login') {
  await signInAs(page, 'admin', path);
}

/** Signs in as a demo account (they share the admin's first password). */
export async function signInAs(page: Page, username: string, path = '/auths/login') {
  await page.goto(path);
  await page.getByRole('textbox', { name: /username|ឈ្មោះអ្នកប្រើ/i }).fill(username);
  await page.getByLabel(/^(password|ពាក្យសម្ងាត់)$/i).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: /^(sign in|ចូលគណនី)$/i }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Hello|សួស្ដី/);
}

/** The cookie of a name in the page's context. */
export async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}
