import { Heading, Inline, Stack, Text } from '@sala/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageRouteName } from '@sala/contract';
import { labelOf } from '../routeRegistry.js';
import * as styles from './records.css.js';

/**
 * The top of a records page: its title and description from the route's `pages` strings, and
 * its actions (create, export), which wrap under the title on a phone.
 */
export function RecordPageHeader({
  route,
  actions,
  descriptionClassName,
}: {
  route: PageRouteName;
  actions?: ReactNode;
  /** E.g. to leave the words out on a phone, where the page's content needs the room. */
  descriptionClassName?: string;
}) {
  const { t } = useTranslation('pages');
  const label = labelOf(route);
  return (
    <div className={styles.header}>
      <Stack gap="xsmall">
        <Heading level={1}>{t(`${label}.title`)}</Heading>
        <Text tone="muted" className={descriptionClassName}>
          {t(`${label}.description`)}
        </Text>
      </Stack>
      {actions ? <Inline gap="small">{actions}</Inline> : null}
    </div>
  );
}
