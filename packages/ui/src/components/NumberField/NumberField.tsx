import { Minus, Plus } from '../private/icons.js';
import { forwardRef, useState, type KeyboardEvent } from 'react';
import {
  Button,
  Group,
  Input,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import { formatNumber, parseNumber, type DigitStyle } from '../../lib/khmerDigits.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import { useDigits } from '../../provider/digits.js';

const strings = uiStringTable([
  'field.increase',
  'field.decrease',
  'field.notANumber',
  'field.outOfRange',
  'field.belowMin',
  'field.aboveMax',
]);

export interface NumberFieldProps
  extends
    Omit<
      AriaTextFieldProps,
      'className' | 'style' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'type'
    >,
    FieldProps {
  /** The number shown (controlled); null is empty. */
  value?: number | null;
  /**
   * The number shown first (uncontrolled).
   * @default null
   */
  defaultValue?: number | null;
  /**
   * Called with the number when the text is a number within range, or null when emptied.
   * Text that is not a number, or out of range, stays in the field with a message instead.
   */
  onChange?: (value: number | null) => void;
  /** The smallest number accepted (e.g. 0 for a score). */
  minValue?: number;
  /** The largest number accepted (e.g. the subject's maximum score). */
  maxValue?: number;
  /**
   * How much the stepper buttons and arrow keys change the number.
   * @default 1
   */
  step?: number;
  /**
   * `khmr` writes the number with Khmer digits (a user preference); both digit kinds are read.
   * Unset, SalaProvider's `digits` applies (Latin by default).
   */
  digits?: DigitStyle;
  /**
   * Decimals kept when the number is shown.
   * @default 2
   */
  maximumFractionDigits?: number;
  /**
   * Hide the − and + buttons (dense grids, scores typed directly).
   * @default false
   */
  hideStepper?: boolean;
  /** A hint shown while the field is empty; not a replacement for the label. */
  placeholder?: string;
  /** An extra class for layout. */
  className?: string;
}

type Problem = 'notANumber' | 'belowMin' | 'aboveMax' | 'outOfRange' | null;

function problemOf(n: number | null, text: string, min?: number, max?: number): Problem {
  if (!text.trim()) return null;
  if (n === null) return 'notANumber';
  const low = min !== undefined && n < min;
  const high = max !== undefined && n > max;
  if (!low && !high) return null;
  if (min !== undefined && max !== undefined) return 'outOfRange';
  return low ? 'belowMin' : 'aboveMax';
}

/**
 * A number input that reads Latin and Khmer digits, writes either, and never throws on bad
 * input: text that is not a number, or outside min–max, stays visible with a translated message.
 * Arrow up/down and the − / + buttons step it.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  {
    label,
    description,
    errorMessage,
    value,
    defaultValue = null,
    onChange,
    minValue,
    maxValue,
    step = 1,
    digits: digitsProp,
    maximumFractionDigits = 2,
    hideStepper,
    placeholder,
    className,
    isInvalid,
    isDisabled,
    isReadOnly,
    onBlur,
    ...props
  },
  ref,
) {
  const digits = useDigits(digitsProp);
  const t = useFormattedStrings(strings);
  const show = (n: number | null) =>
    n === null ? '' : formatNumber(n, { digits, maximumFractionDigits, useGrouping: false });
  const [text, setText] = useState(() => show(value !== undefined ? value : defaultValue));
  const [lastValue, setLastValue] = useState(value);
  // A new controlled value replaces what is shown.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== undefined && parseNumber(text) !== value) setText(show(value));
  }
  const parsed = parseNumber(text);
  const problem = problemOf(parsed, text, minValue, maxValue);
  const message =
    errorMessage ??
    (problem &&
      t(`field.${problem}`, {
        min: show(minValue ?? null),
        max: show(maxValue ?? null),
      }));

  const commit = (next: string) => {
    setText(next);
    const n = parseNumber(next);
    if (!next.trim()) onChange?.(null);
    else if (n !== null && !problemOf(n, next, minValue, maxValue)) onChange?.(n);
  };
  const stepBy = (direction: 1 | -1) => {
    const base = parsed ?? minValue ?? 0;
    let next = Math.round((base + direction * step) / step) * step;
    // Keep float noise out: 0.1 + 0.2 shows 0.3.
    next = Number(next.toFixed(10));
    if (minValue !== undefined) next = Math.max(minValue, next);
    if (maxValue !== undefined) next = Math.min(maxValue, next);
    commit(show(next));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      stepBy(e.key === 'ArrowUp' ? 1 : -1);
    }
  };
  const editable = !isDisabled && !isReadOnly;

  return (
    <AriaTextField
      {...props}
      value={text}
      onChange={commit}
      onBlur={(e) => {
        if (parsed !== null && !problem) setText(show(parsed));
        onBlur?.(e);
      }}
      isDisabled={isDisabled}
      isReadOnly={isReadOnly}
      isInvalid={message ? true : isInvalid}
      validationBehavior="aria"
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group
        className={fieldStyles.group}
        isDisabled={isDisabled}
        isInvalid={message ? true : isInvalid}
      >
        {!hideStepper && (
          <Button
            slot={null}
            className={fieldStyles.groupButton}
            aria-label={t('field.decrease')}
            excludeFromTabOrder
            isDisabled={
              !editable || (minValue !== undefined && parsed !== null && parsed <= minValue)
            }
            onPress={() => stepBy(-1)}
          >
            <Minus aria-hidden size={18} />
          </Button>
        )}
        <Input
          ref={ref}
          role="spinbutton"
          inputMode="decimal"
          autoComplete="off"
          aria-valuenow={parsed ?? undefined}
          aria-valuetext={text || undefined}
          aria-valuemin={minValue}
          aria-valuemax={maxValue}
          placeholder={placeholder}
          onKeyDown={onKeyDown}
          className={fieldStyles.groupInput}
          style={{ textAlign: hideStepper ? 'start' : 'center' }}
        />
        {!hideStepper && (
          <Button
            slot={null}
            className={fieldStyles.groupButton}
            aria-label={t('field.increase')}
            excludeFromTabOrder
            isDisabled={
              !editable || (maxValue !== undefined && parsed !== null && parsed >= maxValue)
            }
            onPress={() => stepBy(1)}
          >
            <Plus aria-hidden size={18} />
          </Button>
        )}
      </Group>
      <FieldHelp description={description} errorMessage={message} />
    </AriaTextField>
  );
});
