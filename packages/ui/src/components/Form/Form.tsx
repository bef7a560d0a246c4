import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import { toFormErrors, type ValidationResultLike } from '../../lib/formErrors.js';
import { ErrorSummary } from '../ErrorSummary/ErrorSummary.js';
import { findField } from '../ErrorSummary/focusField.js';
import { cx } from '../private/field/FieldParts.js';
import * as styles from './Form.css.js';

export interface FormProps extends Omit<AriaFormProps, 'className' | 'style' | 'validationErrors'> {
  /**
   * The result of validating the form — a zod `safeParse` result, a ZodError, or flattened
   * errors — or the server's field errors. Each field shows the errors of its `name`
   * (nested names joined by dots: `guardian.phone`); errors without a field show at the top.
   */
  errors?: ValidationResultLike;
  /**
   * The fields' labels by name, for the summary; a field left out is named by the label the
   * form shows for it.
   * @default {}
   */
  labels?: Readonly<Record<string, ReactNode>>;
  /** Changes with each submission that found errors: the summary then takes the focus. */
  submitCount?: number;
  /** The fields and the submit button. */
  children: ReactNode;
  /** An extra class for layout. */
  className?: string;
}

/** The text of the label a control is known by (its `<label>`, or what labels its group). */
function labelText(control: HTMLElement): string {
  const own = (control as HTMLInputElement).labels?.[0]?.textContent;
  if (own) return own;
  const group = control.closest('[aria-labelledby]');
  const ids = group?.getAttribute('aria-labelledby')?.split(' ') ?? [];
  return ids
    .map((id) => control.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/**
 * A form whose fields show the errors of a validation result next to themselves, wired for
 * screen readers, with an error summary at the top that links to each field and is announced
 * when errors appear.
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(
  { errors, labels = {}, submitCount, children, className, ...props },
  ref,
) {
  const own = useRef<HTMLFormElement>(null);
  useImperativeHandle(ref, () => own.current!, []);
  const { fieldErrors, formErrors } = useMemo(() => toFormErrors(errors), [errors]);
  const [shownLabels, setShownLabels] = useState<Record<string, string>>({});
  useLayoutEffect(() => {
    const form = own.current;
    if (!form) return;
    const found: Record<string, string> = {};
    for (const name of Object.keys(fieldErrors)) {
      const control = findField(form, name);
      found[name] = control ? labelText(control) : name;
    }
    setShownLabels(found);
  }, [fieldErrors]);

  return (
    <AriaForm
      {...props}
      ref={own}
      validationErrors={fieldErrors}
      validationBehavior="aria"
      className={cx(styles.form, className)}
    >
      <ErrorSummary
        errors={Object.entries(fieldErrors).map(([name, messages]) => ({
          name,
          label: labels[name] ?? shownLabels[name] ?? name,
          message: messages.join(' '),
        }))}
        formErrors={formErrors}
        {...(submitCount !== undefined ? { focusKey: submitCount } : {})}
      />
      {children}
    </AriaForm>
  );
});
