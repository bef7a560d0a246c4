import { Minus, TrendingDown, TrendingUp } from '../private/icons.js';
import type { ReactNode } from 'react';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { formatNumber, type DigitStyle } from '../../lib/khmerDigits.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './StatCard.css.js';
import { useDigits } from '../../provider/digits.js';

const strings = uiStringTable(['stat.up', 'stat.down', 'stat.same']);

export interface StatCardProps {
  /** What is counted, e.g. "Attendance rate". */
  label: ReactNode;
  /** The figure: a number (formatted with the digits asked for) or preformatted text. */
  value: number | string;
  /** Text after a number, e.g. "%". */
  unit?: string;
  /**
   * Decimals kept for a number value.
   * @default 0
   */
  fractionDigits?: number;
  /** Change since the last period, in the value's unit; its sign gives the arrow. */
  change?: number;
  /**
   * Whether a rise is good (attendance) or bad (absences).
   * @default true
   */
  higherIsBetter?: boolean;
  /** A line under the figure, e.g. "This month". */
  description?: ReactNode;
  /** A small decorative icon. */
  icon?: ReactNode;
  /** `khmr` writes numbers with Khmer digits; unset, SalaProvider's `digits` applies. */
  digits?: DigitStyle;
  /** An extra class for layout. */
  className?: string;
}

/** One key figure of a dashboard, with its change since the last period. */
export function StatCard({
  label,
  value,
  unit,
  fractionDigits = 0,
  change,
  higherIsBetter = true,
  description,
  icon,
  digits: digitsProp,
  className,
}: StatCardProps) {
  const digits = useDigits(digitsProp);
  const t = useFormattedStrings(strings);
  const n = (v: number) =>
    formatNumber(v, {
      digits,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
  const shown = typeof value === 'number' ? n(value) : value;
  let changeNode: ReactNode = null;
  if (change !== undefined) {
    const amount = `${n(Math.abs(change))}${unit ?? ''}`;
    const tone = change === 0 ? 'neutral' : change > 0 === higherIsBetter ? 'good' : 'bad';
    const Icon = change > 0 ? TrendingUp : change < 0 ? TrendingDown : Minus;
    const text =
      change > 0
        ? t('stat.up', { value: amount })
        : change < 0
          ? t('stat.down', { value: amount })
          : t('stat.same');
    changeNode = (
      <span className={cx(styles.change, styles.tones[tone])}>
        <Icon aria-hidden size={16} />
        {text}
      </span>
    );
  }
  return (
    <section className={cx(styles.card, className)}>
      <div className={styles.header}>
        <h3 className={styles.label}>{label}</h3>
        {icon && (
          <span className={styles.icon} aria-hidden>
            {icon}
          </span>
        )}
      </div>
      <p className={styles.value}>
        {shown}
        {unit}
      </p>
      {changeNode}
      {description && <p className={styles.description}>{description}</p>}
    </section>
  );
}
