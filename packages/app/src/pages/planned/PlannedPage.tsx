import { Card, Heading, Stack, Text } from '@sala/ui';
import { useTranslation } from 'react-i18next';

/**
 * The screen of a route whose records are not built yet: its translated title and what it
 * will hold, so every route of the product shows a real page in both languages.
 */
export function PlannedPage({ route }: { route: string }) {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Stack gap="large">
      <Stack gap="xsmall">
        <Heading level={1}>{t(`pages:${route}.title`)}</Heading>
        <Text tone="muted">{t(`pages:${route}.description`)}</Text>
      </Stack>
      <Card>
        <Text>{t('common:planned')}</Text>
      </Card>
    </Stack>
  );
}
