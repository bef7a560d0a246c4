import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useLocale } from 'react-aria-components';
import en from './en.json';
import km from './km.json';
import { formatMessage, type MessageValues } from './format.js';

/** The library's own strings ("Loading...", "Cancel", ...) in English and Khmer. */
export const uiStrings = { en, km } satisfies Record<string, Record<keyof typeof en, string>>;
export type UiStringKey = keyof typeof en;
export type UiStringOverrides = Partial<Record<'en' | 'km', Partial<Record<UiStringKey, string>>>>;

const OverridesContext = createContext<UiStringOverrides>({});

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

/**
 * A translator for the library's own strings in the current react-aria locale, with the host's
 * overrides applied. `t('key', { count: 3 })` formats ICU placeholders and plurals.
 */
export function useUiStrings() {
  const { locale } = useLocale();
  const overrides = useContext(OverridesContext);
  const lang = uiLanguageOf(locale);
  return useCallback(
    (key: UiStringKey, values?: MessageValues) => {
      const template = overrides[lang]?.[key] ?? uiStrings[lang][key] ?? uiStrings.en[key];
      return formatMessage(template, values, locale);
    },
    [overrides, lang, locale],
  );
}
