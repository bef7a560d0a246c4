import { CalendarDays } from '../icons.js';
import type { ReactNode } from 'react';
import { Button, DateInput, DateSegment, Dialog, useLocale } from 'react-aria-components';
import { uiLanguageOf, uiStringTable, useStrings } from '../../../i18n/strings.js';
import { Popover } from '../Popover.js';
import * as calendarStyles from './calendar.css.js';
import * as styles from './field.css.js';

const strings = uiStringTable(['date.openCalendar', 'date.day', 'date.month', 'date.year']);

/** A date or a time typed segment by segment (day, month, year or hours, minutes, in the locale's order). */
export function SegmentedInput({ className, slot }: { className: string; slot?: 'start' | 'end' }) {
  const t = useStrings(strings);
  const { locale } = useLocale();
  // react-aria has no Khmer placeholders ("dd/mm/yyyy" would show): empty date parts read
  // ថ្ងៃ / ខែ / ឆ្នាំ (day / month / year) in Khmer.
  const ownPlaceholders = uiLanguageOf(locale) === 'km';
  return (
    <DateInput slot={slot} className={className}>
      {(segment) => (
        <DateSegment segment={segment} className={styles.segment}>
          {({ text, isPlaceholder, type }) =>
            ownPlaceholders &&
            isPlaceholder &&
            (type === 'day' || type === 'month' || type === 'year')
              ? t(`date.${type}`)
              : text
          }
        </DateSegment>
      )}
    </DateInput>
  );
}

/** The button at the end of a date field that opens its calendar. */
export function CalendarButton() {
  const t = useStrings(strings);
  return (
    <Button className={styles.groupButton} aria-label={t('date.openCalendar')}>
      <CalendarDays aria-hidden size={18} />
    </Button>
  );
}

/** The calendar's popover, under the field's end. */
export function CalendarPopover({ children }: { children: ReactNode }) {
  return (
    <Popover placement="bottom end">
      <Dialog className={calendarStyles.dialog}>{children}</Dialog>
    </Popover>
  );
}
