import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useLocale } from 'react-aria-components';
import en from './en.json';
import km from './km.json';
import { formatMessage, type MessageValues } from './format.js';

/** The library's own strings ("Loading...", "Cancel", ...) in English and Khmer. */
export const uiStrings = { en, km } satisfies Record<string, Record<keyof typeof en, string>>;
export type UiStringKey = keyof typeof en;
export type UiStringOverrides = Partial<Record<'en' | 'km', Partial<Record<UiStringKey, string>>>>;

export const OverridesContext = createContext<UiStringOverrides>({});

/** Lets the host app replace any of the library's strings, per language. */
export function UiStringsProvider({
  overrides,
  children,
}: {
  overrides: UiStringOverrides;
  children: ReactNode;
}) {
  return <OverridesContext.Provider value={overrides}>{children}</OverridesContext.Provider>;
}

/** The language of the library's strings for a BCP 47 locale: Khmer for km*, else English. */
export function uiLanguageOf(locale: string): 'en' | 'km' {
  return locale.toLowerCase().startsWith('km') ? 'km' : 'en';
}

/** Some of the library's strings, in both languages: what one component shows. */
export interface UiStringTable<K extends UiStringKey> {
  en: Record<K, string>;
  km: Record<K, string>;
}

/**
 * The strings a component uses, picked by key: `const strings = uiStringTable(['close'])` at
 * module level, then `useStrings(strings)`. The package build writes each table out as the texts
 * themselves (see tsup.config.ts), so a page ships only the strings of the components it uses;
 * here, from source, the table is picked at load time. Keys must be string literals.
 */
export function uiStringTable<const K extends UiStringKey>(keys: readonly K[]): UiStringTable<K> {
  const pick = (all: Record<UiStringKey, string>) =>
    Object.fromEntries(keys.map((key) => [key, all[key]])) as Record<K, string>;
  return { en: pick(uiStrings.en), km: pick(uiStrings.km) };
}

/**
 * A translator for the library's own strings in the current react-aria locale, with the host's
 * overrides applied. `t('key', { count: 3 })` formats ICU placeholders and plurals.
 */
export function useUiStrings() {
  return useFormattedStrings(uiStrings);
}

/** The texts of one table in the current language, with the host's overrides applied. */
function useTexts<K extends UiStringKey>(table: UiStringTable<K>) {
  const { locale } = useLocale();
  const overrides = useContext(OverridesContext);
  const lang = uiLanguageOf(locale);
  const text = useCallback(
    (key: K) => overrides[lang]?.[key] ?? table[lang][key] ?? table.en[key],
    [overrides, lang, table],
  );
  return { text, locale };
}

/**
 * A translator for the strings of one table (a component's own, from `uiStringTable`) that take
 * no values: `t('close')`. Components whose strings have placeholders or plurals use
 * `useFormattedStrings`, so a page whose components need none ships no message formatter.
 */
export function useStrings<K extends UiStringKey>(table: UiStringTable<K>): (key: K) => string {
  return useTexts(table).text;
}

/** `useStrings` for strings with ICU placeholders and plurals: `t('rows', { count: 3 })`. */
export function useFormattedStrings<K extends UiStringKey>(table: UiStringTable<K>) {
  const { text, locale } = useTexts(table);
  return useCallback(
    (key: K, values?: MessageValues) => formatMessage(text(key), values, locale),
    [text, locale],
  );
}
