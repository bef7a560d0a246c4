import { useMemo } from 'react';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { useBilingual, type BilingualText } from '../../lib/bilingual.js';
import { Select, type SelectProps } from '../Select/Select.js';

const strings = uiStringTable(['date.current']);

/** An academic year as the school defines it (it moves from year to year: never hard-coded). */
export interface AcademicYearOption {
  /** The year's id: the value the picker reports. */
  id: string;
  /** Its name, e.g. "2025–2026" (or in both languages). */
  name: string | BilingualText;
  /** Marks the year in progress; listed with "(current)" and chosen by default. */
  isCurrent?: boolean;
  /** Listed but not selectable (e.g. a year not yet opened). */
  isDisabled?: boolean;
}

export interface AcademicYearPickerProps extends Omit<SelectProps<string>, 'options'> {
  /** The school's academic years, newest first, as loaded from the server. */
  years: readonly AcademicYearOption[];
}

/** Chooses one of the school's academic years; the list comes from the server, never a table. */
export function AcademicYearPicker({ years, defaultValue, ...props }: AcademicYearPickerProps) {
  const { pick } = useBilingual();
  const t = useStrings(strings);
  const options = useMemo(
    () =>
      years.map((y) => ({
        id: y.id,
        label: `${typeof y.name === 'string' ? y.name : pick(y.name)}${y.isCurrent ? ` (${t('date.current')})` : ''}`,
        isDisabled: y.isDisabled,
      })),
    [years, pick, t],
  );
  const current = years.find((y) => y.isCurrent)?.id;
  return (
    <Select<string>
      {...props}
      defaultValue={
        defaultValue === undefined && props.value === undefined ? current : defaultValue
      }
      options={options}
    />
  );
}
