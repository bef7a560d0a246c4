// The published @sala/ui as a stranger gets it: `npm pack` into a directory outside the
// workspace, a fresh Vite + React + TypeScript app there (test/consumer/app, with a package.json
// written here) that installs the tarball, typechecks and builds; the built page served and used
// in Chromium (a console error fails); a Vitest + jsdom test with no setup file; publint and
// attw on the tarball; the gzip size of a page with ConfirmDialog alone and of one with every
// export. Runs after `npm run build` (it builds @sala/ui first when dist is missing).
//
//   node test/consumer/run.mjs [--keep]   (--keep leaves the temporary app for a look)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumArgs, findChromium, howToGetChromium } from '../../scripts/chromium.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const uiDir = path.join(root, 'packages/ui');
const templateDir = path.join(import.meta.dirname, 'app');
const keep = process.argv.includes('--keep');
const started = Date.now();
const timings = [];

function step(name, run) {
  const t0 = Date.now();
  const result = run();
  const done = (value) => {
    timings.push([name, Date.now() - t0]);
    console.warn(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    return value;
  };
  return result instanceof Promise ? result.then(done) : done(result);
}

/** Runs a command; its output is shown only when it fails. */
function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed with ${result.status}`);
  }
  return result.stdout;
}

/** The version of a package installed in the workspace, so npm's cache already holds it. */
function workspaceVersion(name) {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error(howToGetChromium);
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sala-ui-consumer-'));
const appDir = path.join(work, 'app');
let server;
let browser;
try {
  if (!fs.existsSync(path.join(uiDir, 'dist/index.js'))) {
    step('build @sala/ui', () => run('npm', ['run', 'build', '-w', '@sala/ui'], root));
  }

  const tarball = step('npm pack @sala/ui', () => {
    const manifestFile = path.join(uiDir, 'package.json');
    const workspaceManifest = fs.readFileSync(manifestFile, 'utf8');
    const out = run('npm', ['pack', '--json', '--pack-destination', work], uiDir);
    // prepack wrote the published manifest; postpack must have put the workspace one back.
    if (fs.readFileSync(manifestFile, 'utf8') !== workspaceManifest) {
      throw new Error('packages/ui/package.json was not restored after npm pack');
    }
    return path.join(work, JSON.parse(out)[0].filename);
  });

  step('publint --strict and attw on the tarball', () => {
    const unpacked = path.join(work, 'unpacked');
    fs.mkdirSync(unpacked);
    run('tar', ['xzf', tarball, '-C', unpacked], work);
    const manifest = fs.readFileSync(path.join(unpacked, 'package/package.json'), 'utf8');
    if (manifest.includes('@sala/source')) throw new Error('the packed manifest names src/');
    const maps = fs.readdirSync(path.join(unpacked, 'package/dist'), { recursive: true });
    if (maps.some((file) => String(file).endsWith('.map'))) throw new Error('.map files packed');
    const publint = run(
      path.join(root, 'node_modules/.bin/publint'),
      ['--strict', path.join(unpacked, 'package')],
      root,
    );
    console.warn(publint.trim());
    const attw = run(
      path.join(root, 'node_modules/.bin/attw'),
      [
        tarball,
        '--profile',
        'esm-only',
        '--exclude-entrypoints',
        './styles.css',
        './fonts.css',
        '--format',
        'table-flipped',
      ],
      root,
      { NO_COLOR: '1', FORCE_COLOR: '0' },
    );
    console.warn(attw.trim());
  });

  step('write and install the app', () => {
    fs.cpSync(templateDir, appDir, { recursive: true });
    const tools = [
      '@testing-library/dom',
      '@testing-library/react',
      '@types/node',
      '@types/react',
      '@types/react-dom',
      '@vitejs/plugin-react',
      'jsdom',
      'react',
      'react-dom',
      'typescript',
      'vite',
      'vitest',
    ];
    const manifest = {
      name: 'sala-ui-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@sala/ui': `file:${path.relative(appDir, tarball)}`,
        react: workspaceVersion('react'),
        'react-dom': workspaceVersion('react-dom'),
      },
      devDependencies: Object.fromEntries(
        tools
          .filter((name) => name !== 'react' && name !== 'react-dom')
          .map((name) => [name, workspaceVersion(name)]),
      ),
    };
    fs.writeFileSync(path.join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
      appDir,
    );
  });

  step('typecheck the app', () => run('npx', ['tsc', '-p', '.'], appDir));

  const sizes = step('build the app and the two size pages', () => {
    run('npx', ['vite', 'build', '--logLevel', 'warn'], appDir);
    const measured = {};
    for (const page of ['react', 'confirm', 'everything']) {
      run('npx', ['vite', 'build', '--logLevel', 'warn'], appDir, { CONSUMER_PAGE: page });
      measured[page] = gzipSizes(path.join(appDir, `dist-${page}`));
    }
    return measured;
  });

  const errors = [];
  await step('the built page in Chromium', async () => {
    server = await serve(path.join(appDir, 'dist'));
    const url = `http://127.0.0.1:${server.address().port}/`;
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await usePage(page, url);
    if (errors.length) throw new Error(`console errors:\n${errors.join('\n')}`);
  });

  step('Vitest + jsdom without jest-dom', () =>
    run('npx', ['vitest', 'run', '--reporter=dot'], appDir),
  );

  const total = ((Date.now() - started) / 1000).toFixed(1);
  console.warn(`\n@sala/ui consumer test passed in ${total} s (npm cache: ${os.homedir()}/.npm)`);
  const react = sizes.react.js + sizes.react.css;
  console.warn(`  gzip (level 9) JS + CSS of a page with React alone: ${kb(react)}`);
  for (const [page, title] of [
    ['confirm', 'ConfirmDialog only'],
    ['everything', 'every export'],
  ]) {
    const { js, css } = sizes[page];
    console.warn(
      `  ${title}: ${kb(js + css)} (JS ${kb(js)}, CSS ${kb(css)}); ` +
        `${kb(js + css - react)} more than React alone`,
    );
  }
} finally {
  await browser?.close();
  server?.close();
  if (keep) console.warn(`The app stays in ${appDir}`);
  // Deleting the app's node_modules takes a while on a busy disk: it goes on in the background.
  else spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The gzip (level 9) size of a build's JavaScript and CSS. */
function gzipSizes(dir) {
  const sizes = { js: 0, css: 0 };
  for (const file of fs.readdirSync(path.join(dir, 'assets'))) {
    const kind = path.extname(file).slice(1);
    if (kind !== 'js' && kind !== 'css') continue;
    const bytes = fs.readFileSync(path.join(dir, 'assets', file));
    sizes[kind] += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  return sizes;
}

/** A static server for the built app on a free port. */
function serve(dir) {
  const types = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.woff2': 'font/woff2',
    '.woff': 'font/woff',
    '.svg': 'image/svg+xml',
  };
  const httpServer = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    let file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir) || !fs.existsSync(file)) file = path.join(dir, 'index.html');
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve(httpServer)));
}

