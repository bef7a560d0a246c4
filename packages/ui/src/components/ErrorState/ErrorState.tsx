import type { ReactNode } from 'react';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Button } from '../Button/Button.js';
import { Link } from '../Link/Link.js';
import { Lock, SearchX, TriangleAlert, WifiOff } from '../private/icons.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './ErrorState.css.js';

const strings = uiStringTable([
  'state.offline.title',
  'state.offline.description',
  'state.forbidden.title',
  'state.forbidden.description',
  'state.notFound.title',
  'state.notFound.description',
  'state.server.title',
  'state.server.description',
  'state.retry',
  'state.home',
]);

/** Why something could not be shown. */
export type ErrorStateKind = 'offline' | 'forbidden' | 'notFound' | 'server';

export interface ErrorStateProps {
  /** No connection, no permission (403), nothing there (404), or the server failed. */
  kind: ErrorStateKind;
  /** Replaces the kind's title. */
  title?: ReactNode;
  /** Replaces the kind's explanation. */
  description?: ReactNode;
  /** What the server said (its translated message), shown under the explanation. */
  detail?: ReactNode;
  /** The address that was not found, shown as code (404). */
  path?: string;
  /** Offers "Try again" (offline and server failures are worth another try). */
  onRetry?: () => void;
  /**
   * Where the way out leads; `null` leaves it out (a section of a page that works).
   * @default '/'
   */
  homeHref?: string | null;
  /** Replaces "Go to the home page". */
  homeLabel?: ReactNode;
  /**
   * The heading level of the title: 1 when it stands for the whole page. Default 2.
   * @default 2
   */
  headingLevel?: 1 | 2 | 3 | 4;
  /**
   * A section's failure: no icon, aligned with the section's text.
   * @default false
   */
  compact?: boolean;
  /** An extra class for layout. */
  className?: string;
}

const icons = { offline: WifiOff, forbidden: Lock, notFound: SearchX, server: TriangleAlert };

/**
 * What stands where data or a page could not be shown: why in plain formal words (offline, not
 * permitted, not found, the server failed), what the server said, "Try again" and a way home.
 * A failure to load is announced (`role="alert"`); a page that is forbidden or not found is
 * simply the page's content.
 */
export function ErrorState({
  kind,
  title,
  description,
  detail,
  path,
  onRetry,
  homeHref = '/',
  homeLabel,
  headingLevel = 2,
  compact = false,
  className,
}: ErrorStateProps) {
  const t = useStrings(strings);
  const Heading = `h${headingLevel}` as const;
  const Icon = icons[kind];
  const failed = kind === 'offline' || kind === 'server';
  return (
    <div
      className={cx(styles.errorState, compact && styles.compact, className)}
      role={failed ? 'alert' : undefined}
      data-error-state={kind}
    >
      <span className={cx(styles.icon, styles.iconTones[failed ? 'danger' : 'muted'])} aria-hidden>
        <Icon size={28} />
      </span>
      <Heading className={styles.title}>{title ?? t(`state.${kind}.title`)}</Heading>
      <p className={styles.description}>{description ?? t(`state.${kind}.description`)}</p>
      {path ? (
        <p className={styles.detail}>
          <code className={styles.path}>{path}</code>
        </p>
      ) : null}
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {onRetry || homeHref !== null ? (
        <div className={styles.actions}>
          {onRetry ? (
            <Button variant={compact ? 'secondary' : 'primary'} onPress={onRetry}>
              {t('state.retry')}
            </Button>
          ) : null}
          {homeHref !== null ? (
            <Link href={homeHref} variant={onRetry ? 'secondaryButton' : 'button'}>
              {homeLabel ?? t('state.home')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
