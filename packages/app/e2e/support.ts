import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** What a page's Content Security Policy refused, as the browser reported it. */
interface CspViolation {
  url: string;
  directive: string;
  blocked: string;
  sample: string;
}

/**
 * Every spec's `test`: Playwright's, with the server's Content Security Policy watched in each
 * page. Whatever the policy refuses (an injected <style>, an inline style attribute, a script,
 * an image from elsewhere) fails the test that caused it, with what was refused and where:
 * a refused style silently breaks a screen (a cropper showing the wrong part of a picture, a
 * register printed portrait), so it must not pass unnoticed.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding('__salaCspViolation', (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            const report = (window as unknown as Record<string, (v: unknown) => void>)
              .__salaCspViolation;
            report?.({
              url: event.documentURI,
              directive: event.effectiveDirective,
              blocked: event.blockedURI,
              sample: event.sample,
            });
          },
          true,
        );
      });
      // The browser's own console line too: it names a violation even where the event could
      // not reach the binding (a document closed at once, a frame).
      const refused: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          refused.push(message.text());
        }
      });
      await use(violations);
      expect(
        { violations, refused },
        'the Content Security Policy refused something this test loaded',
      ).toEqual({ violations: [], refused: [] });
    },
    { auto: true },
  ],
});

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
