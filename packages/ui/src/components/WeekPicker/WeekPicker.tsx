import { useMemo } from 'react';
import { DateFormatter } from '@internationalized/date';
import { useLocale } from 'react-aria-components';
import { uiLanguageOf, uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import {
  monthName,
  weekOfMonthRange,
  weeksInMonth,
  weeksOfMonth,
  type Month,
  type WeekOfMonth,
} from '../../lib/calendar.js';
import { formatNumber, toKhmerDigits, type DigitStyle } from '../../lib/khmerDigits.js';
import { Select, type SelectProps } from '../Select/Select.js';
import { useDigits } from '../../provider/digits.js';

const strings = uiStringTable(['date.weekOfMonth']);

export interface WeekPickerProps extends Omit<SelectProps<WeekOfMonth>, 'options'> {
  /** The year of the month; with `month`, each week shows its days and missing weeks are off. */
  year?: number;
  /** The month (1–12) whose weeks are listed. */
  month?: Month;
  /** `khmr` writes week numbers and dates with Khmer digits; unset, SalaProvider's `digits` applies. */
  digits?: DigitStyle;
}

/**
 * A week of a month, stored as its number (1–6, Monday-first weeks). Given the year and month,
 * each week shows its dates (e.g. "Week 2 · 2 – 8 Sep") and weeks the month lacks are disabled.
 */
export function WeekPicker({ year, month, digits: digitsProp, ...props }: WeekPickerProps) {
  const digits = useDigits(digitsProp);
  const t = useFormattedStrings(strings);
  const { locale } = useLocale();
  const dayMonth = useMemo(
    () => new DateFormatter(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    [locale],
  );
  const options = useMemo(() => {
    const count = year && month ? weeksInMonth(year, month) : 6;
    return weeksOfMonth.map((week) => {
      const name = t('date.weekOfMonth', { week: formatNumber(week, { digits }) });
      const range = year && month ? weekOfMonthRange(year, month, week) : null;
      let dates = '';
      if (range && month) {
        // Browsers have no Khmer month abbreviations: Khmer uses the ui's own month names.
        const n = (value: number) => formatNumber(value, { digits, useGrouping: false });
        const text =
          uiLanguageOf(locale) === 'km'
            ? `${n(range.start.day)} – ${n(range.end.day)} ${monthName(month, 'km')}`
            : dayMonth.formatRange(range.start.toDate('UTC'), range.end.toDate('UTC'));
        dates = ` · ${digits === 'khmr' ? toKhmerDigits(text) : text}`;
      }
      return { id: week, label: `${name}${dates}`, isDisabled: week > count };
    });
  }, [t, year, month, digits, dayMonth, locale]);
  return <Select<WeekOfMonth> {...props} options={options} />;
}
