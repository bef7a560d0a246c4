// What a teacher's phone in Cambodia receives and waits for: the built server on a fresh
// embedded database with the demo school, Chromium as a phone (360 × 740 at 2×, touch, Khmer)
// on a slow mobile connection (150 ms latency, 1.6 Mbit/s down, 0.75 Mbit/s up) with a 4×
// slower CPU, set through the DevTools protocol on each page.
//
// Scenarios, each run three times:
//   sign-in cold      a fresh browser opens /auths/login: the username field usable
//   home cold         the demo teacher signed in, the browser cache emptied, / opened: the
//                     greeting and the dashboard's figures shown, nothing loading
//   attendance warm   then /attendance in the same tab: today's sheet and its Save button usable
//   gradebook warm    then /studentScoringEntry: the score grid shown
// For each: the bytes on the wire (every request's encoded length as the protocol reports it,
// headers and fonts included) and the requests the page made until its network went quiet, and
// the time from the navigation's start to the page being usable (measured in the page).
// The same-run reference: a page of one small script served by the same server, loaded cold
// with the same profile; its time shows the machine's noise, and each time is also given as a
// ratio to it.
//
//   node bench/run.mjs phone --no-build [--verbose] [--runs=3] [--http2]
// --http2 measures through an HTTPS front speaking HTTP/2 (./http2.mjs), as a reverse proxy
// serves Sala: one connection carries every file at once.
// --verbose prints every request of each page (path, type, encoding, bytes, of which headers).
// Goals: sign-in ≤ 170 KB on the wire incl. fonts and ≤ 12 requests, usable ≤ 2.5 s; home
// signed in ≤ 350 KB and ≤ 20 requests, usable ≤ 4 s; attendance and gradebook warm ≤ 2 s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { serverMain, spawnServer, waitForHealth } from '../lib/server.mjs';
import { startHttp2Front } from './http2.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const appDist = path.join(root, 'packages/app/dist');
const locales = path.join(root, 'packages/app/src/i18n/locales');
const PASSWORD = 'bench-admin-password';
/** The demo school's teacher; the demo accounts share the admin's first password. */
const TEACHER = 'teacher';
const REFERENCE_PATH = '/bench-reference.html';

/** A mid-range phone on a slow mobile connection. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (0.75 * 1_000_000) / 8,
};
const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'km-KH',
  timezoneId: 'Asia/Phnom_Penh',
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/126.0.0.0 Mobile Safari/537.36',
};
/** How long a page may take to become usable before the run fails. */
const READY_TIMEOUT_MS = 90_000;
/** The network counts as quiet after this long without a request in flight… */
const QUIET_MS = 1_000;
/** …or, at the latest, this long after the page was usable. */
const QUIET_TIMEOUT_MS = 20_000;

const flag = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const verbose = process.argv.includes('--verbose');
const runs = Number(flag('runs') ?? 3);
// Through an HTTPS front speaking HTTP/2, as a school's reverse proxy serves Sala.
const viaHttp2 = process.argv.includes('--http2');

/**
 * Installed in every document: records, in `window.__benchReady`, the time (from the
 * navigation's start) at which the page of the current path first became usable. Checked on
 * every change to the document and every 50 ms (styles and fonts arrive without one).
 */
function watchReadiness({ saveLabels }) {
  const visible = (el) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const enabled = (el) => !el.disabled && el.getAttribute('aria-disabled') !== 'true';
  const loading = () => document.querySelector('[aria-busy="true"]') !== null;
  const conditions = {
    '/bench-reference.html': () => visible(document.getElementById('bench-reference-ready')),
    // The sign-in form, ready for typing.
    '/auths/login': () => {
      const field = document.querySelector('input[name="username"]');
      return visible(field) && enabled(field) && !field.readOnly;
    },
    // The greeting, and a section of the dashboard (only there once its figures arrived).
    '/': () =>
      visible(document.querySelector('h1')) &&
      !loading() &&
      visible(document.querySelector('#home-today, #home-classes, #home-school, #home-office')),
    // Today's sheet: its students and the Save button.
    '/attendance': () =>
      !loading() &&
      document.querySelector('ul[aria-label] li button, ul[aria-label] li input') !== null &&
      Array.from(document.querySelectorAll('button')).some(
        (b) => saveLabels.includes(b.textContent.trim()) && visible(b) && enabled(b),
      ),
    // The score grid with its cells.
    '/studentScoringEntry': () =>
      !loading() && visible(document.querySelector('[role="grid"] [role="gridcell"]')),
  };
  const ready = (window.__benchReady = {});
  // The main thread's long tasks (parsing, running scripts, rendering): where the time goes
  // when it does not go to the network.
  const busy = (window.__benchBusy = []);
  try {
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) busy.push([task.startTime, task.duration]);
    }).observe({ type: 'longtask' });
  } catch {
    // no long-task timing in this browser
  }
  const check = () => {
    const where = location.pathname;
    const condition = conditions[where];
    if (!condition || where in ready) return;
    try {
      if (condition()) ready[where] = performance.now();
    } catch {
      // the document is still being built
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy', 'aria-disabled', 'disabled', 'class', 'style', 'hidden'],
  });
  setInterval(check, 50);
}

