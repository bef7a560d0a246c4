import type { ReactNode } from 'react';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { Heading } from '../Heading/Heading.js';
import { Link } from '../Link/Link.js';
import { Text } from '../Text/Text.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './ErrorPage.css.js';

const strings = uiStringTable([
  'error_title',
  'error_message',
  'error_status',
  'go_home',
  'page_not_found',
]);

export interface ErrorPageProps {
  /**
   * The HTTP-like status: 404 shows "Page not found" and the path.
   * @default 500
   */
  status?: number;
  /** What went wrong, when known (e.g. the server's translated message). */
  message?: ReactNode;
  /** The path that was not found (404); the current location by default. */
  path?: string;
  /**
   * Where "Go Home..." leads.
   * @default '/'
   */
  homeHref?: string;
  /** Replaces the "Go Home..." text. */
  homeLabel?: ReactNode;
}

/**
 * The full-page error screen: the status code, "Ooops.", the message, the reassurance that it
 * happens to the best of us, and a "Go Home..." button. Status 404 is the not-found page.
 */
export function ErrorPage({
  status = 500,
  message,
  path,
  homeHref = '/',
  homeLabel,
}: ErrorPageProps) {
  const t = useFormattedStrings(strings);
  const notFound = status === 404;
  const shownPath =
    path ?? (notFound && typeof window !== 'undefined' ? window.location.pathname : undefined);
  return (
    <main className={styles.page}>
      <div className={styles.inner}>
        <p className={styles.status}>
          <span aria-hidden="true">{status}</span>
          <VisuallyHidden>{t('error_status', { status })}</VisuallyHidden>
        </p>
        <Heading level={1} size={2}>
          {t('error_title')}
        </Heading>
        {notFound ? (
          <Text size="large">
            {t('page_not_found')}
            {shownPath && (
              <>
                <br />
                <code className={styles.path}>{shownPath}</code>
              </>
            )}
          </Text>
        ) : (
          message && <Text size="large">{message}</Text>
        )}
        <Text tone="muted">{t('error_message')}</Text>
        <Link href={homeHref} variant="button">
          {homeLabel ?? t('go_home')}
        </Link>
      </div>
    </main>
  );
}
