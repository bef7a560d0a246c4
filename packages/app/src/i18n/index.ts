import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@sala/contract';
import { readCookie, writeCookie } from '../auth/cookies.js';

export const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;
export const namespaces = ['common', 'auth', 'home', 'pages', 'jwt', 'profile'] as const;

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

/** The namespaces the sign-in page needs (the app loads the rest when it starts). */
export const signInNamespaces = ['common', 'auth'] as const;

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
    .use(resourcesToBackend((lng: string, ns: string) => import(`./locales/${lng}/${ns}.json`)))
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
