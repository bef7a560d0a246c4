import { useMemo } from 'react';
import { useBilingual } from '../../lib/bilingual.js';
import { monthName, months, type Month } from '../../lib/calendar.js';
import { Select, type SelectProps } from '../Select/Select.js';

export interface MonthPickerProps extends Omit<SelectProps<Month>, 'options'> {
  /** Only these months may be chosen (e.g. the months of a semester); all twelve by default. */
  allowedMonths?: readonly Month[];
}

/**
 * A month, stored as its number (1–12) and shown by name in the current language
 * (មករា … ធ្នូ in Khmer).
 */
export function MonthPicker({ allowedMonths, ...props }: MonthPickerProps) {
  const { lang } = useBilingual();
  const options = useMemo(
    () =>
      months.map((m) => ({
        id: m,
        label: monthName(m, lang),
        isDisabled: allowedMonths ? !allowedMonths.includes(m) : false,
      })),
    [lang, allowedMonths],
  );
  return <Select<Month> {...props} options={options} />;
}
