import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from '../private/icons.js';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocale } from 'react-aria-components';
import { uiLanguageOf, uiStringTable, useStrings } from '../../i18n/strings.js';
import type { UiLocale } from '../../provider/locales.js';
import { ColorModeToggle } from '../ColorModeToggle/ColorModeToggle.js';
import { Drawer } from '../Drawer/Drawer.js';
import { IconButton } from '../IconButton/IconButton.js';
import { LanguageSwitcher } from '../LanguageSwitcher/LanguageSwitcher.js';
import * as styles from './AppShell.css.js';
import { AppShellContext } from './context.js';

const strings = uiStringTable([
  'open_navigation',
  'collapse_sidebar',
  'expand_sidebar',
  'skip_to_content',
]);

export interface AppShellProps {
  /** The product or school name in the header. */
  title: ReactNode;
  /** A logo before the title. */
  logo?: ReactNode;
  /** The navigation: a Sidebar with NavItems. A drawer on phones, a sidebar on desktops. */
  navigation: ReactNode;
  /** Called with the chosen language; without it the language switcher is not shown. */
  onLocaleChange?: (locale: UiLocale) => void;
  /**
   * Show the light/dark toggle in the header.
   * @default true
   */
  showColorModeToggle?: boolean;
  /** The signed-in user's menu (a Menu opened from an avatar or name), at the header's end. */
  userMenu?: ReactNode;
  /** More header actions, before the language switcher. */
  actions?: ReactNode;
  /**
   * Start with the desktop sidebar collapsed to icons.
   * @default false
   */
  defaultSidebarCollapsed?: boolean;
  /** The page. */
  children: ReactNode;
}

/**
 * The frame of every signed-in page: a header (menu button on phones, title, colour-mode toggle,
 * language switcher, user menu), the navigation (a drawer on phones, a collapsible sidebar on
 * desktops) and the content, with a "Skip to content" link first.
 */
export function AppShell({
  title,
  logo,
  navigation,
  onLocaleChange,
  showColorModeToggle = true,
  userMenu,
  actions,
  defaultSidebarCollapsed = false,
  children,
}: AppShellProps) {
  const t = useStrings(strings);
  const { locale } = useLocale();
  const [isCollapsed, setCollapsed] = useState(defaultSidebarCollapsed);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const desktopState = useMemo(() => ({ isCollapsed, closeDrawer: () => {} }), [isCollapsed]);
  const drawerState = useMemo(
    () => ({ isCollapsed: false, closeDrawer: () => setDrawerOpen(false) }),
    [],
  );

  return (
    <div className={styles.shell}>
      <a href="#sala-main" className={styles.skipLink}>
        {t('skip_to_content')}
      </a>
      <header className={styles.header}>
        <IconButton
          label={t('open_navigation')}
          icon={<MenuIcon size={22} />}
          tooltip={false}
          className={styles.mobileOnly}
          onPress={() => setDrawerOpen(true)}
        />
        <div className={styles.brand}>
          {logo}
          <span className={styles.title}>{title}</span>
        </div>
        <div className={styles.actions}>
          {actions}
          {onLocaleChange && (
            <LanguageSwitcher value={uiLanguageOf(locale)} onChange={onLocaleChange} compact />
          )}
          {showColorModeToggle && <ColorModeToggle />}
          {userMenu}
        </div>
      </header>
      <div className={styles.body}>
        <div className={styles.sidebar} data-collapsed={isCollapsed || undefined}>
          <AppShellContext.Provider value={desktopState}>{navigation}</AppShellContext.Provider>
          <IconButton
            label={t(isCollapsed ? 'expand_sidebar' : 'collapse_sidebar')}
            icon={isCollapsed ? <PanelLeftOpen size={20} /> : <PanelLeftClose size={20} />}
            className={styles.collapse}
            onPress={() => setCollapsed((c) => !c)}
          />
        </div>
        <main id="sala-main" tabIndex={-1} className={styles.content}>
          {children}
        </main>
      </div>
      <Drawer title={title} isOpen={isDrawerOpen} onOpenChange={setDrawerOpen}>
        <AppShellContext.Provider value={drawerState}>{navigation}</AppShellContext.Provider>
      </Drawer>
    </div>
  );
}
