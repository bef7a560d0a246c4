import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../private/cx.js';
import * as styles from './Badge.css.js';

export const badgeTones = ['neutral', 'primary', 'success', 'warning', 'danger', 'info'] as const;

export interface BadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'style'> {
  /**
   * The colour by meaning (status: present = success, absent = danger…).
   * @default 'neutral'
   */
  tone?: (typeof badgeTones)[number];
  /** A small icon before the text. */
  icon?: ReactNode;
  /** The words: a badge never relies on colour alone. */
  children: ReactNode;
}

/** A small status label: a count, a state ("Working", "Absent"), a role. */
export function Badge({ tone = 'neutral', icon, className, children, ...props }: BadgeProps) {
  return (
    <span {...props} className={cx(styles.badge, styles.tone[tone], className)}>
      {icon && <span aria-hidden="true">{icon}</span>}
      {children}
    </span>
  );
}
