// Finds the Chromium that browser tests drive: CHROMIUM_PATH, else the system's, else the one
// Playwright may have downloaded. Tests never download a browser themselves.
import fs from 'node:fs';
import { chromium } from 'playwright';

const systemPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** @returns {string | undefined} */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fs.existsSync(fromEnv) ? fromEnv : undefined;
  const system = systemPaths.find((p) => fs.existsSync(p));
  if (system) return system;
  const playwrights = chromium.executablePath();
  return fs.existsSync(playwrights) ? playwrights : undefined;
}

/** Chromium flags for a closed network and a root user in a container. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const howToGetChromium = [
  'No Chromium found for the browser tests.',
  'Install one and run again, for example:',
  '  Debian/Ubuntu:  sudo apt-get install chromium',
  '  or point CHROMIUM_PATH at a Chromium or Chrome binary,',
  '  or let Playwright fetch its own once: npx playwright install chromium',
].join('\n');
