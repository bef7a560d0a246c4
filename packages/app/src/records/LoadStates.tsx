import { Button, Card, Skeleton, Stack, Text } from '@sala/ui';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../records/errors.js';

/** A read that failed: why, in the language, and a way to try again. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation('results');
  return (
    <Card padding="small">
      <Stack gap="small" align="start">
        <Text role="alert">{failureText(error, i18n.language, t)}</Text>
        <Button variant="secondary" onPress={onRetry}>
          <RefreshCw size={16} aria-hidden="true" />
          {t('retry')}
        </Button>
      </Stack>
    </Card>
  );
}

/** A placeholder while something loads, named for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Skeleton shape="rect" />
    </div>
  );
}
