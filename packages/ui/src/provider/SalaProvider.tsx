import { useMemo, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { ColorModeProvider, type ForcedColorMode } from '../colorMode/ColorModeProvider.js';
import type { ColorModePreference } from '../colorMode/storage.js';
import { OverridesContext, type UiStringOverrides } from '../i18n/strings.js';
import { ConfirmProvider } from '../components/ConfirmDialog/ConfirmHost.js';
import { ToastProvider } from '../components/Toast/Toast.js';
import { provideCssEscape } from '../lib/cssEscape.js';
import type { DigitStyle } from '../lib/khmerDigits.js';
import { DigitsContext } from './digits.js';
import { useDocumentLanguage } from './documentLanguage.js';
import { localeTags, type UiLocale } from './locales.js';
import { NavigationContext } from './navigation.js';

// react-aria needs CSS.escape, which jsdom lacks: hosts' component tests work without a setup.
provideCssEscape();

export interface SalaProviderProps {
  /** The interface language; it feeds react-aria's number, date and calendar formatting. */
  locale: UiLocale;
  /** Replacements for any of the library's own strings, per language. */
  strings?: UiStringOverrides;
  /**
   * The colour-mode preference before the user has stored one ('system' by default).
   * @default 'system'
   */
  defaultColorMode?: ColorModePreference;
  /** Force light or dark for the whole tree (a page may also call `useForcedColorMode`). */
  forcedColorMode?: ForcedColorMode;
  /**
   * Let the provider put the colour mode on <html> and keep the preference in local storage
   * (default). Turn off when something else owns the page's mode, such as a review tool.
   * @default true
   */
  manageColorMode?: boolean;
  /**
   * Let the provider put the language and its direction on <html> (`lang`, `dir`) while it is
   * mounted (default). Turn off when something else owns the page's language.
   */
  manageDocumentLanguage?: boolean;
  /**
   * How numbers are written (a user's setting): Latin 0–9 or Khmer ០–៩. Components with a
   * `digits` prop follow it unless given their own. Latin by default.
   * @default 'latn'
   */
  digits?: DigitStyle;
  /**
   * How many toasts show at once (3 by default); the rest wait their turn.
   * @default 3
   */
  maxVisibleToasts?: number;
  /**
   * The router's navigate function: links (Link, NavItem, ErrorPage's "Go Home...") then
   * navigate client-side instead of loading a new page.
   */
  navigate?: (path: string) => void;
  /** Turns a router path into an href (for routers with a base path). */
  useHref?: (path: string) => string;
  /** The app. */
  children: ReactNode;
}

const noOverrides: UiStringOverrides = {};

/**
 * The root every Sala screen renders inside: it carries the locale, the library's strings and
 * the colour mode (preference, device setting, forced mode) to every component, puts the
 * language on <html>, and hosts the toast region and the dialog behind `useConfirm()`.
 */
export function SalaProvider({
  locale,
  strings,
  defaultColorMode,
  forcedColorMode,
  manageColorMode = true,
  manageDocumentLanguage = true,
  maxVisibleToasts,
  digits = 'latn',
  navigate,
  useHref,
  children,
}: SalaProviderProps) {
  useDocumentLanguage(locale, manageDocumentLanguage);
  const navigation = useMemo(() => (navigate ? { navigate, useHref } : null), [navigate, useHref]);
  // The links themselves put react-aria's RouterProvider around them (RoutedLinks), so that a
  // page without links does not carry react-aria's client-side navigation. The contexts go in
  // directly (not through UiStringsProvider and DigitsProvider): fewer components per page.
  return (
    <NavigationContext.Provider value={navigation}>
      <I18nProvider locale={localeTags[locale]}>
        <OverridesContext.Provider value={strings ?? noOverrides}>
          <ColorModeProvider
            defaultPreference={defaultColorMode}
            forcedColorMode={forcedColorMode}
            applyToDocument={manageColorMode}
            persist={manageColorMode}
          >
            <DigitsContext.Provider value={digits}>
              <ToastProvider maxVisibleToasts={maxVisibleToasts}>
                <ConfirmProvider>{children}</ConfirmProvider>
              </ToastProvider>
            </DigitsContext.Provider>
          </ColorModeProvider>
        </OverridesContext.Provider>
      </I18nProvider>
    </NavigationContext.Provider>
  );
}
