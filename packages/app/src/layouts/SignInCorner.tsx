import { ColorModeToggle, Inline, LanguageSwitcher, type UiLocale } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@sala/contract';
import { changeLanguage } from '../i18n/index.js';
import * as layout from './PageLayout.css.js';

/** The language switcher and the colour-mode toggle, side by side (remembered choices). */
export function LanguageAndMode() {
  const { i18n } = useTranslation();
  return (
    <Inline gap="small" alignY="center">
      <LanguageSwitcher
        value={i18n.language as UiLocale}
        onChange={(locale) => void changeLanguage(locale as Locale)}
        compact
      />
      <ColorModeToggle />
    </Inline>
  );
}

/** Language and colour mode, in the corner of the pages before sign-in. */
export function SignInCorner() {
  return (
    <div className={layout.corner}>
      <LanguageAndMode />
    </div>
  );
}
