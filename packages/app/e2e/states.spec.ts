import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support.js';

/**
 * The office's home, and the pages that cannot be shown, in the frame and its menu, in both
 * languages: a page the user may not open (403), an address that does not exist (404), and a
 * page whose read fails (the server, or no connection), never loading for ever.
 */
const shots = process.env.E2E_SHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};
const home = /Go to the home page|ត្រឡប់ទៅទំព័រដើម/;
/** The frame's menu: the sidebar's navigation, or on a phone the button that opens it. */
const menu = (page: Page) =>
  page
    .getByRole('navigation')
    .first()
    .or(page.getByRole('button', { name: /Open navigation|បើកម៉ឺនុយរុករក/ }).first());

for (const lang of ['en', 'km'] as const) {
  test.describe(`in ${lang}`, () => {
    test('the office sees what waits for it, not an empty teacher’s day', async ({ page }) => {
      await signInAs(page, 'office', `/auths/login?lang=${lang}`);
      await expect(
        page.getByRole('heading', { level: 2, name: /Waiting for the office|ការងាររង់ចាំការិយាល័យ/ }),
      ).toBeVisible();
      await expect(
        page.getByRole('link', {
          name: /Review and publish|Nothing submitted yet|ពិនិត្យ និងផ្សព្វផ្សាយ|មិនទាន់មានការដាក់ស្នើ/,
        }),
      ).toHaveAttribute('href', '/studentScoringEntry');
      await expect(page.getByRole('link', { name: /Set up accounts|រៀបចំគណនី/ })).toHaveAttribute(
        'href',
        '/staff',
      );
      await expect(page.getByText(/My classes|ថ្នាក់របស់ខ្ញុំ/)).toHaveCount(0);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await shoot(page, `office-home-${lang}`);
    });

    test('a page not permitted and an unknown address are said in the frame', async ({ page }) => {
      await signInAs(page, 'teacher', `/auths/login?lang=${lang}`);
      await page.goto('/users');
      await expect(
        page.getByRole('heading', { level: 1, name: /Access not permitted|មិនមានសិទ្ធិចូលប្រើ/ }),
      ).toBeVisible();
      await expect(menu(page)).toBeVisible();
      await expect(page.getByRole('link', { name: home })).toHaveAttribute('href', '/');
      await shoot(page, `forbidden-${lang}`);

      await page.goto('/no/such/page');
      await expect(
        page.getByRole('heading', { level: 1, name: /Page not found|រកមិនឃើញទំព័រ/ }),
      ).toBeVisible();
      await expect(page.getByText('/no/such/page')).toBeVisible();
      await expect(menu(page)).toBeVisible();
      await shoot(page, `not-found-${lang}`);
    });

    test('a page whose read fails says why within 10 s, and Try again reads it again', async ({
      page,
    }) => {
      await signInAs(page, 'teacher', `/auths/login?lang=${lang}`);
      await page.route(/\/api\/classes(\?|$)/, (route) =>
        route.fulfill({
          status: 500,
          json: { success: false, code: 'SERVER_ERROR', message: 'Server error' },
        }),
      );
      await page.goto('/class');
      const alert = page.getByRole('alert').filter({
        hasText: /This page could not be loaded|មិនអាចផ្ទុកទំព័រនេះបានទេ/,
      });
      await expect(alert).toBeVisible({ timeout: 10_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(menu(page)).toBeVisible();
      await shoot(page, `server-error-${lang}`);

      await page.unroute(/\/api\/classes(\?|$)/);
      await page.route(/\/api\/classes(\?|$)/, (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: /No internet connection|គ្មានការតភ្ជាប់អ៊ីនធឺណិត/ }),
      ).toBeVisible({ timeout: 10_000 });
      await shoot(page, `offline-${lang}`);

      await page.unroute(/\/api\/classes(\?|$)/);
      await page.getByRole('button', { name: /Try again|ព្យាយាមម្ដងទៀត/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Classes|ថ្នាក់/ })).toBeVisible();
      await expect(alert).toHaveCount(0);
    });
  });
}
