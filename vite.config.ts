import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { salaIdentifiers } from './packages/ui/identifiers.js';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
/**
 * vanilla-extract evaluates `.css.ts` files in Vite's server-side environment: it must resolve
 * the packages' sources too, or the app's styles would use the built ui package's variables.
 */
const sourceEnvironments = {
  ssr: { resolve: { conditions: ['@sala/source', 'module', 'node', 'development|production'] } },
};
const sourceConditions = ['@sala/source', 'module', 'browser', 'development|production'];
/** The ui package's class names in tests are the library build's (packages/ui/identifiers.ts). */
const vanillaExtract = () => vanillaExtractPlugin({ identifiers: salaIdentifiers });

/**
 * Unit test files run one per core. Vitest's default keeps a core for its own process (a single
 * worker on a 2-core machine), which idles once the files are transformed while the workers are
 * CPU-bound (jsdom, PGlite, argon2). The node projects share one value: Vitest runs them together.
 */
const unitTestWorkers = os.availableParallelism();

/** The root Vitest config: one project per package, plus the Storybook story tests. */
export default defineConfig({
  // Storybook builds on this file's top level: it must see the packages' sources.
  resolve: { conditions: sourceConditions },
  environments: sourceEnvironments,
  test: {
    projects: [
      {
        resolve: { conditions: ['@sala/source', 'module', 'node', 'development|production'] },
        test: {
          name: 'contract',
          maxWorkers: unitTestWorkers,
          root: path.join(root, 'packages/contract'),
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [vanillaExtract(), react()],
        resolve: { conditions: sourceConditions },
        test: {
          name: 'ui',
          maxWorkers: unitTestWorkers,
          root: path.join(root, 'packages/ui'),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [path.join(root, 'test/setup-dom.ts')],
          // jsdom and user-event are slow on a busy shared machine; a test is still judged by
          // what it asserts, not by how long it took.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { conditions: ['@sala/source', 'module', 'node', 'development|production'] },
        // The server's tests run in Vite's server-side environment: it too reads the packages'
        // sources, so the suite needs no build (CI runs it on PostgreSQL while the build runs).
        environments: sourceEnvironments,
        test: {
          name: 'server',
          maxWorkers: unitTestWorkers,
          root: path.join(root, 'packages/server'),
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Each test file opens its own database: on PGlite, a copy of one migrated up front.
          globalSetup: [path.join(root, 'packages/server/test/global-setup.ts')],
          // argon2 and PGlite are CPU-bound, and the sweeps (every route by every caller, a
          // server process started and killed) take minutes on a slow or busy machine: a test is
          // judged by what it asserts, its time is measured in bench/.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [vanillaExtract(), react()],
        resolve: { conditions: sourceConditions },
        test: {
          name: 'app',
          maxWorkers: unitTestWorkers,
          root: path.join(root, 'packages/app'),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [path.join(root, 'test/setup-dom.ts')],
          // jsdom and user-event are slow on a busy shared machine; a test is still judged by
          // what it asserts, not by how long it took.
          testTimeout: 30_000,
        },
      },
      ...(['light-en', 'dark-km'] as const).map((variant) => {
        const [colorMode, locale] = variant.split('-');
        return {
          plugins: [storybookTest({ configDir: path.join(root, '.storybook') })],
          environments: sourceEnvironments,
          define: {
            __SALA_STORY_GLOBALS__: JSON.stringify({ colorMode, locale }),
            __SALA_SCREENSHOTS__: JSON.stringify({
              dir: path.join(root, 'test/screenshots'),
              ci: Boolean(process.env.CI),
            }),
          },
          test: {
            name: `storybook-${variant}`,
            // Animations off and a screenshot of every story compared with its reference image.
            setupFiles: [path.join(root, 'test/setup-stories.ts')],
            // Every story file runs in the same page: loading Storybook's preview, the design
            // system and MSW once instead of once per file saves minutes. A story starts from
            // a clean slate all the same: each one mounts afresh and its MSW handlers are its own.
            isolate: false,
            browser: {
              enabled: true,
              headless: true,
              provider: playwright({
                launchOptions: { executablePath: findChromium(), args: chromiumArgs },
              }),
              instances: [{ browser: 'chromium' as const }],
              expect: {
                toMatchScreenshot: {
                  comparatorName: 'pixelmatch' as const,
                  // Anti-aliasing differences between runs are noise; a changed colour,
                  // spacing or font is not.
                  comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.002 },
                  resolveScreenshotPath: ({ arg, ext }: { arg: string; ext: string }) =>
                    path.join(root, 'test/screenshots', `${arg}${ext}`),
                  resolveDiffPath: ({ arg, ext }: { arg: string; ext: string }) =>
                    path.join(root, 'test-results/screenshots', `${arg}${ext}`),
                },
              },
            },
          },
        };
      }),
    ],
  },
});
