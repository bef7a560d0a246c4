import { ChevronLeft, ChevronRight } from '../icons.js';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  RangeCalendar,
  type DateValue,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../../i18n/strings.js';
import * as styles from './calendar.css.js';

const strings = uiStringTable(['date.previous', 'date.next']);

function CalendarBody({ range }: { range?: boolean }) {
  const t = useStrings(strings);
  return (
    <>
      <header className={styles.header}>
        <Button slot="previous" className={styles.navButton} aria-label={t('date.previous')}>
          <ChevronLeft aria-hidden size={20} />
        </Button>
        <Heading className={styles.heading} />
        <Button slot="next" className={styles.navButton} aria-label={t('date.next')}>
          <ChevronRight aria-hidden size={20} />
        </Button>
      </header>
      <CalendarGrid className={styles.grid}>
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className={styles.headerCell}>{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>
          {(date) => (
            <CalendarCell
              date={date}
              className={range ? `${styles.cell} ${styles.rangeCell}` : styles.cell}
            />
          )}
        </CalendarGridBody>
      </CalendarGrid>
    </>
  );
}

/** A month calendar, Monday first, in the current locale (Khmer or English month names). */
export function MonthCalendar() {
  return (
    <Calendar<DateValue> firstDayOfWeek="mon" className={styles.calendar}>
      <CalendarBody />
    </Calendar>
  );
}

/** A month calendar for choosing a range of days, Monday first. */
export function MonthRangeCalendar() {
  return (
    <RangeCalendar<DateValue> firstDayOfWeek="mon" className={styles.calendar}>
      <CalendarBody range />
    </RangeCalendar>
  );
}
