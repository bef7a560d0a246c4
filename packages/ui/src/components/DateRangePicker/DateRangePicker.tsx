import {
  DateRangePicker as AriaDateRangePicker,
  Group,
  type DateRangePickerProps as AriaDateRangePickerProps,
  type DateValue,
} from 'react-aria-components';
import { MonthRangeCalendar } from '../private/field/CalendarParts.js';
import { CalendarButton, CalendarPopover, SegmentedInput } from '../private/field/DateParts.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import * as styles from './DateRangePicker.css.js';

export interface DateRangePickerProps<T extends DateValue = DateValue>
  extends Omit<AriaDateRangePickerProps<T>, 'className' | 'style' | 'children'>, FieldProps {
  /** An extra class for layout. */
  className?: string;
}

/**
 * A start and end date (a leave request, a term, a report's period), typed or picked in a
 * Monday-first calendar: the first click sets the start, the second the end.
 */
export function DateRangePicker<T extends DateValue = DateValue>({
  label,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: DateRangePickerProps<T>) {
  return (
    <AriaDateRangePicker
      {...props}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={fieldStyles.group}>
        <div className={styles.inputs}>
          <SegmentedInput slot="start" className={styles.input} />
          <span aria-hidden className={styles.dash}>
            –
          </span>
          <SegmentedInput slot="end" className={styles.input} />
        </div>
        <CalendarButton />
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <CalendarPopover>
        <MonthRangeCalendar />
      </CalendarPopover>
    </AriaDateRangePicker>
  );
}
