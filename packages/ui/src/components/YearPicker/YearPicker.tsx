import { useMemo } from 'react';
import { formatNumber, type DigitStyle } from '../../lib/khmerDigits.js';
import { Select, type SelectProps } from '../Select/Select.js';
import { useDigits } from '../../provider/digits.js';

export interface YearPickerProps extends Omit<SelectProps<number>, 'options'> {
  /** The first year listed. Default: ten years ago. */
  minYear?: number;
  /** The last year listed. Default: next year. */
  maxYear?: number;
  /** `khmr` writes years with Khmer digits; unset, SalaProvider's `digits` applies. */
  digits?: DigitStyle;
}

/** A calendar year from a range, newest first. */
export function YearPicker({ minYear, maxYear, digits: digitsProp, ...props }: YearPickerProps) {
  const digits = useDigits(digitsProp);
  const thisYear = new Date().getFullYear();
  const first = minYear ?? thisYear - 10;
  const last = maxYear ?? thisYear + 1;
  const options = useMemo(() => {
    const years = [];
    for (let y = last; y >= first; y--)
      years.push({ id: y, label: formatNumber(y, { digits, useGrouping: false }) });
    return years;
  }, [first, last, digits]);
  return <Select<number> {...props} options={options} />;
}
