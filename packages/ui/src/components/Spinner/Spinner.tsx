import { Label, ProgressBar } from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { cx } from '../private/cx.js';
import { textSize } from '../../theme/typography.css.js';
import * as styles from './Spinner.css.js';

const strings = uiStringTable(['loading']);

export const spinnerSizes = ['small', 'medium', 'large'] as const;

export interface SpinnerProps {
  /**
   * The diameter: small sits in a line of text, large fills an empty panel.
   * @default 'medium'
   */
  size?: (typeof spinnerSizes)[number];
  /** What is loading, for screen readers; "Loading..." in the current language by default. */
  label?: string;
  /**
   * Show the label next to the spinner instead of only announcing it.
   * @default false
   */
  showLabel?: boolean;
  /** An extra class for layout. */
  className?: string;
}

/** An indeterminate progress indicator (react-aria ProgressBar), announced with its label. */
export function Spinner({ size = 'medium', label, showLabel = false, className }: SpinnerProps) {
  const t = useStrings(strings);
  const text = label ?? t('loading');
  return (
    <ProgressBar
      isIndeterminate
      aria-label={showLabel ? undefined : text}
      className={cx(styles.root, className)}
    >
      <span className={cx(styles.circle, styles.size[size])} aria-hidden="true" />
      {showLabel && <Label className={cx(styles.label, textSize.small)}>{text}</Label>}
    </ProgressBar>
  );
}
