import { expect, test, type Page } from '@playwright/test';

import { ADMIN_PASSWORD } from './support.js';

test.describe('signing in', () => {
  test('the demo admin signs in and lands on the home page', async ({ page }) => {
    await page.goto('/');
    // Anonymous visitors are sent to sign in, keeping where they wanted to go.
    await expect(page).toHaveURL(/\/auths\/login\?next=%2F$/);
    await page.getByRole('textbox', { name: /username|ឈ្មោះអ្នកប្រើ/i }).fill('admin');
    await page.getByLabel(/^(password|ពាក្យសម្ងាត់)$/i).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /sign in|ចូលគណនី/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Hello|សួស្ដី/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Administrator|អ្នកគ្រប់គ្រង/);
  });

  test('a link to the sign-in page signs in and starts the app in the same page, at next', async ({
    page,
  }) => {
    await page.goto('/auths/login?next=%2Fattendance');
    // Set on the sign-in page's window: still there only if the app started without a reload.
    await page.evaluate(() => {
      (window as unknown as { sameDocument?: boolean }).sameDocument = true;
    });
    await page.getByRole('textbox', { name: /username|ឈ្មោះអ្នកប្រើ/i }).fill('admin');
    await page.getByLabel(/^(password|ពាក្យសម្ងាត់)$/i).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: /sign in|ចូលគណនី/i }).click();
    await expect(page).toHaveURL(/\/attendance$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Attendance|វត្តមាន)$/);
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    // The session is the app's own: it holds across a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Attendance|វត្តមាន)$/);
  });

  test('a wrong password is refused with the spec message and no session', async ({ page }) => {
    await page.goto('/auths/login');
    await page.getByRole('textbox', { name: /username|ឈ្មោះអ្នកប្រើ/i }).fill('admin');
    await page.getByLabel(/^(password|ពាក្យសម្ងាត់)$/i).fill('not the password');
    const answer = page.waitForResponse('**/api/auth/login');
    await page.getByRole('button', { name: /sign in|ចូលគណនី/i }).click();
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(
      /Invalid credentials|ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ/,
    );
    await expect(page).toHaveURL(/\/auths\/login/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'accessToken')).toBeUndefined();
  });

  test('an unknown path shows 404 with the path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText(/Page not found|រកមិនឃើញទំព័រ/).first()).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await expect(page.getByRole('link', { name: /Go Home|ត្រឡប់ទៅទំព័រដើម/ })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

test.describe('signing up', () => {
  const fillSignup = async (page: Page, username: string) => {
    await page
      .getByRole('textbox', { name: /English|អង់គ្លេស/ })
      .first()
      .fill('Chan Sophea');
    await page.getByRole('textbox', { name: /^(username|ឈ្មោះអ្នកប្រើ)/i }).fill(username);
    await page.getByLabel(/^(password|ពាក្យសម្ងាត់)$/i).fill('river mango lantern');
    await page.getByRole('button', { name: /Ask for an account|ស្នើសុំគណនី/ }).click();
  };

  test('is refused, in words, where the school does not allow it', async ({ page }) => {
    await page.goto('/auths/signup');
    await fillSignup(page, 'sophea');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/auths\/signup$/);
  });

  test('a new account waits for approval, signed in but with no access to the records', async ({
    page,
    request,
  }) => {
    // The administrator opens sign-up for the school.
    const login = await request.post('/api/auth/login', {
      data: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const opened = await request.patch('/api/school', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { settings: { allowSignup: true } },
    });
    expect(opened.status()).toBe(200);

    await page.goto('/auths/login');
    await page.getByRole('link', { name: /Ask for an account|ស្នើសុំគណនី/ }).click();
    await expect(page).toHaveURL(/\/auths\/signup$/);
    await fillSignup(page, `sophea${Date.now() % 100000}`);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: /approval|អនុម័ត/ })).toBeVisible();
    await page.goto('/attendance');
    await expect(page.getByText(/do not have permission|មិនមានសិទ្ធិ/)).toBeVisible();

    const closed = await request.patch('/api/school', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { settings: { allowSignup: false } },
    });
    expect(closed.status()).toBe(200);
  });
});
