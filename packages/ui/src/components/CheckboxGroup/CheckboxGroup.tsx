import {
  CheckboxGroup as AriaCheckboxGroup,
  type CheckboxGroupProps as AriaCheckboxGroupProps,
} from 'react-aria-components';
import { Checkbox } from '../Checkbox/Checkbox.js';
import * as styles from '../private/field/choice.css.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import type { FieldOption } from '../private/field/options.js';

export interface CheckboxGroupProps
  extends Omit<AriaCheckboxGroupProps, 'className' | 'style' | 'children'>, FieldProps {
  /** The choices; several may be checked. Ids are strings (react-aria's group values). */
  options: readonly FieldOption<string>[];
  /**
   * Lay the boxes out in a row (wrapping on phones) instead of a column.
   * @default 'vertical'
   */
  orientation?: 'vertical' | 'horizontal';
  /** An extra class for layout. */
  className?: string;
}

/** A labelled set of checkboxes whose value is the list of checked ids. */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  options,
  orientation = 'vertical',
  className,
  isInvalid,
  ...props
}: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup
      {...props}
      data-orientation={orientation}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(styles.group, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <div className={styles.options}>
        {options.map((option) => (
          <Checkbox key={option.id} value={option.id} isDisabled={option.isDisabled}>
            <span>
              {option.label}
              {option.description && (
                <span className={styles.optionDescription}>{option.description}</span>
              )}
            </span>
          </Checkbox>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaCheckboxGroup>
  );
}
