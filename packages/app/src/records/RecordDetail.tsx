import { Button, Heading, Skeleton, Stack } from '@sala/ui';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../api/http.js';
import { failureText } from './errors.js';
import * as records from './records.css.js';

/** The way back from a record to its list: the namespace's `back` string. */
export function BackLink({
  to,
  namespace,
  className,
}: {
  to: string;
  namespace: string;
  className?: string;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Button asChild variant="secondary" {...(className ? { className } : {})}>
      <RouterLink to={to}>
        <ArrowLeft size={16} aria-hidden="true" />
        {t('back')}
      </RouterLink>
    </Button>
  );
}

/**
 * A record's page while there is no record to show: an address that names none (or one the
 * server does not know) says "not found"; a failed read says why and offers to try again; else
 * it is loading. The namespace's `notFound`, `notFoundHelp`, `loadFailed`, `retry` and `loading`
 * strings.
 */
export function RecordDetailFallback({
  namespace,
  isId,
  error,
  onRetry,
  backLink,
  buttonClassName,
}: {
  namespace: string;
  /** Whether the address names a record at all (an id). */
  isId: boolean;
  error: unknown;
  onRetry: () => void;
  backLink: ReactNode;
  buttonClassName?: string;
}) {
  const { t, i18n } = useTranslation(namespace);
  const missing = !isId || (error instanceof ApiError && [400, 404].includes(error.status));
  if (missing || error) {
    return (
      <Stack gap="large">
        {backLink}
        <Heading level={1}>{missing ? t('notFound') : t('loadFailed')}</Heading>
        <div role="alert" className={records.formError}>
          {missing ? t('notFoundHelp') : failureText(error, i18n.language, t)}
        </div>
        {missing ? null : (
          <Button
            variant="secondary"
            {...(buttonClassName ? { className: buttonClassName } : {})}
            onPress={onRetry}
          >
            <RefreshCw size={16} aria-hidden="true" />
            {t('retry')}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="large">
      {backLink}
      <Heading level={1}>{t('loading')}</Heading>
      <Skeleton shape="rect" />
    </Stack>
  );
}
