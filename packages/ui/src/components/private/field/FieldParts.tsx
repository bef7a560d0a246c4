import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import * as styles from './field.css.js';

/** The props every labelled field shares. */
export interface FieldProps {
  /** The visible label; every field has one. */
  label: ReactNode;
  /** Help shown under the field and read by screen readers with it. */
  description?: ReactNode;
  /** A message that marks the field invalid (e.g. from the server or a zod result). */
  errorMessage?: ReactNode;
}

/** The field's label, styled; react-aria wires it to the control. */
export function FieldLabel({ children }: { children: ReactNode }) {
  return <Label className={styles.label}>{children}</Label>;
}

/**
 * The description and the error under a control; react-aria links both to the control with
 * aria-describedby. The error shows only while the field is invalid.
 */
export function FieldHelp({
  description,
  errorMessage,
}: Pick<FieldProps, 'description' | 'errorMessage'>) {
  return (
    <>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </>
  );
}

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