/** The Save button's text in both languages. */
function saveLabels() {
  return ['en', 'km'].map(
    (lang) =>
      JSON.parse(fs.readFileSync(path.join(locales, lang, 'attendance.json'), 'utf8')).take.save,
  );
}

/**
 * A copy of the built app with the reference page beside it: one small script that puts one
 * element on the page.
 */
function appWithReference() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-phone-app-'));
  fs.cpSync(appDist, dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  fs.writeFileSync(
    path.join(dir, REFERENCE_PATH.slice(1)),
    [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
      '    <title>Reference</title>',
      '    <script type="module" src="/assets/bench-reference.js"></script>',
      '  </head>',
      '  <body></body>',
      '</html>',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'assets', 'bench-reference.js'),
    [
      "const ready = document.createElement('p');",
      "ready.id = 'bench-reference-ready';",
      "ready.textContent = 'Ready';",
      'document.body.append(ready);',
      '',
    ].join('\n'),
  );
  return dir;
}

/**
 * A page with the phone profile on its own DevTools session, and a log of the requests it
 * makes: `measure(url)` navigates and answers the time to usable and what went over the wire.
 */
async function phonePage(context) {
  const page = await context.newPage();
  await page.addInitScript(watchReadiness, { saveLabels: saveLabels() });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let requests = new Map();
  const entry = (id) => requests.get(id);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!/^https?:/.test(event.request.url)) return;
    const known = entry(event.requestId);
    // A redirect keeps the request's id: the hop before it is a request of its own.
    if (known) requests.set(`${event.requestId}:${requests.size}`, { ...known, done: true });
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      bytes: 0,
      headerBytes: 0,
      fromCache: false,
      encoding: '',
      status: 0,
      done: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const known = entry(event.requestId);
    if (known) known.fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const known = entry(event.requestId);
    if (!known) return;
    known.type = event.type ?? known.type;
    known.status = event.response.status;
    // What had arrived when the response started: its status line and headers.
    known.headerBytes = event.response.encodedDataLength ?? 0;
    known.fromCache ||= Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache);
    const headers = Object.fromEntries(
      Object.entries(event.response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    known.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.loadingFinished', (event) => {
    const known = entry(event.requestId);
    if (!known) return;
    known.bytes = event.encodedDataLength;
    known.done = true;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const known = entry(event.requestId);
    if (!known) return;
    known.failed = event.errorText;
    known.done = true;
  });

  async function throttle() {
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }

  async function measure(url) {
    requests = new Map();
    const pathname = new URL(url).pathname;
    await page.goto(url, { waitUntil: 'commit', timeout: READY_TIMEOUT_MS });
    try {
      await page.waitForFunction((where) => window.__benchReady?.[where] !== undefined, pathname, {
        polling: 250,
        timeout: READY_TIMEOUT_MS,
      });
    } catch (error) {
      const text = await page
        .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 400))
        .catch(() => '(no document)');
      const pending = [...requests.values()].filter((r) => !r.done).map((r) => r.url);
      throw new Error(
        `${pathname} was not usable after ${READY_TIMEOUT_MS / 1000} s (at ${page.url()}; ` +
          `page text: "${text}"; requests in flight: ${pending.join(', ') || 'none'})`,
        { cause: error },
      );
    }
    const ms = await page.evaluate((where) => window.__benchReady[where], pathname);
    // Until the page was usable: when the last file or answer it had fetched arrived, and how
    // long the main thread was busy in long tasks.
    const { networkMs, busyMs } = await page.evaluate((readyMs) => {
      const arrived = performance
        .getEntriesByType('resource')
        .map((r) => r.responseEnd)
        .filter((end) => end > 0 && end <= readyMs);
      const navigation = performance.getEntriesByType('navigation')[0];
      return {
        networkMs: Math.max(navigation?.responseEnd ?? 0, ...arrived),
        busyMs: window.__benchBusy
          .filter(([start]) => start < readyMs)
          .reduce((sum, [start, duration]) => sum + Math.min(duration, readyMs - start), 0),
      };
    }, ms);
    // What the page still fetches for what it shows (a chart's code, fonts) counts too.
    const readyAt = Date.now();
    let quietSince = Date.now();
    while (Date.now() - readyAt < QUIET_TIMEOUT_MS) {
      if ([...requests.values()].some((r) => !r.done)) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const list = [...requests.values()];
    return {
      ms,
      networkMs,
      busyMs,
      bytes: list.reduce((sum, r) => sum + r.bytes, 0),
      headerBytes: list.reduce((sum, r) => sum + (r.bytes > 0 ? r.headerBytes : 0), 0),
      requests: list.length,
      fromCache: list.filter((r) => r.fromCache).length,
      stillLoading: list.filter((r) => !r.done).map((r) => r.url),
      list,
    };
  }

  return {
    page,
    throttle,
    measure,
    clearCache: () => cdp.send('Network.clearBrowserCache'),
  };
}

