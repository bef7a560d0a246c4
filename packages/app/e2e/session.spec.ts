import { endpoints } from '@sala/contract';
import { cookie, expect, signInAsAdmin, test } from './support.js';

/** Where every call of the API is (/api/), and the sign-in calls with the refresh cookie (/api/auth/). */
const apiFolder = endpoints.getHealth.path.replace(/[^/]+$/, '');
const authFolder = endpoints.postLogin.path.replace(/[^/]+$/, '');

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
    const profile = await page.request.post(endpoints.postProfile.path, {
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
      const { pathname } = new URL(r.url());
      if (pathname.startsWith(apiFolder)) calls.push(`${r.status()} ${pathname}`);
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Administrator|អ្នកគ្រប់គ្រង/);
    // The session's calls, in order; the page's own data (the menu layout…) comes after them.
    const profile = endpoints.postProfile.path;
    const refresh = endpoints.postRefreshToken.path;
    const ofSession = (call: string) =>
      call.endsWith(` ${profile}`) || call.includes(` ${authFolder}`);
    expect(calls.filter(ofSession)).toEqual([`401 ${profile}`, `200 ${refresh}`, `200 ${profile}`]);
    expect(calls.filter((call) => call.startsWith('401'))).toEqual([`401 ${profile}`]);
    expect((await cookie(page, 'accessToken'))?.value).not.toBe('not.a.valid-token');
  });

  test('keeps the refresh token out of reach of the page’s script', async ({ page }) => {
    await signInAsAdmin(page);
    const held = await cookie(page, 'sala_refresh');
    expect(held).toMatchObject({ httpOnly: true, path: authFolder.slice(0, -1) });
    expect(await cookie(page, 'refreshToken')).toBeUndefined();
    const readable = await page.evaluate(() => [
      document.cookie,
      ...Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? ''),
      ...Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? ''),
    ]);
    expect(readable.join(' ')).not.toContain(held!.value);
  });

  test('a refresh-token cookie left by an earlier version is deleted', async ({ page }) => {
    await signInAsAdmin(page);
    const url = new URL(page.url());
    await page
      .context()
      .addCookies([
        { name: 'refreshToken', value: 'left-behind', domain: url.hostname, path: '/' },
      ]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Administrator|អ្នកគ្រប់គ្រង/);
    expect(await cookie(page, 'refreshToken')).toBeUndefined();
  });

  test('two tabs refreshing at once both stay signed in', async ({ page }) => {
    await signInAsAdmin(page);
    const url = new URL(page.url());
    const other = await page.context().newPage();
    // Both tabs find the access token refused and refresh with the same refresh cookie.
    await page
      .context()
      .addCookies([
        { name: 'accessToken', value: 'not.a.valid-token', domain: url.hostname, path: '/' },
      ]);
    const refreshes: number[] = [];
    page.context().on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith(endpoints.postRefresh.path)) {
        refreshes.push(r.status());
      }
    });
    await Promise.all([page.goto('/'), other.goto('/')]);
    for (const tab of [page, other]) {
      await expect(tab.getByRole('heading', { level: 1 })).toContainText(/Administrator|អ្នកគ្រប់គ្រង/);
    }
    expect(refreshes.length).toBeGreaterThan(0);
    // One refresh per tab at most: a call refused with the old token after a refresh is retried
    // with the new one, not refreshed again (a second rotation would make the other tab's refresh
    // a reuse).
    expect(refreshes.length).toBeLessThanOrEqual(2);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    // The session is still open: a reload signs in without asking.
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Administrator|អ្នកគ្រប់គ្រង/);
  });

  test('a reused refresh token ends the session: the user is sent to sign in', async ({
    page,
    playwright,
  }) => {
    await signInAsAdmin(page);
    const url = new URL(page.url());
    const stolen = (await cookie(page, 'sala_refresh'))?.value;
    expect(stolen).toBeTruthy();
    // Someone else, with a copy of it, refreshes twice: the browser's token is now two rotations
    // old, past any grace for a repeated refresh.
    const thief = await playwright.request.newContext({ baseURL: url.origin });
    const rotated = await thief.post(endpoints.postRefreshToken.path, {
      data: { refreshToken: stolen },
    });
    expect(rotated.status()).toBe(200);
    const theirs = await thief.post(endpoints.postRefreshToken.path, {
      data: { refreshToken: ((await rotated.json()) as { refreshToken: string }).refreshToken },
    });
    expect(theirs.status()).toBe(200);
    // The browser's access token is gone; its next refresh presents its old refresh cookie.
    await page
      .context()
      .addCookies([
        { name: 'accessToken', value: 'expired.or.invalid', domain: url.hostname, path: '/' },
      ]);
    await page.reload();
    await expect(page).toHaveURL(/\/auths\/login/);
    // Reuse revoked the whole family: the token the other party got is dead too.
    const again = await thief.post(endpoints.postRefreshToken.path, {
      data: { refreshToken: ((await theirs.json()) as { refreshToken: string }).refreshToken },
    });
    expect(again.status()).toBe(401);
    await thief.dispose();
  });
});
