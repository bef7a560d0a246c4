import { Check, Minus } from '../private/icons.js';
import { forwardRef, type ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components';
import * as styles from '../private/field/choice.css.js';
import { cx } from '../private/field/FieldParts.js';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'style' | 'children'> {
  /** The label beside the box; it is also the box's accessible name. */
  children?: ReactNode;
  /** An extra class for layout. */
  className?: string;
}

/**
 * A checkbox with its label; the whole row toggles it (44 px tall). `isIndeterminate` shows a
 * dash (e.g. "select all" when some rows are selected).
 */
export const Checkbox = forwardRef<HTMLLabelElement, CheckboxProps>(function Checkbox(
  { children, className, ...props },
  ref,
) {
  return (
    <AriaCheckbox {...props} ref={ref} className={cx(styles.choice, className)}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.checkbox} aria-hidden>
            {isIndeterminate ? (
              <Minus size={14} strokeWidth={3} />
            ) : isSelected ? (
              <Check size={14} strokeWidth={3} />
            ) : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
});