/** Uses each component the way a person would, and checks what they would see. */
async function usePage(page, url) {
  const km = JSON.parse(fs.readFileSync(path.join(uiDir, 'src/i18n/km.json'), 'utf8'));
  const expectText = async (locator, text) => {
    await locator.waitFor();
    for (let i = 0; i < 50 && (await locator.textContent()) !== text; i++) {
      await page.waitForTimeout(100);
    }
    const actual = await locator.textContent();
    if (actual !== text) throw new Error(`expected "${text}", saw "${actual}"`);
  };
  await page.goto(url);
  await page.getByRole('heading', { name: '@sala/ui from its tarball' }).waitFor();

  // The page reset applies, and <html data-sala-reset="off"> turns it off.
  const bodyMargin = () => page.evaluate(() => getComputedStyle(document.body).marginTop);
  if ((await bodyMargin()) !== '0px') throw new Error('the reset does not apply');
  await page.evaluate(() => document.documentElement.setAttribute('data-sala-reset', 'off'));
  if ((await bodyMargin()) !== '8px') throw new Error('data-sala-reset="off" leaves the reset on');
  await page.evaluate(() => document.documentElement.removeAttribute('data-sala-reset'));

  // ConfirmDialog through useConfirm: open it, confirm.
  await page.getByRole('button', { name: 'Delete the class' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete the class?' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expectText(page.getByTestId('answer'), 'confirmed');

  // A toast.
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved the scores').waitFor();

  // GlobalLoader: shown while loading, gone after.
  await page.getByRole('button', { name: 'Reload' }).click();
  const loader = page.getByRole('dialog', { name: 'Loading...' });
  await loader.waitFor();
  await loader.waitFor({ state: 'detached' });

  // PhoneInput: a Cambodian number typed locally is stored in E.164.
  await page.getByRole('textbox', { name: 'Phone' }).fill('012 345 678');
  await page.getByRole('textbox', { name: 'Phone' }).blur();
  await expectText(page.getByTestId('phone'), '+85512345678');

  // MonthPicker: open it and choose March.
  await page.getByRole('button', { name: /Month/ }).click();
  await page.getByRole('option', { name: 'March' }).click();
  await expectText(page.getByTestId('month'), '3');

  // DataTable: the rows, then sorted by score.
  const table = page
    .getByRole('grid', { name: 'Students' })
    .or(page.getByRole('table', { name: 'Students' }));
  const firstName = () => table.getByRole('row').nth(1).getByRole('gridcell').first();
  await expectText(firstName(), 'Sok Dara');
  await table.getByRole('columnheader', { name: /Score/ }).click();
  await expectText(firstName(), 'Chan Bopha'); // numbers sort highest first

  // ColorModeToggle: dark on <html>.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await page.waitForFunction(() => document.documentElement.classList.contains('sala-dark'));

  // LanguageSwitcher: Khmer, and the library's own strings follow.
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page
    .getByRole('menuitemradio', { name: 'ខ្មែរ' })
    .or(page.getByRole('menuitem', { name: 'ខ្មែរ' }))
    .click();
  await page.getByRole('button', { name: km.switch_to_light_mode }).waitFor();
  await page.getByRole('button', { name: `${km.language}: ខ្មែរ` }).waitFor();
}
