import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { commands, page } from 'vitest/browser';
import { REACT_ARIA_PRESSABLE_CSS } from '../packages/server/src/allowedInlineStyles.js';

declare const __SALA_STORY_GLOBALS__: { colorMode: string; locale: string };
/** Where reference images live, and whether this is CI (where a missing one is an error). */
declare const __SALA_SCREENSHOTS__: { dir: string; ci: boolean };

// Screenshots and play functions must not depend on how far an animation has got: every
// transition and animation finishes at once (react-aria still sees its enter/exit events).
beforeAll(async () => {
  const style = document.createElement('style');
  style.dataset.storyTest = 'animations-off';
  style.textContent = `*, *::before, *::after {
    animation-duration: 0s !important; animation-delay: 0s !important;
    transition-duration: 0s !important; transition-delay: 0s !important;
    caret-color: transparent !important; }`;
  document.head.append(style);
});

/*
 * The server's Content Security Policy, held to in every story: the app's stylesheets come from
 * its own origin (here Vite serves them as <style data-vite-dev-id> elements; the built app
 * ships them as files), and the only inline stylesheet allowed is react-aria's hashed rule. A
 * <style> element a component adds at run time, or a style attribute written as markup
 * (`setAttribute('style', …)`; React's `style` prop goes through CSSOM, which the policy
 * allows), would be refused in the app and silently break its looks: it fails the story here.
 * A violation of a policy the page does carry is reported by the browser and fails it too.
 */
const cspViolations: string[] = [];
const addedStyles: HTMLStyleElement[] = [];
/** Storybook's test runner stops animations with rules of its own on every element. */
const animationsStopped = (css: string) =>
  /^\s*\*, \*:before, \*:after \{[^}]*\}\s*$/.test(css) &&
  [...css.matchAll(/([a-z-]+)\s*:/g)].every(
    ([, property]) =>
      /^(animation|transition)(-|$)/.test(property!) ||
      property === 'before' ||
      property === 'after',
  );
const allowedStyle = (el: HTMLStyleElement) =>
  el.hasAttribute('data-vite-dev-id') ||
  el.dataset.storyTest !== undefined ||
  el.textContent === REACT_ARIA_PRESSABLE_CSS ||
  animationsStopped(el.textContent ?? '');
// Only while a story renders and plays: the screenshot that follows adds styles of its own
// (animations stopped), which are the test's, not the app's.
let watching = false;
const collect = (records: MutationRecord[]) => {
  if (!watching) return;
  for (const record of records) {
    for (const node of Array.from(record.addedNodes)) {
      if (node instanceof HTMLStyleElement) addedStyles.push(node);
      if (node instanceof Element) addedStyles.push(...Array.from(node.querySelectorAll('style')));
    }
  }
};
const styleObserver = new MutationObserver(collect);
beforeAll(() => {
  styleObserver.observe(document, { childList: true, subtree: true });
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (watching && name.toLowerCase() === 'style') {
      cspViolations.push(`style attribute set as markup on <${this.localName}>: ${value}`);
    }
    return setAttribute.call(this, name, value);
  };
  document.addEventListener(
    'securitypolicyviolation',
    (event) => cspViolations.push(`${event.effectiveDirective} refused ${event.blockedURI}`),
    true,
  );
});
beforeEach(() => {
  cspViolations.length = 0;
  addedStyles.length = 0;
  watching = true;
});

// react-aria's live announcer outlives a story: a stale announcement that points at an element
// of the previous story would be reported by axe against this one.
beforeEach(() => {
  document
    .querySelectorAll('[aria-live] > [role="img"][aria-labelledby]')
    .forEach((n) => n.remove());
});

const TOP_BAND = 8;

/** The smallest box (plus a margin) that holds what the story painted, portals included. */
function paintedArea(): DOMRect | null {
  const boxes: DOMRect[] = [];
  for (const child of Array.from(document.body.children)) {
    if (!(child instanceof HTMLElement) || child.classList.contains('sb-wrapper')) continue;
    // react-aria's live announcer outlives the story that made it speak; it paints nothing.
    if (child.hasAttribute('data-live-announcer')) continue;
    for (const el of [child, ...Array.from(child.querySelectorAll('*'))]) {
      const box = el.getBoundingClientRect();
      // A visually hidden element (1 × 1 px, clipped) paints nothing either.
      if (box.width > 1 && box.height > 1) boxes.push(box);
    }
  }
  if (boxes.length === 0) return null;
  const margin = 8;
  const left = Math.max(0, Math.min(...boxes.map((b) => b.left)) - margin);
  // The top of the viewport shows the page-loading bar (3 px), whose progress at the moment of
  // the picture is a matter of timing, and at times the story runner's own banner between two
  // stories (a few px of white): pictures start below both.
  const top = Math.max(TOP_BAND, Math.min(...boxes.map((b) => b.top)) - margin);
  const right = Math.min(window.innerWidth, Math.max(...boxes.map((b) => b.right)) + margin);
  const bottom = Math.min(window.innerHeight, Math.max(...boxes.map((b) => b.bottom)) + margin);
  if (right - left < 1 || bottom - top < 1) return null;
  return new DOMRect(left, top, right - left, bottom - top);
}

/**
 * Visual regression: after each story's play function, its painted area is compared with the
 * reference image in test/screenshots/<colour mode>-<language>/<story id>.png. A story opts out
 * with `parameters: { screenshot: false }` (and says why). A story without a reference records
 * one on its first run (in CI that is a failure). After an intended change of looks, update
 * the references with `npx vitest run --project 'storybook-*' --update` and review the diff.
 */
afterEach(async (context) => {
  const meta = context.task.meta as { storyId?: string };
  const story = (context as unknown as { story?: { parameters?: { screenshot?: boolean } } }).story;
  if (!meta.storyId || story?.parameters?.screenshot === false) return;
  if (context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  const area = paintedArea();
  if (!area) return;
  // A frame over the painted area, so the screenshot clips to it; it is transparent and lets
  // pointer events through, so it changes nothing on screen.
  const frame = document.createElement('div');
  Object.assign(frame.style, {
    position: 'fixed',
    left: `${area.left}px`,
    top: `${area.top}px`,
    width: `${area.width}px`,
    height: `${area.height}px`,
    pointerEvents: 'none',
    zIndex: '-1',
  });
  document.body.append(frame);
  try {
    const { colorMode, locale } = __SALA_STORY_GLOBALS__;
    const name = `${colorMode}-${locale}/${meta.storyId.replace(/-+/g, '-')}`;
    const reference = `${__SALA_SCREENSHOTS__.dir}/${name}.png`;
    const exists = await commands.readFile(reference, 'base64').then(
      () => true,
      () => false,
    );
    if (!exists && !__SALA_SCREENSHOTS__.ci) {
      // A new story: record its reference (review and commit it) instead of failing the run.
      await page.screenshot({ element: frame, path: reference });
      console.warn(`New reference screenshot: test/screenshots/${name}.png`);
      return;
    }
    await expect.element(page.elementLocator(frame)).toMatchScreenshot(name);
  } finally {
    frame.remove();
  }
});

// Registered last, so it runs before the screenshot above (after-each hooks run in reverse).
afterEach(() => {
  collect(styleObserver.takeRecords());
  watching = false;
  const refused = addedStyles
    .filter((el) => !allowedStyle(el))
    .map((el) => `<style> element added at run time: ${(el.textContent ?? '').slice(0, 120)}`);
  const found = [...cspViolations, ...refused];
  if (found.length > 0) {
    throw new Error(`The app's Content Security Policy would refuse:\n${found.join('\n')}`);
  }
});
