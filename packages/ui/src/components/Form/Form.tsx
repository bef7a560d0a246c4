import { forwardRef, useMemo, type ReactNode } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { toFormErrors, type ValidationResultLike } from '../../lib/formErrors.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './Form.css.js';

const strings = uiStringTable(['form.errorSummary']);

export interface FormProps extends Omit<AriaFormProps, 'className' | 'style' | 'validationErrors'> {
  /**
   * The result of validating the form — a zod `safeParse` result, a ZodError, or flattened
   * errors — or the server's field errors. Each field shows the errors of its `name`
   * (nested names joined by dots: `guardian.phone`); errors without a field show at the top.
   */
  errors?: ValidationResultLike;
  children: ReactNode;
  /** An extra class for layout. */
  className?: string;
}

/**
 * A form whose fields show the errors of a validation result next to themselves, wired for
 * screen readers, with a summary at the top that is announced when errors appear.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(
  { errors, children, className, ...props },
  ref,
) {
  const t = useFormattedStrings(strings);
  const { fieldErrors, formErrors } = useMemo(() => toFormErrors(errors), [errors]);
  const fieldCount = Object.keys(fieldErrors).length;
  const hasErrors = fieldCount > 0 || formErrors.length > 0;
  return (
    <AriaForm
      {...props}
      ref={ref}
      validationErrors={fieldErrors}
      validationBehavior="aria"
      className={cx(styles.form, className)}
    >
      <div role="alert" aria-atomic="true">
        {hasErrors && (
          <div className={styles.summary}>
            {fieldCount > 0 && (
              <p style={{ margin: 0 }}>{t('form.errorSummary', { count: fieldCount })}</p>
            )}
            {formErrors.length > 0 && (
              <ul className={styles.summaryList}>
                {formErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      {children}
    </AriaForm>
  );
});
