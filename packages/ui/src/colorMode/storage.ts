import { DARK_MODE_CLASS } from '../theme/themes.css.js';

export const colorModePreferences = ['system', 'light', 'dark'] as const;
/** What the user chose: follow the device, or always light, or always dark. */
export type ColorModePreference = (typeof colorModePreferences)[number];
/** The mode actually shown. */
export type ColorMode = 'light' | 'dark';

/** Local storage key of the preference ('system' | 'light' | 'dark'). */
export const colorModeStorageKey = 'sala-color-mode';
/**
 * The older key that held only 'true' (dark) or 'false' (light). It is still read when the
 * preference key is missing, and kept in step, so earlier builds and this one agree.
 */
export const darkModeStorageKey = 'darkMode';

function isPreference(value: unknown): value is ColorModePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** The stored preference, or 'system' when none is stored or storage is unavailable. */
export function readColorModePreference(): ColorModePreference {
  try {
    const stored = localStorage.getItem(colorModeStorageKey);
    if (isPreference(stored)) return stored;
    const legacy = localStorage.getItem(darkModeStorageKey);
    if (legacy === 'true') return 'dark';
    if (legacy === 'false') return 'light';
  } catch {
    // Storage disabled (private browsing, sandboxed frame): follow the system.
  }
  return 'system';
}

/** Stores the preference under both keys ('system' removes the old key). */
export function writeColorModePreference(preference: ColorModePreference) {
  try {
    localStorage.setItem(colorModeStorageKey, preference);
    if (preference === 'system') localStorage.removeItem(darkModeStorageKey);
    else localStorage.setItem(darkModeStorageKey, String(preference === 'dark'));
  } catch {
    // Not persisted; the choice still applies until the page is reloaded.
  }
}

/** The device's dark-mode query, where there is one (not in Node, nor in every test DOM). */
export function darkQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : undefined;
}

/** The device's own setting. */
export function systemColorMode(): ColorMode {
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Puts the mode on <html>: the dark class and the matching `color-scheme`. */
export function applyColorModeToDocument(mode: ColorMode) {
  const html = document.documentElement;
  html.classList.toggle(DARK_MODE_CLASS, mode === 'dark');
  html.style.colorScheme = mode;
}

// The keys and class go in as plain interpolations (no JSON.stringify call, which a bundler
// must keep on pages that never use the script); none of them holds a quote. Built by a pure
// call, so that a page without the script drops it whole (a bare template literal leaves its
// interpolations behind in a minified bundle).
function headScript(key: string, legacyKey: string, darkClass: string) {
  return `(function(){try{var s=localStorage,p=s.getItem("${key}"),l=s.getItem("${legacyKey}");if(p!=="light"&&p!=="dark"&&p!=="system")p=l==="true"?"dark":l==="false"?"light":"system";}catch(e){p="system"}var d=p==="dark"||(p==="system"&&window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches),h=document.documentElement;if(d)h.classList.add("${darkClass}");h.style.colorScheme=d?"dark":"light"})();`;
}

/**
 * A script for the page's <head>, before the stylesheet: it applies the stored colour mode
 * before the first paint, so a dark-mode user never sees a flash of light. Inline it as is:
 * `<script>{colorModeScript}</script>` (or in index.html at build time).
 */
export const colorModeScript = /* @__PURE__ */ headScript(
  colorModeStorageKey,
  darkModeStorageKey,
  DARK_MODE_CLASS,
);
