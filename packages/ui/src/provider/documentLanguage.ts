import { useEffect, useLayoutEffect } from 'react';
import { localeDirections, type UiLocale } from './locales.js';

// Before the first paint in a browser (the Khmer line height and font apply from the start);
// nothing on a server.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Puts the language and its direction on <html> (`lang="km" dir="ltr"`) while `enabled`,
 * following the locale, and puts back what was there when it stops: the page's language is the
 * interface's, so `:lang(km)` rules (Khmer's taller line height), screen readers' voices and
 * the browser's hyphenation and translation offers follow the language switcher.
 */
export function useDocumentLanguage(locale: UiLocale, enabled: boolean) {
  useBrowserLayoutEffect(() => {
    if (!enabled) return;
    const html = document.documentElement;
    const before = { lang: html.getAttribute('lang'), dir: html.getAttribute('dir') };
    html.lang = locale;
    html.dir = localeDirections[locale];
    return () => {
      restore(html, 'lang', before.lang);
      restore(html, 'dir', before.dir);
    };
  }, [locale, enabled]);
}

function restore(element: Element, name: string, value: string | null) {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}
