import { Skeleton, Stack, Text } from '@sala/ui';
import { QueryFailure } from '../frame/QueryFailure.js';

/**
 * A read that failed in a section of a page that otherwise works: the app's failure state,
 * compact, with "Try again". A whole page's failure is the page gate's (PageQueryGate).
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <QueryFailure error={error} onRetry={onRetry} />;
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
