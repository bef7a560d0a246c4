import {
  Radio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import * as styles from '../private/field/choice.css.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import type { FieldOption } from '../private/field/options.js';

export interface RadioGroupProps
  extends Omit<AriaRadioGroupProps, 'className' | 'style' | 'children'>, FieldProps {
  /** The choices; exactly one may be chosen. */
  options: readonly FieldOption<string>[];
  /**
   * `horizontal` for two or three short options side by side (they wrap on a phone).
   * @default 'vertical'
   */
  orientation?: 'horizontal' | 'vertical';
  /** An extra class for layout. */
  className?: string;
}

/** A labelled set of radio buttons: arrow keys move between them, Tab leaves the group. */
export function RadioGroup({
  label,
  description,
  errorMessage,
  options,
  className,
  isInvalid,
  orientation = 'vertical',
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      orientation={orientation}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(styles.group, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <div className={styles.options}>
        {options.map((option) => (
          <Radio
            key={option.id}
            value={option.id}
            isDisabled={option.isDisabled}
            className={styles.choice}
          >
            <span className={styles.radio} aria-hidden />
            <span>
              {option.label}
              {option.description && (
                <span className={styles.optionDescription}>{option.description}</span>
              )}
            </span>
          </Radio>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaRadioGroup>
  );
}
