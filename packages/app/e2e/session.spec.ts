import { expect, test } from '@playwright/test';
import { cookie, signInAsAdmin } from './support.js';

test.describe('the session', () => {
  test('survives a reload', async ({ page }) => {
    await signInAsAdmin(page);
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Administrator|អ្នកគ្រប់គ្រង/);
  });

  test('after a forced sign-out, signing in again returns to the page asked for', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.context().clearCookies();
    await page.goto('/?tab=today');
    await expect(page).toHaveURL(/\/auths\/login\?next=%2F%3Ftab%3Dtoday$/);
    await page.getByRole('textbox', { name: /username|ឈ្មោះអ្នកប្រើ/i }).fill('admin');
    await page.getByLabel(/^(password|ពាក្យសម្ងាត់)$/i).fill(process.env.E2E_ADMIN_PASSWORD ?? '');
    await page.getByRole('button', { name: /^(sign in|ចូលគណនី)$/i }).click();
    await expect(page).toHaveURL(/\/\?tab=today$/);
  });

  test('signing out ends the session on the server', async ({ page }) => {
    await signInAsAdmin(page);
    const token = (await cookie(page, 'accessToken'))?.value;
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: /Administrator|អ្នកគ្រប់គ្រង/ }).click();
    await page.getByRole('menuitem', { name: /sign out|ចាកចេញ/i }).click();
    await expect(page).toHaveURL(/\/auths\/login$/);
    expect(await cookie(page, 'accessToken')).toBeUndefined();
    const profile = await page.request.post('/api/user/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(401);
  });

  test('a rejected access token is refreshed and the call retried once, transparently', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const url = new URL(page.url());
    // The server no longer accepts this access token; the refresh token still holds.
    await page
      .context()
      .addCookies([
        { name: 'accessToken', value: 'not.a.valid-token', domain: url.hostname, path: '/' },
      ]);
    const calls: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/')) calls.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Administrator|អ្នកគ្រប់គ្រង/);
    // The session's calls, in order; the page's own data (the menu layout…) comes after them.
    expect(calls.filter((call) => /\/api\/(user\/profile|auth\/)/.test(call))).toEqual([
      '401 /api/user/profile',
      '200 /api/auth/refresh_token',
      '200 /api/user/profile',
    ]);
    expect(calls.filter((call) => call.startsWith('401'))).toEqual(['401 /api/user/profile']);
    expect((await cookie(page, 'accessToken'))?.value).not.toBe('not.a.valid-token');
  });

  test('a reused refresh token ends the session: the user is sent to sign in', async ({ page }) => {
    await signInAsAdmin(page);
    const url = new URL(page.url());
    const stolen = (await cookie(page, 'refreshToken'))?.value;
    expect(stolen).toBeTruthy();
    // Someone else uses the refresh token first: it rotates, and the browser's copy is now old.
    const rotated = await page.request.post('/api/auth/refresh_token', {
      data: { refreshToken: stolen },
    });
    expect(rotated.status()).toBe(200);
    // The browser's access token is gone; its next refresh presents the old refresh token.
    await page.context().addCookies([
      { name: 'accessToken', value: 'expired.or.invalid', domain: url.hostname, path: '/' },
      { name: 'refreshToken', value: stolen!, domain: url.hostname, path: '/' },
      {
        name: 'sala_refresh',
        value: stolen!,
        domain: url.hostname,
        path: '/api/auth',
        httpOnly: true,
      },
    ]);
    await page.reload();
    await expect(page).toHaveURL(/\/auths\/login/);
    // Reuse revoked the whole family: the token the other party got is dead too.
    const theirs = (await rotated.json()) as { refreshToken: string };
    const again = await page.request.post('/api/auth/refresh_token', {
      data: { refreshToken: theirs.refreshToken },
    });
    expect(again.status()).toBe(401);
  });
});
