import { forwardRef, type ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './Switch.css.js';

export interface SwitchProps extends Omit<AriaSwitchProps, 'className' | 'style' | 'children'> {
  /** The label beside the switch; it names the setting, not its state. */
  children: ReactNode;
  /** An extra class for layout. */
  className?: string;
}

/** An on/off setting that takes effect at once (unlike a checkbox in a form that is saved). */
export const Switch = forwardRef<HTMLLabelElement, SwitchProps>(function Switch(
  { children, className, ...props },
  ref,
) {
  return (
    <AriaSwitch {...props} ref={ref} className={cx(styles.switchRow, className)}>
      <span className={styles.track} aria-hidden>
        <span className={styles.thumb} />
      </span>
      {children}
    </AriaSwitch>
  );
});
