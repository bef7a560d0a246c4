import { Button, ColorModeToggle, Inline, LanguageSwitcher, type UiLocale } from '@sala/ui';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import type { Locale } from '@sala/contract';
import { changeLanguage } from '../i18n/index.js';
import * as layout from './PageLayout.css.js';

/**
 * The spec's separate frame for the privileges pages: a focused editor with no sidebar, only a
 * way back, the language and the colour mode.
 */
export default function UserPrivilegeLayout() {
  const { t, i18n } = useTranslation(['pages', 'common']);
  return (
    <div className={layout.page}>
      <header className={layout.header}>
        <Inline gap="small" alignY="center">
          <Button variant="ghost" size="small" asChild>
            <Link to="/">
              <ArrowLeft size={18} aria-hidden="true" />
              {t('pages:index.title')}
            </Link>
          </Button>
        </Inline>
        <Inline gap="small" alignY="center">
          <LanguageSwitcher
            value={i18n.language as UiLocale}
            onChange={(locale) => void changeLanguage(locale as Locale)}
            compact
          />
          <ColorModeToggle />
        </Inline>
      </header>
      <Outlet />
    </div>
  );
}
