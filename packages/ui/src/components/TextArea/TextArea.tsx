import { forwardRef } from 'react';
import {
  TextArea as AriaTextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import * as styles from './TextArea.css.js';

export interface TextAreaProps
  extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children'>, FieldProps {
  /** A hint shown while the field is empty; not a replacement for the label. */
  placeholder?: string;
  /**
   * Visible lines of text before it scrolls; the box grows with Khmer's taller lines.
   * @default 4
   */
  rows?: number;
  /** An extra class for layout. */
  className?: string;
}

/** A labelled multi-line text input (comments on a report card, a leave reason). */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, description, errorMessage, placeholder, rows = 4, className, isInvalid, ...props },
  ref,
) {
  return (
    <AriaTextField
      {...props}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <AriaTextArea
        ref={ref}
        rows={rows}
        placeholder={placeholder}
        className={cx(fieldStyles.input, styles.textArea)}
      />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
});
