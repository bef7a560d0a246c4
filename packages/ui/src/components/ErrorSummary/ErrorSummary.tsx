import { forwardRef, useEffect, useId, useImperativeHandle, useRef, type ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { cx } from '../private/cx.js';
import * as styles from './ErrorSummary.css.js';
import { focusField } from './focusField.js';

/** One field's problem in the summary. */
export interface ErrorSummaryItem {
  /** The field's `name` in its form (nested names joined by dots), or the id of its control. */
  name: string;
  /** The field's label, as the form shows it next to the field. */
  label: ReactNode;
  /** Why the field was refused, as shown next to it. */
  message: ReactNode;
}

export interface ErrorSummaryProps {
  /** The fields to correct, in the order the form shows them. */
  errors: readonly ErrorSummaryItem[];
  /**
   * Problems of the whole form that no single field causes (a conflict, a lost connection).
   * @default []
   */
  formErrors?: readonly ReactNode[];
  /**
   * Changes each time the form is submitted with errors (a submit count): the summary then takes
   * the focus, so a screen reader reads it and a keyboard user starts from it.
   */
  focusKey?: string | number;
  /** A title instead of the count of fields ("2 fields need your attention"). */
  title?: ReactNode;
  /** An extra class for layout. */
  className?: string;
}

const strings = uiStringTable(['form.errorSummary', 'form.errorSummaryTitle']);

/**
 * The errors of a form, listed at its top: a title with how many fields need attention, then
 * each field's label and message as a link that brings the field into view and puts the cursor
 * in it (as GOV.UK's and Primer's error summaries do). Renders nothing without errors.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { errors, formErrors = [], focusKey, title, className },
  ref,
) {
  const t = useFormattedStrings(strings);
  const titleId = useId();
  const own = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => own.current!, []);
  const hasErrors = errors.length > 0 || formErrors.length > 0;

  // A new submission moves the focus here once its errors are shown (they may arrive a render
  // after the submission is counted), never again while the user corrects them.
  const focusedFor = useRef<string | number | undefined>(undefined);
  useEffect(() => {
    if (focusKey === undefined || focusKey === 0 || !hasErrors) return;
    if (focusedFor.current === focusKey) return;
    focusedFor.current = focusKey;
    own.current?.focus({ preventScroll: true });
    own.current?.scrollIntoView?.({ block: 'nearest' });
  }, [focusKey, hasErrors]);

  if (!hasErrors) return null;
  const scope = () => own.current?.closest('form') ?? own.current?.ownerDocument ?? document;
  return (
    <div
      ref={own}
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      className={cx(styles.summary, className)}
    >
      <h2 id={titleId} className={styles.title}>
        {title ??
          (errors.length > 0
            ? t('form.errorSummary', { count: errors.length })
            : t('form.errorSummaryTitle'))}
      </h2>
      <ul className={styles.list}>
        {formErrors.map((message, index) => (
          <li key={`form-${index}`} className={styles.item}>
            {message}
          </li>
        ))}
        {errors.map((error) => (
          <li key={error.name} className={styles.item}>
            <Link className={styles.link} onPress={() => focusField(scope(), error.name)}>
              <span className={styles.label}>{error.label}</span>
              {': '}
              {error.message}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
});
