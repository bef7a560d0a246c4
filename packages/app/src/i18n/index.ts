import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@sala/contract';
import { readCookie, writeCookie } from '../auth/cookies.js';

export const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;
import { frameNamespaces, namespaces, signInNamespaces } from './namespaces.js';

export { namespaces, signInNamespaces } from './namespaces.js';

const isLocale = (value: string | null | undefined): value is Locale =>
  value === 'en' || value === 'km';

/**
 * The language to start in, in the spec's order: the route's (`?lang=km` on any page), the
 * cookie's (the last choice, kept 365 days), the browser's, else English.
 */
export function detectLanguage(
  source: { search: string; cookie: string | undefined; browser: readonly string[] } = {
    search: typeof location === 'undefined' ? '' : location.search,
    cookie: readCookie(LANGUAGE_COOKIE),
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  },
): Locale {
  const fromRoute = new URLSearchParams(source.search).get('lang');
  if (isLocale(fromRoute)) return fromRoute;
  if (isLocale(source.cookie)) return source.cookie;
  for (const tag of source.browser) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('km')) return 'km';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

type Strings = Record<string, unknown>;

/** The namespaces that arrive together, one file per language for each group. */
const bundles: Record<
  Locale,
  Record<'signIn' | 'frame', () => Promise<Record<string, Strings>>>
> = {
  km: {
    signIn: () => import('./bundles/signin.km.js'),
    frame: () => import('./bundles/frame.km.js'),
  },
  en: {
    signIn: () => import('./bundles/signin.en.js'),
    frame: () => import('./bundles/frame.en.js'),
  },
};

/**
 * Each screen's own namespace, a file of its own per language. The grouped ones are left out:
 * loaded here too, they would be files of their own besides their group's.
 */
const screenStrings = import.meta.glob([
  './locales/*/*.json',
  '!./locales/*/{common,auth,home,pages,jwt,profile,attendance}.json',
]);

const inGroup = (group: readonly string[], ns: string) => group.includes(ns);

/** A namespace's strings: from its group's file, or its own file for a screen's namespace. */
export async function loadStrings(lng: string, ns: string): Promise<Strings> {
  if (isLocale(lng) && inGroup(signInNamespaces, ns)) return (await bundles[lng].signIn())[ns]!;
  if (isLocale(lng) && inGroup(frameNamespaces, ns)) return (await bundles[lng].frame())[ns]!;
  const load = screenStrings[`./locales/${lng}/${ns}.json`];
  if (!load) throw new Error(`No strings for ${lng}/${ns}`);
  return ((await load()) as { default: Strings }).default;
}

/**
 * Starts i18next with the namespaces given (all the frame's by default); each language's
 * strings are fetched only when that language is used. Called again (the app starting after the
 * sign-in page), it only loads the namespaces not loaded yet.
 */
export async function initI18n(
  language: Locale = detectLanguage(),
  ns: readonly string[] = namespaces,
) {
  if (i18next.isInitialized) {
    await i18next.loadNamespaces([...ns]);
    return i18next;
  }
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(loadStrings))
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: ['en', 'km'],
      ns: [...ns],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      // A key with no text in the language is a bug: say so loudly (the e2e tests fail on it).
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) => {
        console.warn(`i18next: missing key ${namespace}:${key} (${languages.join(', ')})`);
      },
      react: { useSuspense: true },
    });
  // <html lang> is SalaProvider's: it follows i18next's language (the provider's locale).
  // A language chosen by the route is remembered like a choice in the switcher.
  if (new URLSearchParams(location.search).get('lang') === language) {
    writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_SECONDS);
  }
  return i18next;
}

/** Switches the language and remembers it for a year. */
export async function changeLanguage(language: Locale) {
  writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_SECONDS);
  await i18next.changeLanguage(language);
}
