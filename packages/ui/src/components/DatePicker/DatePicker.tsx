import {
  DatePicker as AriaDatePicker,
  Group,
  type DatePickerProps as AriaDatePickerProps,
  type DateValue,
} from 'react-aria-components';
import { MonthCalendar } from '../private/field/CalendarParts.js';
import { CalendarButton, CalendarPopover, SegmentedInput } from '../private/field/DateParts.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';

export interface DatePickerProps<T extends DateValue = DateValue>
  extends Omit<AriaDatePickerProps<T>, 'className' | 'style' | 'children'>, FieldProps {
  /** An extra class for layout. */
  className?: string;
}

/**
 * A date typed segment by segment (day, month, year in the locale's order) or picked from a
 * Monday-first calendar in Khmer or English. Values are `@internationalized/date` dates, e.g.
 * `parseDate('2026-01-15')`; `minValue`/`maxValue` mark other days unavailable.
 */
export function DatePicker<T extends DateValue = DateValue>({
  label,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: DatePickerProps<T>) {
  return (
    <AriaDatePicker
      {...props}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={fieldStyles.group}>
        <SegmentedInput className={fieldStyles.dateInput} />
        <CalendarButton />
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <CalendarPopover>
        <MonthCalendar />
      </CalendarPopover>
    </AriaDatePicker>
  );
}
