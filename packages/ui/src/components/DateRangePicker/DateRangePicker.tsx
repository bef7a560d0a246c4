import { CalendarDays } from 'lucide-react';
import {
  Button,
  DateInput,
  DateRangePicker as AriaDateRangePicker,
  DateSegment,
  Dialog,
  Group,
  type DateRangePickerProps as AriaDateRangePickerProps,
  type DateValue,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Popover } from '../private/Popover.js';
import { MonthRangeCalendar } from '../private/field/CalendarParts.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as calendarStyles from '../private/field/calendar.css.js';
import * as fieldStyles from '../private/field/field.css.js';
import * as styles from './DateRangePicker.css.js';

const strings = uiStringTable(['date.openCalendar']);

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
  const t = useStrings(strings);
  return (
    <AriaDateRangePicker
      {...props}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={fieldStyles.group}>
        <div className={styles.inputs}>
          <DateInput slot="start" className={styles.input}>
            {(segment) => <DateSegment segment={segment} className={fieldStyles.segment} />}
          </DateInput>
          <span aria-hidden className={styles.dash}>
            –
          </span>
          <DateInput slot="end" className={styles.input}>
            {(segment) => <DateSegment segment={segment} className={fieldStyles.segment} />}
          </DateInput>
        </div>
        <Button className={fieldStyles.groupButton} aria-label={t('date.openCalendar')}>
          <CalendarDays aria-hidden size={18} />
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover placement="bottom end">
        <Dialog className={calendarStyles.dialog}>
          <MonthRangeCalendar />
        </Dialog>
      </Popover>
    </AriaDateRangePicker>
  );
}
