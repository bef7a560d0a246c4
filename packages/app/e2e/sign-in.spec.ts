import type { Page } from '@playwright/test';
import { endpoints } from '@sala/contract';
import { ADMIN_PASSWORD, expect, test } from './support.js';

type Box = { x: number; y: number; width: number; height: number };

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
    const answer = page.waitForResponse(`**${endpoints.postLogin.path}`);
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
    await expect(
      page.getByRole('link', { name: /Go to the home page|ត្រឡប់ទៅទំព័រដើម/ }),
    ).toHaveAttribute('href', '/');
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

  test('the language and colour-mode corner clears the form, in English and Khmer', async ({
    page,
  }) => {
    // Two languages, each page loaded afresh with its strings: more than half a minute when busy.
    test.slow();
    const apart = (a: Box, b: Box) =>
      a.x + a.width <= b.x ||
      b.x + b.width <= a.x ||
      a.y + a.height <= b.y ||
      b.y + b.height <= a.y;
    for (const lang of ['en', 'km']) {
      await page.goto(`/auths/signup?lang=${lang}`);
      const language = page.getByRole('button', { name: /^(Language|ភាសា)/ });
      const mode = page.getByRole('button', { name: /^(Switch to (dark|light) mode|ប្ដូរទៅផ្ទៃ)/ });
      const card = page.getByRole('main').locator('form');
      await expect(card).toBeVisible();
      const boxes = {
        language: (await language.boundingBox())!,
        mode: (await mode.boundingBox())!,
        card: (await card.boundingBox())!,
      };
      const width = page.viewportSize()!.width;
      for (const [name, box] of Object.entries(boxes)) {
        expect(box.x, `${name} (${lang}) starts on the screen`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} (${lang}) ends on the screen`).toBeLessThanOrEqual(
          width,
        );
      }
      expect(apart(boxes.language, boxes.mode), `the two controls (${lang}) side by side`).toBe(
        true,
      );
      expect(apart(boxes.language, boxes.card), `the language (${lang}) clear of the form`).toBe(
        true,
      );
      expect(apart(boxes.mode, boxes.card), `the colour mode (${lang}) clear of the form`).toBe(
        true,
      );
    }
  });

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
    const login = await request.post(endpoints.postLogin.path, {
      data: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const opened = await request.patch(endpoints.patchSchool.path, {
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
    await expect(page.getByText(/not have permission|មិនមានសិទ្ធិ/).first()).toBeVisible();

    const closed = await request.patch(endpoints.patchSchool.path, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { settings: { allowSignup: false } },
    });
    expect(closed.status()).toBe(200);
  });
});
