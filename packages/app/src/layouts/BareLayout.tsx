import { ColorModeToggle, Inline, LanguageSwitcher, type UiLocale } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import type { Locale } from '@sala/contract';
import { changeLanguage } from '../i18n/index.js';
import * as layout from './PageLayout.css.js';

/** The frame of the sign-in and sign-up pages: language and colour mode are there before sign-in. */
export default function BareLayout() {
  const { i18n } = useTranslation();
  return (
    <>
      <div className={layout.corner}>
        <Inline gap="small" alignY="center">
          <LanguageSwitcher
            value={i18n.language as UiLocale}
            onChange={(locale) => void changeLanguage(locale as Locale)}
            compact
          />
          <ColorModeToggle />
        </Inline>
      </div>
      <Outlet />
    </>
  );
}
