import { Heading, Stack, Text } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import type { PageRouteName } from '@sala/contract';
import { labelOf } from '../../routeRegistry.js';

/** The title and description of a page, from the `pages` strings of its route. */
export function PageHeader({ route }: { route: PageRouteName }) {
  const { t } = useTranslation('pages');
  const label = labelOf(route);
  return (
    <Stack gap="xsmall">
      <Heading level={1}>{t(`${label}.title`)}</Heading>
      <Text tone="muted">{t(`${label}.description`)}</Text>
    </Stack>
  );
}