/** Signs the demo teacher in on the sign-in page, at full speed (it is not measured). */
async function signIn(context, origin) {
  const page = await context.newPage();
  await page.addInitScript(watchReadiness, { saveLabels: saveLabels() });
  await page.goto(`${origin}/auths/login`);
  await page.locator('input[name="username"]').fill(TEACHER);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(`${origin}/`, { timeout: READY_TIMEOUT_MS });
  await page.waitForFunction(() => window.__benchReady?.['/'] !== undefined, undefined, {
    timeout: READY_TIMEOUT_MS,
  });
  await page.close();
}

/** Every request of a page: what it was, how it came, and its bytes (of which headers). */
function breakdown(title, result) {
  const lines = [
    `\n${title}: ${result.requests} requests (${result.fromCache} from the cache), ` +
      `${kb(result.bytes).toFixed(1)} KB on the wire, of which headers ${kb(result.headerBytes).toFixed(1)} KB`,
    '| path | type | encoding | bytes | of which headers |',
    '|---|---|---|---|---|',
  ];
  for (const r of result.list) {
    const url = new URL(r.url);
    const bytes = r.fromCache ? 'from the cache' : `${r.bytes}${r.failed ? ` (${r.failed})` : ''}`;
    lines.push(
      `| ${url.pathname}${url.search} | ${r.type} | ${r.encoding || '—'} | ${bytes} | ${
        r.bytes > 0 && !viaHttp2 ? r.headerBytes : ''
      } |`,
    );
  }
  const byType = new Map();
  for (const r of result.list) byType.set(r.type, (byType.get(r.type) ?? 0) + r.bytes);
  lines.push(
    `by type: ${[...byType]
      .sort((a, b) => b[1] - a[1])
      .map(([type, bytes]) => `${type} ${kb(bytes).toFixed(1)} KB`)
      .join(', ')}`,
  );
  console.log(lines.join('\n'));
}

const kb = (bytes) => bytes / 1024;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => (ms / 1000).toFixed(2);

