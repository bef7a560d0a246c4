import {
  TimeField as AriaTimeField,
  type TimeFieldProps as AriaTimeFieldProps,
  type TimeValue,
} from 'react-aria-components';
import { SegmentedInput } from '../private/field/DateParts.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';

export interface TimeFieldProps<T extends TimeValue = TimeValue>
  extends Omit<AriaTimeFieldProps<T>, 'className' | 'style' | 'children'>, FieldProps {
  /** An extra class for layout. */
  className?: string;
}

/**
 * A time of day typed segment by segment (a timetable period's start): arrows change the
 * focused segment, digits type it. Values are `@internationalized/date` Times.
 */
export function TimeField<T extends TimeValue = TimeValue>({
  label,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: TimeFieldProps<T>) {
  return (
    <AriaTimeField
      {...props}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <SegmentedInput className={cx(fieldStyles.group, fieldStyles.dateInput)} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTimeField>
  );
}
