import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support.js';

/**
 * What a phone downloads to open Sala, held to a budget: the app's own files (pages, scripts,
 * styles, fonts, images) that the sign-in page and a teacher's home fetch with an empty cache,
 * in bytes as they cross the wire (compressed, headers included) and in requests, and how many
 * API requests the home makes. All are the same on every run of one build, so any growth is a
 * change someone made: the failure names the files that grew or appeared.
 *
 * The budget is `budget.json` beside this file. After a change that is meant to cost more (or
 * that saves), write the new figures with `SALA_BUDGET_UPDATE=1 npx playwright test budget`.
 */
const budgetFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'budget.json');

interface Measured {
  /** The app's files by path with its hash taken out (`/assets/dist-[hash].js`): wire bytes. */
  files: Record<string, number>;
  bytes: number;
  requests: number;
  apiRequests: number;
}
type Budget = Record<string, Measured>;

/** Bytes that may differ between two runs of one build (a date or an ETag's length). */
const NOISE_BYTES = 1024;
/** Growth of one file that a failure names. */
const FILE_GROWTH_BYTES = 256;

const withoutHash = (pathname: string) =>
  pathname.replace(/-[A-Za-z0-9_-]{8}(\.[a-z0-9]+)$/, '-[hash]$1');

/** Loads a page with an empty cache and counts what crossed the wire until it went quiet. */
async function measure(page: Page, open: () => Promise<void>): Promise<Measured> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  const urls = new Map<string, string>();
  const wire = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) =>
    wire.set(event.requestId, (wire.get(event.requestId) ?? 0) + event.encodedDataLength),
  );
  await open();
  await page.waitForLoadState('networkidle');
  await cdp.detach();

  const measured: Measured = { files: {}, bytes: 0, requests: 0, apiRequests: 0 };
  for (const [id, url] of urls) {
    const { pathname, protocol } = new URL(url);
    if (protocol === 'data:' || protocol === 'blob:') continue;
    if (pathname.startsWith('/api/')) {
      measured.apiRequests += 1;
      continue;
    }
    const bytes = wire.get(id) ?? 0;
    const name = withoutHash(pathname);
    measured.files[name] = (measured.files[name] ?? 0) + bytes;
    measured.bytes += bytes;
    measured.requests += 1;
  }
  return measured;
}

/** What grew or appeared, largest first: "/assets/dist-[hash].js 58.1 KB → 61.0 KB". */
function grown(before: Measured, after: Measured): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return Object.entries(after.files)
    .map(([name, bytes]) => ({ name, bytes, was: before.files[name] }))
    .filter(({ bytes, was }) => was === undefined || bytes - was > FILE_GROWTH_BYTES)
    .sort((a, b) => b.bytes - (b.was ?? 0) - (a.bytes - (a.was ?? 0)))
    .map(({ name, bytes, was }) =>
      was === undefined ? `${name} ${kb(bytes)} (new)` : `${name} ${kb(was)} → ${kb(bytes)}`,
    );
}

const measuredNow: Budget = {};

function check(name: string, measured: Measured) {
  measuredNow[name] = measured;
  if (process.env.SALA_BUDGET_UPDATE) return;
  const budget = (JSON.parse(fs.readFileSync(budgetFile, 'utf8')) as Budget)[name];
  expect(budget, `${name} has a budget in ${budgetFile}`).toBeDefined();
  const growth = grown(budget!, measured).join('\n');
  expect(measured.requests, `${name}: requests for the app's files\n${growth}`).toBeLessThanOrEqual(
    budget!.requests,
  );
  expect(measured.bytes, `${name}: bytes on the wire\n${growth}`).toBeLessThanOrEqual(
    budget!.bytes + NOISE_BYTES,
  );
  expect(measured.apiRequests, `${name}: API requests`).toBeLessThanOrEqual(budget!.apiRequests);
}

test.describe('what a phone downloads', () => {
  test.use({ locale: 'km-KH' });

  test.afterAll(() => {
    if (!process.env.SALA_BUDGET_UPDATE) return;
    const current = fs.existsSync(budgetFile)
      ? (JSON.parse(fs.readFileSync(budgetFile, 'utf8')) as Budget)
      : {};
    fs.writeFileSync(budgetFile, `${JSON.stringify({ ...current, ...measuredNow }, null, 2)}\n`);
  });

  test('the sign-in page stays within its budget', async ({ page }) => {
    const measured = await measure(page, async () => {
      await page.goto('/auths/login');
      await expect(page.getByRole('textbox', { name: /username|ឈ្មោះអ្នកប្រើ/i })).toBeEnabled();
    });
    check('sign-in', measured);
  });

  test("a teacher's home, opened with an empty cache, stays within its budget", async ({
    page,
  }) => {
    await signInAs(page, 'teacher');
    const measured = await measure(page, async () => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/Hello|សួស្ដី/);
    });
    check('home', measured);
  });
});
