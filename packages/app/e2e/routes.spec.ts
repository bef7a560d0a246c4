import type { Page } from '@playwright/test';
import { pageRouteNames, pageRouteSpecs } from '@sala/contract';
import { cookie, expect, signInAsAdmin, test } from './support.js';

const routes = pageRouteNames.map((name) => pageRouteSpecs[name]);
const appRoutes = routes.filter((r) => !r.path.startsWith('/auths/'));

/** Visible text of the page that is meant to be translated (user data is marked translate="no"). */
async function translatableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    clone
      .querySelectorAll('[translate="no"], script, style, [data-live-announcer]')
      .forEach((n) => n.remove());
    document.body.append(clone);
    clone.style.position = 'absolute';
    const text = clone.innerText;
    clone.remove();
    return text;
  });
}

test.describe('every route of the spec', () => {
  // Each test opens every route with a full page load.
  test.describe.configure({ timeout: 180_000 });

  test('anonymous visitors are sent to sign in where sign-in is required, with next', async ({
    page,
  }) => {
    for (const route of appRoutes) {
      await page.goto(route.path);
      if (route.access.signIn) {
        await expect(page, route.path).toHaveURL(
          (url) => url.pathname === '/auths/login' && url.searchParams.get('next') === route.path,
        );
      } else {
        await expect(page, route.path).toHaveURL(new RegExp(`${route.path}$`));
        await expect(page.getByRole('heading', { level: 1 }), route.path).toBeVisible();
      }
    }
  });

  test('each renders its page for a signed-in administrator', async ({ page }) => {
    await signInAsAdmin(page);
    for (const route of appRoutes) {
      await page.goto(route.path);
      // A page may keep its choices in the query (the gradebook's class and test).
      await expect(page, route.path).toHaveURL((url) => url.pathname === route.path);
      await expect(page.getByRole('heading', { level: 1 }).first(), route.path).toBeVisible();
      await expect(page.getByText(/Ooops\.|អូយ/), route.path).toHaveCount(0);
      // Nothing wider than the screen: on a 360 px phone, no page scrolls sideways.
      const width = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: window.innerWidth,
      }));
      expect(width.page, `${route.path} is wider than the screen`).toBeLessThanOrEqual(
        width.screen,
      );
    }
  });

  test('in Khmer, no route shows English or a missing translation', async ({ page }) => {
    const missing: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('i18next')) missing.push(message.text());
    });
    await page.goto('/auths/login?lang=km');
    // The choice is kept (cookie) once the page has started in Khmer.
    await expect(page.getByRole('button', { name: /^ចូលគណនី$/ })).toBeVisible();
    await expect.poll(async () => (await cookie(page, 'lang'))?.value).toBe('km');
    await signInAsAdmin(page);
    for (const route of [...routes.filter((r) => r.path.startsWith('/auths/')), ...appRoutes]) {
      if (route.path.startsWith('/auths/')) continue;
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const text = await translatableText(page);
      // Languages are offered by their own names (English, ខ្មែរ), so "English" may stay.
      const english = (text.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => word !== 'English');
      expect(english, `${route.path}: ${english.join(' ')}`).toEqual([]);
    }
    expect(missing).toEqual([]);
  });

  test('dark mode survives a reload, painted before the app starts', async ({ page }) => {
    await page.goto('/auths/login');
    const toggle = page.getByRole('button', { name: /dark|ងងឹត/i });
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/sala-dark/);
    // The class must be there in the very first HTML paint, before any module runs.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/sala-dark/);
  });
});
