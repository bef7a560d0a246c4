import { Button, Inline } from '@sala/ui';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import * as layout from './PageLayout.css.js';
import { LanguageAndMode } from './SignInCorner.js';

/**
 * The spec's separate frame for the privileges pages: a focused editor with no sidebar, only a
 * way back, the language and the colour mode.
 */
export default function UserPrivilegeLayout() {
  const { t } = useTranslation(['pages', 'common']);
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
        <LanguageAndMode />
      </header>
      <Outlet />
    </div>
  );
}
