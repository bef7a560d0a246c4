// Fails early, with a way out, when no browser is there for the story and end-to-end tests.
import { findChromium, howToGetChromium } from './chromium.mjs';

const found = findChromium();
if (!found) {
  console.error(howToGetChromium);
  process.exit(1);
}
console.log(`Browser tests use ${found}`);