export async function run() {
  if (!fs.existsSync(serverMain) || !fs.existsSync(path.join(appDist, 'index.html'))) {
    throw new Error('Build first: npm run build');
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: install the system chromium');
  const appDir = appWithReference();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-bench-phone-data-'));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    SALA_DEMO: '1',
    SALA_ADMIN_PASSWORD: PASSWORD,
    SALA_APP_DIR: appDir,
  });
  const front = viaHttp2 ? await startHttp2Front(server.base) : undefined;
  const browser = await chromium.launch({
    executablePath,
    args: front ? [...chromiumArgs, front.chromiumArg] : chromiumArgs,
  });
  const results = { reference: [], signIn: [], home: [], attendance: [], gradebook: [] };
  try {
    await waitForHealth(server.base, server.child);
    // localhost, as a phone sees an https server: a secure context, so the session cookie is
    // kept and the browser accepts brotli.
    const origin = front?.origin ?? server.base.replace('127.0.0.1', 'localhost');

    for (let i = 0; i < runs; i += 1) {
      process.stderr.write(`  run ${i + 1} of ${runs}…\n`);
      // The reference, cold.
      let context = await browser.newContext(PHONE);
      let phone = await phonePage(context);
      await phone.throttle();
      results.reference.push(await phone.measure(`${origin}${REFERENCE_PATH}`));
      await context.close();

      // Sign-in, cold.
      context = await browser.newContext(PHONE);
      phone = await phonePage(context);
      await phone.throttle();
      results.signIn.push(await phone.measure(`${origin}/auths/login`));
      await context.close();

      // Signed in, the cache emptied: home, then attendance and the gradebook with it warm.
      context = await browser.newContext(PHONE);
      await signIn(context, origin);
      phone = await phonePage(context);
      await phone.clearCache();
      await phone.throttle();
      results.home.push(await phone.measure(`${origin}/`));
      results.attendance.push(await phone.measure(`${origin}/attendance`));
      results.gradebook.push(await phone.measure(`${origin}/studentScoringEntry`));
      await context.close();
    }
  } finally {
    await browser.close();
    await front?.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(appDir, { recursive: true, force: true });
  }

  if (verbose) {
    breakdown('Sign-in cold, run 1', results.signIn[0]);
    breakdown('Home cold signed in, run 1', results.home[0]);
    breakdown('Attendance warm, run 1', results.attendance[0]);
    breakdown('Gradebook warm, run 1', results.gradebook[0]);
  }

  const referenceMs = median(results.reference.map((r) => r.ms));
  const over = viaHttp2 ? ', HTTP/2' : '';
  const rows = [
    {
      name: `reference page (one small script), cold${over}: time to its element, median of ${runs}`,
      value: referenceMs / 1000,
      unit: 's',
      reference: `min–max ${seconds(Math.min(...results.reference.map((r) => r.ms)))}–${seconds(
        Math.max(...results.reference.map((r) => r.ms)),
      )} s; ${wire(results.reference)}`,
    },
  ];
  const scenarios = [
    {
      key: 'signIn',
      name: `sign-in cold${over} (/auths/login → username field usable)`,
      time: '≤ 2.5 s',
      bytes: '≤ 170 KB',
      requests: '≤ 12',
    },
    {
      key: 'home',
      name: `home cold signed in, empty cache${over} (/ → greeting and dashboard)`,
      time: '≤ 4 s',
      bytes: '≤ 350 KB',
      requests: '≤ 20',
    },
    {
      key: 'attendance',
      name: `attendance warm${over} (/attendance → sheet and Save usable)`,
      time: '≤ 2 s',
    },
    {
      key: 'gradebook',
      name: `gradebook warm${over} (/studentScoringEntry → score grid)`,
      time: '≤ 2 s',
    },
  ];
  for (const scenario of scenarios) {
    const measured = results[scenario.key];
    const times = measured.map((r) => r.ms);
    const ms = median(times);
    rows.push({
      name: `${scenario.name}: time, median of ${runs}`,
      value: ms / 1000,
      unit: 's',
      goal: scenario.time,
      reference: `min–max ${seconds(Math.min(...times))}–${seconds(Math.max(...times))} s; reference page ${seconds(referenceMs)} s`,
      ratio: ms / referenceMs,
    });
    rows.push({
      name: `${scenario.name}: of that time, the last file arrived / main thread busy, median of ${runs}`,
      value: `${seconds(median(measured.map((r) => r.networkMs)))} s / ${seconds(
        median(measured.map((r) => r.busyMs)),
      )} s`,
      reference: 'busy: long tasks (parsing, scripts, layout) before the screen was usable',
    });
    rows.push(...wireRows(scenario, measured));
  }
  return rows;
}

/** "N requests, X KB" of a scenario's runs, saying so when the runs differ. */
function wire(measured) {
  const bytes = measured.map((r) => r.bytes);
  const requests = measured.map((r) => r.requests);
  const same = new Set(bytes).size === 1 && new Set(requests).size === 1;
  return same
    ? `${requests[0]} requests, ${kb(bytes[0]).toFixed(1)} KB on the wire`
    : `runs differ: ${requests.join(' / ')} requests, ${bytes.map((b) => kb(b).toFixed(1)).join(' / ')} KB`;
}

function wireRows(scenario, measured) {
  const bytes = measured.map((r) => r.bytes);
  const requests = measured.map((r) => r.requests);
  const differ = (values, show) =>
    new Set(values).size === 1
      ? 'same in every run'
      : `runs differ: ${values.map(show).join(' / ')}`;
  const cached = measured.map((r) => r.fromCache);
  const unfinished = measured.flatMap((r) => r.stillLoading);
  return [
    {
      name: `${scenario.name}: on the wire, fonts included`,
      value: kb(median(bytes)),
      unit: 'KB',
      goal: scenario.bytes,
      reference: [
        differ(bytes, (b) => `${b.toLocaleString('en-US')} B`),
        // Over HTTP/2 the protocol reports headers and the first data together: no split.
        viaHttp2
          ? 'headers compressed (HPACK)'
          : `of which response headers ${kb(median(measured.map((r) => r.headerBytes))).toFixed(1)} KB`,
      ].join('; '),
    },
    {
      name: `${scenario.name}: requests`,
      value: median(requests),
      goal: scenario.requests,
      reference: [
        differ(requests, String),
        cached.some((n) => n > 0) ? `from the cache: ${cached.join(' / ')}` : '',
        unfinished.length > 0 ? `still loading when counted: ${unfinished.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    },
  ];
}
