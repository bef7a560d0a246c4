// What the app costs a phone: the JS + CSS (gzip, fonts excluded) that the browser loads for the
// sign-in page and for the first signed-in page, from the production build served by the real
// server; and Lighthouse's mobile performance score, LCP and TBT for both pages and for the two
// screens a teacher opens every day, attendance and the gradebook (simulated slow 4G
// and a 4× slower CPU, Lighthouse's defaults, so the machine's own load matters little).
// Also each daily screen opened from a link (its route chunks on top of the frame).
// Goals: sign-in page ≤ 120 KB gzip JS+CSS excluding fonts; Lighthouse ≥ 95.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { freePort, serverMain, spawnServer, waitForHealth } from '../lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appIndex = path.join(root, 'packages/app/dist/index.html');
const PASSWORD = 'bench-admin-password';
/** The screens staff open every day: what each costs when opened straight from a link. */
const ROUTES = [
  '/attendance',
  '/studentScoringEntry',
  '/students',
  '/class',
  '/staff',
  '/teaching',
  '/users',
  '/telegramSetup',
];

async function startServer(dataDir) {
  const server = await spawnServer({
    DATA_DIR: dataDir,
    SALA_DEMO: '1',
    SALA_ADMIN_PASSWORD: PASSWORD,
  });
  await waitForHealth(server.base, server.child);
  return { origin: server.base.replace('127.0.0.1', 'localhost'), stop: server.stop };
}

/** Loads a path in a fresh page and sums the JS and CSS it fetched (gzip level 9, no fonts). */
async function weigh(context, url, ready) {
  const page = await context.newPage();
  const assets = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      assets.set(response.url(), await response.body());
    } catch {
      // a redirect or an aborted request has no body
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  let gzip = 0;
  let js = 0;
  for (const [name, body] of assets) {
    const size = zlib.gzipSync(body, { level: 9 }).length;
    gzip += size;
    if (name.endsWith('.js')) js += size;
  }
  return { gzip, js, files: assets.size };
}

async function signIn(page, origin) {
  await page.goto(`${origin}/auths/login?lang=en`);
  await page.getByRole('textbox', { name: /username/i }).fill('admin');
  await page.getByLabel(/^password$/i).fill(PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.getByRole('heading', { level: 1, name: /Hello/ }).waitFor();
}

async function audit(port, url) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', disableStorageReset: true },
    {
      extends: 'lighthouse:default',
      settings: { onlyCategories: ['performance'], formFactor: 'mobile' },
    },
  );
  const lhr = result.lhr;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
  };
}

const kb = (b) => b / 1024;

export async function run() {
  if (!fs.existsSync(serverMain) || !fs.existsSync(appIndex)) {
    throw new Error('Build first: npm run build');
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: install the system chromium');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-app-'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-profile-'));
  const server = await startServer(dataDir);
  const debugPort = await freePort();
  // A persistent context is the browser's default one, which Lighthouse's tabs share: the
  // signed-in page is audited with the session the first sign-in left in the cookie jar.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: [...chromiumArgs, `--remote-debugging-port=${debugPort}`],
    viewport: { width: 360, height: 740 },
  });
  try {
    const login = await weigh(context, `${server.origin}/auths/login?lang=en`, (page) =>
      page.getByRole('button', { name: /^sign in$/i }).waitFor(),
    );
    const loginAudit = await audit(debugPort, `${server.origin}/auths/login`);

    const page = await context.newPage();
    await signIn(page, server.origin);
    await page.close();
    const home = await weigh(context, `${server.origin}/`, (p) =>
      p.getByRole('heading', { level: 1, name: /Hello/ }).waitFor(),
    );
    const homeAudit = await audit(debugPort, `${server.origin}/`);
    // The two screens a teacher opens every day, audited as opened from a link, signed in.
    const dailyAudits = [];
    for (const route of ['/attendance', '/studentScoringEntry']) {
      const result = await audit(debugPort, `${server.origin}${route}`);
      dailyAudits.push(
        { name: `Lighthouse mobile performance, ${route}`, value: result.score, goal: '≥ 95' },
        { name: `Lighthouse LCP, ${route}`, value: result.lcp, unit: 'ms' },
        { name: `Lighthouse TBT, ${route}`, value: result.tbt, unit: 'ms' },
      );
    }
    const routes = [];
    for (const route of ROUTES) {
      const weight = await weigh(context, `${server.origin}${route}`, (p) =>
        p.getByRole('heading', { level: 1 }).first().waitFor(),
      );
      routes.push({
        name: `${route} (signed in, opened from a link): JS+CSS gzip`,
        value: kb(weight.gzip),
        unit: 'KB',
        reference: `above / ${kb(weight.gzip - home.gzip).toFixed(1)} KB`,
      });
    }

    return [
      {
        name: '/auths/login: JS+CSS gzip, no fonts',
        value: kb(login.gzip),
        unit: 'KB',
        goal: '≤ 120 KB',
      },
      { name: '/auths/login: of which JS', value: kb(login.js), unit: 'KB' },
      {
        name: '/ (signed in): JS+CSS gzip, no fonts',
        value: kb(home.gzip),
        unit: 'KB',
      },
      { name: '/ (signed in): of which JS', value: kb(home.js), unit: 'KB' },
      {
        name: 'Lighthouse mobile performance, /auths/login',
        value: loginAudit.score,
        goal: '≥ 95',
      },
      { name: 'Lighthouse LCP, /auths/login', value: loginAudit.lcp, unit: 'ms' },
      { name: 'Lighthouse TBT, /auths/login', value: loginAudit.tbt, unit: 'ms' },
      { name: 'Lighthouse mobile performance, /', value: homeAudit.score, goal: '≥ 95' },
      { name: 'Lighthouse LCP, /', value: homeAudit.lcp, unit: 'ms' },
      { name: 'Lighthouse TBT, /', value: homeAudit.tbt, unit: 'ms' },
      ...dailyAudits,
      ...routes,
    ];
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
