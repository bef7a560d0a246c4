import { Button, Skeleton, Stack, Text } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { failureText } from './errors.js';
import * as styles from './records.css.js';

/** A read that failed: why, in the language, and a way to try again. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation('common');
  return (
    <div className={`${styles.notice} ${styles.noticeTones.danger}`} role="alert">
      <span>{failureText(error, i18n.language, t)}</span>
      <Button variant="secondary" size="small" onPress={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** A placeholder while something loads: what, in words, over a skeleton of lines. */
export function Loading({ label, lines = 6 }: { label: string; lines?: number }) {
  return (
    <Stack gap="small">
      <div role="status" aria-busy="true" aria-label={label}>
        <Text tone="muted">{label}</Text>
      </div>
      <Skeleton lines={lines} />
    </Stack>
  );
}
