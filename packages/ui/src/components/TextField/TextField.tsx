import { forwardRef, type ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import * as styles from './TextField.css.js';

export interface TextFieldProps extends Omit<
  AriaTextFieldProps,
  'className' | 'style' | 'children'
> {
  /** The visible label; every field has one. */
  label: ReactNode;
  /** Help shown under the field and read by screen readers with it. */
  description?: ReactNode;
  /** A message that marks the field invalid (e.g. from the server or a zod result). */
  errorMessage?: ReactNode;
  /** A hint shown while the field is empty; not a replacement for the label. */
  placeholder?: string;
  /** An extra class for layout. */
  className?: string;
}

/**
 * A labelled single-line text input. The label, description and error are wired to the input
 * for screen readers by react-aria; an `errorMessage` marks the field invalid.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, description, errorMessage, placeholder, className, isInvalid, ...props },
  ref,
) {
  return (
    <AriaTextField
      {...props}
      isInvalid={errorMessage ? true : isInvalid}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      <Input ref={ref} className={styles.input} placeholder={placeholder} />
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </AriaTextField>
  );
});
