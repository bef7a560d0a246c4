import { Heading, Inline, Stack, Text } from '@sala/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as styles from './records.css.js';

/**
 * The top of a records page: its title and description from the route's `pages` strings, and
 * its actions (create, export), which wrap under the title on a phone.
 */
export function RecordPageHeader({ route, actions }: { route: string; actions?: ReactNode }) {
  const { t } = useTranslation('pages');
  return (
    <div className={styles.header}>
      <Stack gap="xsmall">
        <Heading level={1}>{t(`${route}.title`)}</Heading>
        <Text tone="muted">{t(`${route}.description`)}</Text>
      </Stack>
      {actions ? <Inline gap="small">{actions}</Inline> : null}
    </div>
  );
}
