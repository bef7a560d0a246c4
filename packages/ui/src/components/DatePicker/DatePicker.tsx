import { CalendarDays } from 'lucide-react';
import {
  Button,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  type DatePickerProps as AriaDatePickerProps,
  type DateValue,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Popover } from '../private/Popover.js';
import { MonthCalendar } from '../private/field/CalendarParts.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as calendarStyles from '../private/field/calendar.css.js';
import * as fieldStyles from '../private/field/field.css.js';

const strings = uiStringTable(['date.openCalendar']);

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
  const t = useStrings(strings);
  return (
    <AriaDatePicker
      {...props}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={fieldStyles.group}>
        <DateInput className={fieldStyles.dateInput}>
          {(segment) => <DateSegment segment={segment} className={fieldStyles.segment} />}
        </DateInput>
        <Button className={fieldStyles.groupButton} aria-label={t('date.openCalendar')}>
          <CalendarDays aria-hidden size={18} />
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover placement="bottom end">
        <Dialog className={calendarStyles.dialog}>
          <MonthCalendar />
        </Dialog>
      </Popover>
    </AriaDatePicker>
  );
}
