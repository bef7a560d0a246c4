// The published Storybook, tested as it is published: the static build (storybook-static, built
// here when it is missing or older than its sources) served over HTTP and opened in Chromium.
// Every entry of its index.json is shown in one page, switched through Storybook's preview
// channel: a story must render, finish its play function and pass its accessibility check; a
// docs page must render. Either fails on an error in the console, an uncaught error or a
// request the app's Content Security Policy would refuse. The preview alone, before any story,
// must give the page the theme's global styles: the body's font is the theme's, and one line of
// English and Khmer paints as in the theme's fonts, not as a serif fallback. Every story's page
// keeps the theme's body font.
//
//   npm run test:storybook [-- <part of a story id> ...]
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, type Request } from 'playwright';
import { PNG } from 'pngjs';
import { REACT_ARIA_PRESSABLE_CSS } from '../packages/server/src/allowedInlineStyles.js';
import { lightTokens } from '../packages/ui/src/theme/tokens.js';
import { chromiumArgs, findChromium, howToGetChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'storybook-static');
const stampFile = path.join(outDir, '.sources-hash');
/** What the static build is made of: a change to any of these makes it stale. */
const sources = [
  '.storybook',
  'stories',
  'packages/ui/src',
  'packages/ui/package.json',
  'packages/app/src',
  'packages/app/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];
/** How long one entry may take to render and play on a busy machine. */
const ENTRY_TIMEOUT_MS = 30_000;
/** The line painted in the body's font, and in the theme's and a serif font, to compare. */
const FONT_PROBE_TEXT = 'Attendance 7A · វត្តមានថ្នាក់ទី៧ក';

type IndexEntry = {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
  importPath: string;
};
type Outcome = { problems: string[]; bodyFont?: string };

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

/** A hash of every source file's path and content. */
function sourcesHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of sources.flatMap(filesUnder).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

/** Builds storybook-static unless a build of exactly the current sources is there. */
function ensureBuilt() {
  const hash = sourcesHash();
  const current =
    fs.existsSync(path.join(outDir, 'index.json')) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8').trim() === hash;
  if (current) return;
  console.log('Building storybook-static (missing or older than its sources)…');
  const result = spawnSync('npm', ['run', 'build-storybook', '--', '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('storybook build failed');
  fs.writeFileSync(stampFile, `${hash}\n`);
}

const sha256Source = (text: string) =>
  `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/**
 * The app's Content Security Policy (packages/server/src/security.ts), reported but not
 * enforced: Storybook's own page carries inline scripts and styles of its own, allowed here by
 * their hashes like the app's head script. What a component does beyond that is reported.
 */
function contentSecurityPolicy(html: string): string {
  const inline = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'gi'))]
      .filter(([, attributes = '', body = '']) => !/\bsrc\s*=/i.test(attributes) && body.trim())
      .map(([, , body = '']) => sha256Source(body));
  return [
    "default-src 'self'",
    `script-src 'self' ${inline('script').join(' ')}`,
    "script-src-attr 'none'",
    `style-src 'self' 'report-sample' ${sha256Source(REACT_ARIA_PRESSABLE_CSS)} ${inline('style').join(' ')}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** storybook-static over HTTP on a free port of 127.0.0.1. */
async function serve(): Promise<http.Server> {
  const iframeHtml = fs.readFileSync(path.join(outDir, 'iframe.html'), 'utf8');
  const policy = contentSecurityPolicy(iframeHtml);
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(outDir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (
      !file.startsWith(outDir + path.sep) ||
      !fs.existsSync(file) ||
      !fs.statSync(file).isFile()
    ) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const headers: Record<string, string> = {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    };
    if (file.endsWith('.html')) headers['content-security-policy-report-only'] = policy;
    response.writeHead(200, headers);
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Shows one entry through the preview channel and reports what went wrong, if anything. */
function showEntry(page: Page, entry: IndexEntry): Promise<Outcome> {
  return page.evaluate(
    ({ id, viewMode, timeout }) =>
      new Promise<Outcome>((resolve) => {
        type Channel = {
          on(event: string, listener: (...args: never[]) => void): void;
          off(event: string, listener: (...args: never[]) => void): void;
          emit(event: string, ...args: unknown[]): void;
        };
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        const problems: string[] = [];
        const listeners: [string, (...args: never[]) => void][] = [];
        const on = <T>(event: string, listener: (payload: T) => void) => {
          const untyped = listener as unknown as (...args: never[]) => void;
          listeners.push([event, untyped]);
          channel.on(event, untyped);
        };
        const finish = () => {
          clearTimeout(timer);
          for (const [event, listener] of listeners) channel.off(event, listener);
          const bodyFont = getComputedStyle(document.body).fontFamily;
          resolve({ problems, bodyFont });
        };
        const timer = setTimeout(() => {
          problems.push(`no outcome within ${timeout / 1000} s`);
          finish();
        }, timeout);
        type SerializedError = { name?: string; message?: string; stack?: string };
        const describe = (error: SerializedError) =>
          `${error.name ?? 'Error'}: ${error.message ?? ''}`.split('\n').slice(0, 12).join('\n');
        on('playFunctionThrewException', (error: SerializedError) =>
          problems.push(`the play function threw ${describe(error)}`),
        );
        on('unhandledErrorsWhilePlaying', (errors: SerializedError[]) =>
          problems.push(...errors.map((e) => `uncaught while playing: ${describe(e)}`)),
        );
        on('storyThrewException', (error: SerializedError) => {
          problems.push(`rendering threw ${describe(error)}`);
          if (viewMode === 'docs') finish();
        });
        on('storyErrored', ({ title, description }: { title: string; description: string }) => {
          problems.push(`rendering failed: ${title}: ${description}`);
          if (viewMode === 'docs') finish();
        });
        on('storyMissing', () => {
          problems.push('Storybook could not find it');
          finish();
        });
        on(
          'storyFinished',
          ({
            storyId,
            reporters,
          }: {
            storyId: string;
            reporters: {
              type: string;
              status: string;
              result?: { violations?: { id: string; nodes: { target: string[] }[] }[] };
            }[];
          }) => {
            if (storyId !== id) return;
            for (const report of reporters.filter((r) => r.status === 'failed')) {
              const violations = (report.result?.violations ?? []).map(
                (v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
              );
              problems.push(`${report.type} failed: ${violations.join('; ')}`);
            }
            finish();
          },
        );
        on('docsRendered', (docsId: string) => {
          if (docsId === id) finish();
        });
        channel.emit('setCurrentStory', { storyId: id, viewMode });
      }),
    { id: entry.id, viewMode: entry.type === 'docs' ? 'docs' : 'story', timeout: ENTRY_TIMEOUT_MS },
  );
}

/**
 * Shows a story through the channel. Should the preview load the page again under it (it does
 * when it cannot tear the last entry down in place), waits for the preview and shows it again.
 */
async function showStory(page: Page, entry: IndexEntry): Promise<Outcome> {
  try {
    return await showEntry(page, entry);
  } catch (error) {
    if (!/Execution context was destroyed/.test(String(error))) throw error;
    await page.waitForLoadState('load');
    await page.waitForFunction(() => '__STORYBOOK_PREVIEW__' in window);
    await page.evaluate(() =>
      (
        window as unknown as { __STORYBOOK_PREVIEW__: { ready(): Promise<void> } }
      ).__STORYBOOK_PREVIEW__.ready(),
    );
    return showEntry(page, entry);
  }
}

/**
 * Opens a docs page at its own address, as a reader's browser does: Storybook's preview loads
 * the page again when it leaves a docs page, so docs pages are not switched through the channel
 * (they come after every story). Waits for Storybook to say the page is rendered, or failed.
 */
async function showDocsPage(
  page: Page,
  base: string,
  entry: IndexEntry,
  globals: string,
): Promise<Outcome> {
  const problems: string[] = [];
  const address = `${base}/iframe.html?id=${entry.id}&viewMode=docs&globals=${globals}`;
  // The page left behind may still be navigating (the preview reloads itself when it leaves a
  // docs page), which would abort this navigation: it is left for a blank page first, and the
  // navigation is made once more should it be aborted all the same.
  await page.goto('about:blank').catch(() => undefined);
  try {
    await page.goto(address);
  } catch (error) {
    if (!/ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
    console.log(`  ${entry.id}: the navigation was aborted; made once more`);
    await page.waitForLoadState('load').catch(() => undefined);
    await page.goto(address);
  }
  try {
    await page.waitForFunction(
      (id) => {
        const seen = (
          window as unknown as { __salaDocs?: { rendered: string[]; errors: string[] } }
        ).__salaDocs;
        return !!seen && (seen.rendered.includes(id) || seen.errors.length > 0);
      },
      entry.id,
      { timeout: ENTRY_TIMEOUT_MS },
    );
  } catch {
    problems.push(`not rendered within ${ENTRY_TIMEOUT_MS / 1000} s`);
  }
  const errors = await page
    .evaluate(
      () => (window as unknown as { __salaDocs?: { errors: string[] } }).__salaDocs?.errors ?? [],
    )
    .catch(() => []);
  problems.push(...errors);
  return { problems };
}

/** In every page: what the preview's channel says about docs pages, kept until read. */
function listenToDocs() {
  const seen = { rendered: [] as string[], errors: [] as string[] };
  (window as unknown as { __salaDocs: typeof seen }).__salaDocs = seen;
  const attach = () => {
    const channel = (
      window as unknown as {
        __STORYBOOK_ADDONS_CHANNEL__?: { on(event: string, listener: (arg: never) => void): void };
      }
    ).__STORYBOOK_ADDONS_CHANNEL__;
    if (!channel) return false;
    channel.on('docsRendered', (id: string) => seen.rendered.push(id));
    channel.on('storyErrored', ({ title, description }: { title: string; description: string }) =>
      seen.errors.push(`rendering failed: ${title}: ${description}`),
    );
    channel.on('storyThrewException', (error: { name?: string; message?: string }) =>
      seen.errors.push(`rendering threw ${error.name ?? 'Error'}: ${error.message ?? ''}`),
    );
    return true;
  };
  if (!attach()) {
    const timer = setInterval(() => attach() && clearInterval(timer), 5);
  }
}

/**
 * What a story asks of the page: the size the story tests give it (its `viewport` global's
 * size, else 1200 × 900), and the console errors it causes on purpose
 * (`parameters.expectedConsoleErrors`: parts of their text), e.g. a page that fails to render.
 */
const DEFAULT_VIEWPORT = { width: 1200, height: 900 };
async function storySettings(page: Page, id: string) {
  const { options, chosen, expected } = await page.evaluate(async (storyId) => {
    type Viewports = {
      disable?: boolean;
      options?: Record<string, { styles?: { width?: string; height?: string } }>;
    };
    const preview = (
      window as unknown as {
        __STORYBOOK_PREVIEW__: {
          storyStoreValue: {
            loadStory(a: { storyId: string }): Promise<{
              parameters: { viewport?: Viewports; expectedConsoleErrors?: string[] };
              storyGlobals?: { viewport?: { value?: string } };
            }>;
          };
        };
      }
    ).__STORYBOOK_PREVIEW__;
    const story = await preview.storyStoreValue.loadStory({ storyId });
    const viewports = story.parameters.viewport;
    return {
      options: viewports?.disable ? {} : (viewports?.options ?? {}),
      chosen: story.storyGlobals?.viewport?.value,
      expected: story.parameters.expectedConsoleErrors ?? [],
    };
  }, id);
  const styles = chosen ? options[chosen]?.styles : undefined;
  const px = (value: string | undefined) =>
    value && /^\d+(px)?$/.test(value) ? parseInt(value, 10) : undefined;
  const width = px(styles?.width);
  const height = px(styles?.height);
  return { viewport: width && height ? { width, height } : DEFAULT_VIEWPORT, expected };
}

/** Font family lists compared as written: quotes and spaces aside. */
const fontList = (css: string) => css.replace(/['"\s]/g, '');

function differentPixels(a: Buffer, b: Buffer): number {
  const one = PNG.sync.read(a);
  const two = PNG.sync.read(b);
  if (one.width !== two.width || one.height !== two.height) return Infinity;
  let count = 0;
  for (let i = 0; i < one.data.length; i += 4) {
    if (
      one.data[i] !== two.data[i] ||
      one.data[i + 1] !== two.data[i + 1] ||
      one.data[i + 2] !== two.data[i + 2]
    ) {
      count += 1;
    }
  }
  return count;
}

/**
 * Paints one line of English and Khmer in the body's font, then forced into the theme's fonts
 * and into a serif font: the body's rendering must be the theme's, and the theme's must differ
 * from the serif one (or the comparison would prove nothing).
 */
async function checkPaintedFont(page: Page): Promise<string[]> {
  const themeFont = lightTokens.font.body;
  await page.evaluate(
    async ({ text, font }) => {
      const probe = document.createElement('p');
      probe.id = 'sala-font-probe';
      probe.textContent = text;
      Object.assign(probe.style, {
        position: 'fixed',
        left: '0',
        top: '0',
        zIndex: '2147483647',
        margin: '0',
        padding: '8px',
        fontSize: '24px',
        lineHeight: '2',
        whiteSpace: 'nowrap',
        background: '#fff',
        color: '#000',
      });
      document.body.append(probe);
      await Promise.all(
        ['400 24px Inter', '400 24px "Noto Sans Khmer"'].map((f) => document.fonts.load(f, text)),
      );
      await document.fonts.ready;
      probe.dataset.font = font;
    },
    { text: FONT_PROBE_TEXT, font: themeFont },
  );
  const probe = page.locator('#sala-font-probe');
  const paint = async (fontFamily: string) => {
    await probe.evaluate((el, f) => ((el as HTMLElement).style.fontFamily = f), fontFamily);
    return probe.screenshot({ animations: 'disabled' });
  };
  const body = await paint('');
  const theme = await paint(themeFont);
  const serif = await paint('serif');
  await probe.evaluate((el) => el.remove());
  const problems: string[] = [];
  if (differentPixels(theme, serif) === 0) {
    problems.push('the theme font and a serif font paint the same: the fonts did not load');
  }
  const offTheme = differentPixels(body, theme);
  if (offTheme > 0) {
    const asSerif = differentPixels(body, serif) === 0 ? ' (it is the serif fallback)' : '';
    problems.push(`the body's text does not paint in the theme's fonts${asSerif}`);
  }
  return problems;
}

async function main() {
  const started = Date.now();
  const executablePath = findChromium();
  if (!executablePath) {
    console.error(howToGetChromium);
    process.exit(1);
  }
  ensureBuilt();
  const builtIn = Date.now() - started;
  const index = JSON.parse(fs.readFileSync(path.join(outDir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  // `--globals=dark-km`: the colour mode and language to show every entry in (light-en else).
  const args = process.argv.slice(2);
  const globalsArg = args.find((a) => a.startsWith('--globals='))?.slice('--globals='.length);
  const [colorMode = 'light', locale = 'en'] = (globalsArg ?? 'light-en').split('-');
  const filters = args.filter((a) => !a.startsWith('--'));
  // The design system's stories first: what an app screen's story loads (its stylesheets
  // among it) stays in the page, and must not stand in for what a component story lacks.
  const isComponents = (entry: IndexEntry) => entry.importPath.startsWith('./packages/ui/');
  const entries = Object.values(index.entries)
    .filter((entry) => filters.length === 0 || filters.some((part) => entry.id.includes(part)))
    .sort((a, b) => Number(isComponents(b)) - Number(isComponents(a)))
    // Docs pages after every story: leaving a docs page for a story makes Storybook's preview
    // load the page again, which would cut the next entry short.
    .sort((a, b) => Number(a.type === 'docs') - Number(b.type === 'docs'));
  const server = await serve();
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({ executablePath, args: chromiumArgs });
  const failures: { entry: IndexEntry; problems: string[] }[] = [];
  try {
    // Storybook knows a test runner by its user agent: it then stops a story's animations
    // instead of waiting for them to end, as the story tests do.
    const probe = await browser.newPage();
    const userAgent = `${await probe.evaluate(() => navigator.userAgent)} StorybookTestRunner`;
    await probe.close();
    const page = await browser.newPage({ viewport: DEFAULT_VIEWPORT, userAgent });
    let viewport = DEFAULT_VIEWPORT;
    let current: string[] | undefined;
    let expectedErrors: string[] = [];
    const note = (message: string) => current?.push(message);
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      // The browser's own line for an answer that was an error: stories mock failing answers
      // on purpose (a refused save, a server error). A missing file of the build is caught below.
      if (message.text().startsWith('Failed to load resource:')) return;
      if (fromLastStory(message.text())) return;
      if (message.type() === 'error' && expectedErrors.some((e) => message.text().includes(e))) {
        return;
      }
      note(`console ${message.type()}: ${message.text().split('\n').slice(0, 12).join('\n')}`);
    });
    page.on('pageerror', (error) => note(`uncaught: ${error.message}`));
    // A request the last story sent just before it ended can reach the mock service worker
    // after the next story has put its own handlers in place: MSW's warning that nothing
    // handles it is about the last story's request, not this one's.
    const inFlight = new Map<Request, string>();
    let leftOver = new Set<string>();
    const requestLine = (request: Request) => {
      const url = new URL(request.url());
      return `${request.method()} ${url.pathname}${url.search}`;
    };
    page.on('request', (request) => inFlight.set(request, requestLine(request)));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    const fromLastStory = (text: string) => {
      if (!text.startsWith('[MSW] Warning: intercepted a request without a matching request')) {
        return false;
      }
      const requests = [...text.matchAll(/•\s*(\S+ \S+)/g)].map(([, line]) => line!);
      return requests.length > 0 && requests.every((line) => leftOver.has(line));
    };
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      const builds = pathname.startsWith('/assets/') || pathname.startsWith('/sb-');
      if (response.status() >= 400 && builds) note(`${response.status()} for ${pathname}`);
    });
    // tsx compiles this file keeping function names (esbuild's keepNames): the functions sent to
    // the page call its `__name` helper, which the page must have too.
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.exposeFunction('__salaCspViolation', (text: string) => note(text));
    await page.addInitScript(listenToDocs);
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __salaCspViolation(text: string): void })
          .__salaCspViolation;
        const target = event.target instanceof Element ? event.target : undefined;
        // Storybook's own helpers (the highlight menu's stylesheet, the a11y addon's vision
        // filters) are no part of the app.
        // Storybook stops animations under a test runner with rules of its own on every
        // element (the story tests accept the same, test/setup-stories.ts).
        const stopsAnimations = (css: string) =>
          /^\s*\*, \*:before, \*:after \{/.test(css) &&
          [...css.matchAll(/([a-z-]+)\s*:/g)].every(
            ([, property]) =>
              /^(animation|transition)(-|$)/.test(property!) ||
              property === 'before' ||
              property === 'after',
          );
        const storybooks =
          target?.closest('[id^="storybook-"]') ||
          // Storybook's docs and toolbar style themselves with emotion; the app has none.
          target?.matches('style[data-emotion]') ||
          (target instanceof HTMLStyleElement &&
            (/^\s*#storybook-/.test(target.textContent ?? '') ||
              stopsAnimations(target.textContent ?? ''))) ||
          // The same rules, reported once more without their element (only a sample of them).
          (!target &&
            event.effectiveDirective === 'style-src-elem' &&
            stopsAnimations(event.sample));
        if (storybooks) return;
        const where = target ? ` on ${target.outerHTML.slice(0, 120)}` : '';
        void report(
          `Content Security Policy: ${event.effectiveDirective} refused ${event.blockedURI || 'inline'}` +
            (event.sample ? ` (${event.sample.slice(0, 80)})` : '') +
            where,
        );
      });
    });
    await page.goto(
      `http://127.0.0.1:${port}/iframe.html?globals=colorMode:${colorMode};locale:${locale}`,
    );
    await page.evaluate(() =>
      (
        window as unknown as { __STORYBOOK_PREVIEW__: { ready(): Promise<void> } }
      ).__STORYBOOK_PREVIEW__.ready(),
    );
    // Before any story: the preview alone must give the page the theme's global styles (the
    // body's font and reset), as importing the library gives them to an app.
    {
      const problems: string[] = [];
      current = problems;
      const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      if (fontList(bodyFont) !== fontList(lightTokens.font.body)) {
        problems.push(`the body's font is ${bodyFont}, not the theme's`);
      }
      problems.push(...(await checkPaintedFont(page)));
      current = undefined;
      if (problems.length > 0) {
        const entry: IndexEntry = {
          id: "(the preview's global styles)",
          type: 'story',
          title: '',
          name: '',
          importPath: '',
        };
        failures.push({ entry, problems });
        console.log(`✗ ${entry.id}\n${problems.map((p) => `    ${p}`).join('\n')}`);
      }
    }
    const runEntry = async (entry: IndexEntry) => {
      const problems: string[] = [];
      current = problems;
      const t0 = Date.now();
      leftOver = new Set(inFlight.values());
      if (entry.type === 'story') {
        const settings = await storySettings(page, entry.id);
        expectedErrors = settings.expected;
        const wanted = settings.viewport;
        if (wanted.width !== viewport.width || wanted.height !== viewport.height) {
          await page.setViewportSize((viewport = wanted));
        }
      } else {
        expectedErrors = [];
      }
      // Whatever throws while one entry is shown fails that entry (shown again after the others),
      // not the whole run.
      const outcome: Outcome = await (
        entry.type === 'docs'
          ? showDocsPage(
              page,
              `http://127.0.0.1:${port}`,
              entry,
              `colorMode:${colorMode};locale:${locale}`,
            )
          : showStory(page, entry)
      ).catch((error: unknown) => ({
        problems: [`could not be shown: ${String(error).split('\n')[0]}`],
      }));
      problems.push(...outcome.problems);
      if (
        entry.type === 'story' &&
        fontList(outcome.bodyFont ?? '') !== fontList(lightTokens.font.body)
      ) {
        problems.push(`the body's font is ${outcome.bodyFont}, not the theme's`);
      }
      current = undefined;
      return { problems, took: Date.now() - t0 };
    };
    const failedOnce: { entry: IndexEntry; problems: string[] }[] = [];
    for (const entry of entries) {
      const { problems, took } = await runEntry(entry);
      if (problems.length > 0) {
        failedOnce.push({ entry, problems });
        console.log(`✗ ${entry.id} (${took} ms)\n${problems.map((p) => `    ${p}`).join('\n')}`);
      } else if (process.env.STORYBOOK_TEST_VERBOSE) {
        console.log(`✓ ${entry.id} (${took} ms)`);
      }
    }
    // A story that failed is shown once more, after the others: on a busy machine an option can
    // take longer to appear than a play function waits. A few failures only: many at once are a
    // broken build, not a slow machine. Both attempts are printed; the second decides.
    if (failedOnce.length > 0 && failedOnce.length <= 5) {
      for (const { entry, problems: first } of failedOnce) {
        const again = await runEntry(entry);
        if (again.problems.length > 0) {
          failures.push({ entry, problems: [...first, ...again.problems] });
          console.log(`✗ ${entry.id} failed again`);
        } else {
          console.log(`✓ ${entry.id} passed when shown again (${again.took} ms)`);
        }
      }
    } else {
      failures.push(...failedOnce);
    }
  } finally {
    await browser.close();
    server.close();
  }
  const stories = entries.filter((e) => e.type === 'story').length;
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `\nBuilt Storybook, ${colorMode} in ${locale}: ${stories} stories and ${entries.length - stories} docs pages in ` +
      `${seconds(Date.now() - started - builtIn)} s` +
      (builtIn > 1000 ? ` (after a ${seconds(builtIn)} s build)` : '') +
      `; ${failures.length} failed.`,
  );
  if (failures.length > 0) process.exit(1);
}

await main();
