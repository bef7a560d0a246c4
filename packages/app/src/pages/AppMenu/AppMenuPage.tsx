import { Heading, Link, Stack, Text } from '@sala/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider.js';
import { RecordPageHeader } from '../../records/RecordPage.js';
import { menuLinks } from '../../routeRegistry.js';
import * as styles from './appMenu.css.js';

/**
 * Every tool the signed-in user may open, as tiles with what each is for — the menu a phone
 * user reaches in one tap, whatever the school's sidebar hides.
 */
export default function AppMenuPage() {
  const { t } = useTranslation('pages');
  const { client } = useAuth();

  const tools = useMemo(
    () => menuLinks('apps').filter((tool) => client.hasPermission(tool.permissions)),
    [client],
  );

  return (
    <Stack gap="large">
      <RecordPageHeader route="AppMenu" />
      <ul className={styles.tiles} aria-label={t('AppMenu.title')}>
        {tools.map(({ route, path, icon: Icon, label }) => (
          <li key={route} className={styles.tile}>
            <span className={styles.icon}>
              <Icon size={22} aria-hidden />
            </span>
            <Stack gap="xsmall">
              <Heading level={2} size={4}>
                <Link href={path} variant="standalone">
                  {t(`${label}.title`)}
                </Link>
              </Heading>
              <Text tone="muted" size="small">
                {t(`${label}.description`)}
              </Text>
            </Stack>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
