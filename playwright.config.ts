import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
// Our fake Telegram Bot API, beside the server: the Telegram flow links chats and reads what
// the server sent through it.
const telegramPort = port + 1;
process.env.E2E_TELEGRAM_URL ??= `http://127.0.0.1:${telegramPort}`;
// The test workers inherit this, so the tests know the admin's password.
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';

/** End-to-end tests: the real server, a fresh embedded database, the system's Chromium. */
export default defineConfig({
  testDir: 'packages/app/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  // The server and the browser share a busy machine: an assertion waits up to ten seconds.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // The morning attendance routine, a school's first accounts and a teacher's gradebook on a
      // phone are a phone's: they run in the phone project only.
      testIgnore: [
        'attendance.spec.ts',
        'budget.spec.ts',
        'accounts.spec.ts',
        'gradebook-phone.spec.ts',
        'states.spec.ts',
      ],
    },
    {
      // At 360 px: every route (each one must fit the screen), signing in, a teacher's home and
      // the students' pages. The other flows run on the desktop only: their screens are the same
      // components, and the route test already opens each of them on the phone.
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 740 } },
      testMatch: [
        'budget.spec.ts',
        'routes.spec.ts',
        'sign-in.spec.ts',
        'home.spec.ts',
        'students.spec.ts',
        'attendance.spec.ts',
        'accounts.spec.ts',
        'gradebook-phone.spec.ts',
        'states.spec.ts',
      ],
    },
  ],
  webServer: [
    {
      command: 'node scripts/fake-telegram.mjs',
      url: `${process.env.E2E_TELEGRAM_URL}/_fake/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { FAKE_TELEGRAM_PORT: String(telegramPort) },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(port),
        SALA_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        SALA_DEMO: '1',
        LOG_LEVEL: 'warn',
        TELEGRAM_API_URL: process.env.E2E_TELEGRAM_URL,
        // Updates are asked for every second: a /link sent in the test is seen at once.
        TELEGRAM_POLL_SECONDS: '1',
      },
    },
  ],
});
