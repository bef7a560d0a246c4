import {
  AppShell,
  IconButton,
  Menu,
  MenuItem,
  MenuSeparator,
  NavItem,
  Sidebar,
  pickText,
} from '@sala/ui';
import { LogOut, UserRound } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { Locale } from '@sala/contract';
import { useAuth } from '../auth/AuthProvider.js';
import { changeLanguage } from '../i18n/index.js';
import QueuedSheetsSender from '../pages/attendance/QueuedSheetsSender.js';
import { preloadPage } from '../routeRegistry.js';
import { useSidebarEntries } from '../sidebarLayout.js';

/** The frame of most pages: header, sidebar filtered by the user's permissions, content. */
export default function DefaultLayout() {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const { user, client } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const lang = i18n.language;

  const entries = useSidebarEntries() ?? [];
  const active = [...entries]
    .sort((a, b) => b.path.length - a.path.length)
    .find((e) => (e.path === '/' ? pathname === '/' : pathname.startsWith(e.path)));

  // The attendance page sends its own queue (and shows it); elsewhere this does.
  const sendsSheets =
    Boolean(user) &&
    !pathname.startsWith('/attendance') &&
    client.hasPermission(['attendance.record:own', 'attendance.correct:school']);
  const school = user ? pickText({ km: user.school.nameKm, en: user.school.nameEn }, lang) : '';
  const name = user ? pickText({ km: user.nameKm, en: user.nameEn }, lang) || user.username : '';

  return (
    <AppShell
      title={school || t('common:appName')}
      onLocaleChange={(locale) => void changeLanguage(locale as Locale)}
      showColorModeToggle
      navigation={
        <Sidebar>
          {entries.map(({ route, path, icon: Icon, label }) => (
            <NavItem
              key={route}
              href={path}
              icon={<Icon size={20} />}
              isActive={active?.route === route}
              onIntent={() => preloadPage(path)}
            >
              {t(`pages:${label}.title`)}
            </NavItem>
          ))}
        </Sidebar>
      }
      userMenu={
        user ? (
          <Menu
            trigger={<IconButton label={name} icon={<UserRound size={20} />} />}
            onAction={(id) => {
              if (id === 'profile') navigate('/userProfile');
              if (id === 'logout') void client.logout();
            }}
          >
            <MenuItem id="profile" icon={<UserRound size={18} />}>
              {t('common:profile')}
            </MenuItem>
            <MenuSeparator />
            <MenuItem id="logout" icon={<LogOut size={18} />} isDanger>
              {t('common:signOut')}
            </MenuItem>
          </Menu>
        ) : undefined
      }
    >
      <Outlet />
      {/* For those who take attendance: sends the sheets saved on this device offline. */}
      {sendsSheets ? (
        <Suspense fallback={null}>
          <QueuedSheetsSender />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
