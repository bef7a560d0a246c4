import { Inbox } from '../private/icons.js';
import type { ReactNode } from 'react';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './EmptyState.css.js';

export interface EmptyStateProps {
  /** What is empty, e.g. "No students in this class yet". */
  title: ReactNode;
  /** What to do about it. */
  description?: ReactNode;
  /** An icon (decorative); an inbox by default. */
  icon?: ReactNode;
  /** The way out: usually one primary button ("Add a student"). */
  actions?: ReactNode;
  /**
   * The heading level of the title in the page outline. Default 2.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4;
  /** An extra class for layout. */
  className?: string;
}

/** Shown where a list or a page has nothing yet, saying why and what to do next. */
export function EmptyState({
  title,
  description,
  icon,
  actions,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx(styles.emptyState, className)}>
      <span className={styles.icon} aria-hidden>
        {icon ?? <Inbox size={28} />}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
