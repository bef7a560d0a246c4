import { Heading, Stack, Text } from '@sala/ui';
import { useTranslation } from 'react-i18next';

/** The title and description of a page, from the `pages` strings of its route. */
export function PageHeader({ route }: { route: string }) {
  const { t } = useTranslation('pages');
  return (
    <Stack gap="xsmall">
      <Heading level={1}>{t(`${route}.title`)}</Heading>
      <Text tone="muted">{t(`${route}.description`)}</Text>
    </Stack>
  );
}
