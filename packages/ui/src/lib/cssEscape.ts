/**
 * `CSS.escape` (CSSOM, "serialize an identifier"), for environments without it. react-aria
 * calls `CSS.escape` when it looks up a style nonce (pressing, opening a modal) and when it
 * finds items by key; jsdom has no `CSS` object, so a host's Vitest + jsdom tests would crash
 * on the first dialog unless a setup file happened to add one. Browsers all have it.
 */
export function cssEscape(value: string): string {
  const escape = globalThis.CSS?.escape;
  return typeof escape === 'function' ? escape(value) : serializeIdentifier(value);
}

/** The CSSOM algorithm (https://drafts.csswg.org/cssom/#serialize-an-identifier). */
export function serializeIdentifier(value: string): string {
  let result = '';
  const first = value.charCodeAt(0);
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0) {
      result += '\uFFFD';
    } else if (
      (code >= 0x1 && code <= 0x1f) ||
      code === 0x7f ||
      (index === 0 && code >= 0x30 && code <= 0x39) ||
      (index === 1 && code >= 0x30 && code <= 0x39 && first === 0x2d)
    ) {
      result += `\\${code.toString(16)} `;
    } else if (index === 0 && code === 0x2d && value.length === 1) {
      result += `\\${value.charAt(index)}`;
    } else if (
      code >= 0x80 ||
      code === 0x2d ||
      code === 0x5f ||
      (code >= 0x30 && code <= 0x39) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a)
    ) {
      result += value.charAt(index);
    } else {
      result += `\\${value.charAt(index)}`;
    }
  }
  return result;
}

/**
 * Gives a DOM without `CSS.escape` (jsdom) one; leaves a real one alone, and Node without a DOM
 * (server rendering) untouched.
 */
export function provideCssEscape() {
  if (typeof document === 'undefined' || typeof globalThis.CSS?.escape === 'function') return;
  const css = (globalThis.CSS ?? {}) as typeof CSS;
  Object.defineProperty(css, 'escape', {
    value: serializeIdentifier,
    configurable: true,
    writable: true,
  });
  if (!globalThis.CSS) {
    Object.defineProperty(globalThis, 'CSS', { value: css, configurable: true, writable: true });
  }
}
