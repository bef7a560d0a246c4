import { Heading, Link, Stack, Text } from '@sala/ui';
import { PanelLeft, UserRound, type LucideIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';
import { navEntries } from '../../navigation.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { routeTable } from '../../routeTable.js';
import * as styles from './appMenu.css.js';

interface Tool {
  route: string;
  path: string;
  icon: LucideIcon;
}

/** Tools that are not in the sidebar but belong in the list of everything one can open. */
const extraTools: readonly { route: string; icon: LucideIcon }[] = [
  { route: 'users-sidebar', icon: PanelLeft },
  { route: 'userProfile', icon: UserRound },
];

/**
 * Every tool the signed-in user may open, as tiles with what each is for — the menu a phone
 * user reaches in one tap, whatever the school's sidebar hides.
 */
export default function AppMenuPage() {
  const { t } = useTranslation('pages');
  const { client } = useAuth();

  const tools = useMemo<Tool[]>(() => {
    const fromMenu = navEntries.filter((e) => e.route !== 'index' && e.route !== 'AppMenu');
    const extra = extraTools.flatMap(({ route, icon }) => {
      const spec = routeTable.find((r) => r.name === route);
      return spec ? [{ route, path: spec.path, icon, permissions: spec.permissions ?? [] }] : [];
    });
    return [...fromMenu, ...extra]
      .filter((tool) => client.hasPermission(tool.permissions))
      .map(({ route, path, icon }) => ({ route, path, icon }));
  }, [client]);

  return (
    <Stack gap="large">
      <RecordPageHeader route="AppMenu" />
      <ul className={styles.tiles} aria-label={t('AppMenu.title')}>
        {tools.map(({ route, path, icon: Icon }) => (
          <li key={route} className={styles.tile}>
            <span className={styles.icon}>
              <Icon size={22} aria-hidden />
            </span>
            <Stack gap="xsmall">
              <Heading level={2} size={4}>
                <Link href={path} variant="standalone">
                  {t(`${route}.title`)}
                </Link>
              </Heading>
              <Text tone="muted" size="small">
                {t(`${route}.description`)}
              </Text>
            </Stack>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
