import { ErrorState } from '@sala/ui';
import { useTranslation } from 'react-i18next';
import { failureText } from '../records/errors.js';
import { failureKind } from './queryFailure.js';

/**
 * The one way the app shows a read that failed, for a whole page (`page`: the page's heading,
 * and the way home) or for a section of a page that works (compact, no way home): why (offline,
 * not permitted, not found, the server failed) and, for a server failure, what the server said,
 * with "Try again".
 */
export function QueryFailure({
  error,
  onRetry,
  page = false,
}: {
  error: unknown;
  onRetry: () => void;
  page?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const kind = failureKind(error);
  // The app is already on its way to sign-in or to the password step.
  if (kind === 'redirect') return null;
  const retryable = kind === 'offline' || kind === 'server';
  return (
    <ErrorState
      kind={kind}
      detail={kind === 'server' ? failureText(error, i18n.language, t) : undefined}
      onRetry={retryable ? onRetry : undefined}
      headingLevel={page ? 1 : 2}
      compact={!page}
      homeHref={page ? '/' : null}
    />
  );
}
