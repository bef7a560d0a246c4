// UI interaction: in real Chromium with the CPU slowed 4×, how long a keystroke in the
// EditableGrid (the 60 × 15 story's data) takes to reach the screen, and how long frames take
// while the 5,000-row DataTable (the story's data) scrolls. Goals (issue 4): keystroke p95
// ≤ 16 ms; no scroll frame over 50 ms. Builds page/ with Vite, serves it and drives it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pageDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'page');
const staticDir = path.join(root, 'node_modules/.cache/sala-bench-ui');
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);

const mime = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
};

function serve(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = path.join(
      dir,
      decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname),
    );
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': mime[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Two measures per keydown, from the event's time stamp: `ready` when the handlers have run and
 * the new DOM is styled and laid out (what the code costs), `presented` after the next frame
 * (adds the wait for the display's refresh, up to one interval).
 */
function installKeyProbe() {
  window.__latencies = [];
  window.__ready = [];
  document.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      setTimeout(() => {
        void document.body.offsetHeight; // style and layout of what the key changed
        window.__ready.push(performance.now() - start);
      }, 0);
      // rAF runs before the paint of the next frame; the message after it.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__latencies.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    },
    true,
  );
}

/**
 * A production build of page/ (the grid and table stories' data, rendered as an app renders
 * them), so the figures are the components' and not Storybook's preview machinery.
 */
async function buildPage() {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const { vanillaExtractPlugin } = await import('@vanilla-extract/vite-plugin');
  await build({
    root: pageDir,
    base: './',
    logLevel: 'warn',
    configFile: false,
    plugins: [vanillaExtractPlugin(), react()],
    resolve: { conditions: ['@sala/source', 'module', 'browser', 'production'] },
    build: { outDir: staticDir, emptyOutDir: true },
  });
}

async function openStory(browser, base, view) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/index.html?view=${view}`);
  await page.waitForSelector('[role="grid"]');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** Keydown → next paint, for typing scores and moving with Enter, Tab and arrows. */
async function measureKeystrokes(browser, base) {
  const page = await openStory(browser, base, 'grid');
  await page.locator('[data-cell="0:0"]').click();
  await page.waitForSelector('[data-cell="0:0"]:focus');
  await page.evaluate(installKeyProbe);
  const keys = [];
  for (let i = 0; i < 40; i++) keys.push(String((i * 7) % 10), 'Enter');
  for (let i = 0; i < 10; i++) keys.push('ArrowRight', 'ArrowUp', 'Tab', '4', 'Tab');
  let expected = 0;
  for (const key of keys) {
    await page.keyboard.press(key);
    expected++;
    await page.waitForFunction((n) => window.__latencies.length >= n, expected);
  }
  const result = await page.evaluate(() => ({
    presented: window.__latencies,
    ready: window.__ready,
  }));
  await page.close();
  return result;
}

/**
 * The floor of the method on this machine: the same measure for a key typed into a bare input
 * on an empty page (it includes waiting for the next frame, up to one refresh interval).
 */
async function measureBareInput(browser) {
  const page = await browser.newPage();
  await page.setContent('<input aria-label="probe">');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.evaluate(installKeyProbe);
  await page.focus('input');
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press(String(i % 10));
    await page.waitForFunction((n) => window.__latencies.length >= n, i + 1);
  }
  const result = await page.evaluate(() => ({
    presented: window.__latencies,
    ready: window.__ready,
  }));
  await page.close();
  return result;
}

/** Frame times (between animation frames) while the 5,000-row table is scrolled by wheel. */
async function measureScroll(browser, base) {
  const page = await openStory(browser, base, 'table');
  const scroller = page.locator('[role="grid"]').locator('xpath=..');
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  const box = await scroller.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    window.__recording = true;
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  for (let i = 0; i < 160; i++) {
    await page.mouse.wheel(0, i < 120 ? 240 : -600);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(300);
  const frames = await page.evaluate(() => {
    window.__recording = false;
    return window.__frames.slice(1);
  });
  const scrolled = await scroller.evaluate((el) => el.scrollTop);
  await page.close();
  return { frames, scrolled };
}

export async function run() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (see scripts/chromium.mjs)');
  await buildPage();
  const server = await serve(staticDir);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath, args: chromiumArgs, headless: true });
  try {
    const bare = await measureBareInput(browser);
    const keys = await measureKeystrokes(browser, base);
    const { frames, scrolled } = await measureScroll(browser, base);
    if (scrolled <= 0) throw new Error('the table did not scroll');
    const slow = `CPU ${CPU_SLOWDOWN}× slower`;
    return [
      {
        name: `EditableGrid 60×15 keystroke→ready to paint p50 (${slow})`,
        value: percentile(keys.ready, 50),
        unit: 'ms',
      },
      {
        name: `EditableGrid 60×15 keystroke→ready to paint p95 (${slow})`,
        value: percentile(keys.ready, 95),
        unit: 'ms',
        goal: '≤ 16 ms',
      },
      {
        name: `EditableGrid 60×15 keystroke→next frame p50 (${slow})`,
        value: percentile(keys.presented, 50),
        unit: 'ms',
      },
      {
        name: `EditableGrid 60×15 keystroke→next frame p95 (${slow})`,
        value: percentile(keys.presented, 95),
        unit: 'ms',
      },
      {
        name: `floor: bare <input> keystroke→next frame p50 (${slow})`,
        value: percentile(bare.presented, 50),
        unit: 'ms',
      },
      {
        name: `floor: bare <input> keystroke→next frame p95 (${slow})`,
        value: percentile(bare.presented, 95),
        unit: 'ms',
      },
      {
        name: `DataTable 5,000 rows scroll frame p50 (CPU ${CPU_SLOWDOWN}× slower)`,
        value: percentile(frames, 50),
        unit: 'ms',
      },
      {
        name: `DataTable 5,000 rows scroll frame p95 (CPU ${CPU_SLOWDOWN}× slower)`,
        value: percentile(frames, 95),
        unit: 'ms',
      },
      {
        name: `DataTable 5,000 rows scroll frame max (CPU ${CPU_SLOWDOWN}× slower)`,
        value: Math.max(...frames),
        unit: 'ms',
        goal: '≤ 50 ms',
      },
    ];
  } finally {
    await browser.close();
    server.close();
  }
}
