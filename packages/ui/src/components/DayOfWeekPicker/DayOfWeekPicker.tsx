import { useId, type CSSProperties } from 'react';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { useBilingual } from '../../lib/bilingual.js';
import { dayColors, dayName, daysOfWeek, type DayOfWeek } from '../../lib/calendar.js';
import { cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import * as styles from './DayOfWeekPicker.css.js';

export interface DayOfWeekPickerProps extends FieldProps {
  /**
   * One day (a timetable slot) or several (the school's teaching days). Default single.
   * @default 'single'
   */
  selectionMode?: 'single' | 'multiple';
  /** The chosen days (controlled), 1 Monday – 7 Sunday. */
  value?: readonly DayOfWeek[];
  /** The days chosen first (uncontrolled). */
  defaultValue?: readonly DayOfWeek[];
  /** Called with the chosen days, Monday first. */
  onChange?: (days: DayOfWeek[]) => void;
  /** Days that cannot be chosen (e.g. Sunday when the school is closed). */
  disabledDays?: readonly DayOfWeek[];
  /**
   * Show short names (ចន្ទ, Mon) to fit a phone.
   * @default false
   */
  short?: boolean;
  /** Disables every day. */
  isDisabled?: boolean;
  /** An extra class for layout. */
  className?: string;
}

/**
 * The days of the week, Monday first, each in its traditional colour; arrows move between
 * them, Space/Enter chooses. Stores numbers, shows names in the current language.
 */
export function DayOfWeekPicker({
  label,
  description,
  errorMessage,
  selectionMode = 'single',
  value,
  defaultValue,
  onChange,
  disabledDays,
  short,
  isDisabled,
  className,
}: DayOfWeekPickerProps) {
  const { lang } = useBilingual();
  const labelId = useId();
  const helpId = useId();
  const toKeys = (days: readonly DayOfWeek[] | undefined) =>
    days ? new Set<Key>(days.map(String)) : undefined;
  return (
    <div className={cx(styles.group, className)}>
      <span id={labelId} className={fieldStyles.label}>
        {label}
      </span>
      <ToggleButtonGroup
        aria-labelledby={labelId}
        aria-describedby={description || errorMessage ? helpId : undefined}
        selectionMode={selectionMode}
        selectedKeys={toKeys(value)}
        defaultSelectedKeys={toKeys(defaultValue)}
        onSelectionChange={(keys) =>
          onChange?.([...keys].map(Number).sort((a, b) => a - b) as DayOfWeek[])
        }
        disallowEmptySelection={false}
        isDisabled={isDisabled}
        className={styles.days}
      >
        {daysOfWeek.map((day) => (
          <ToggleButton
            key={day}
            id={String(day)}
            isDisabled={disabledDays?.includes(day)}
            className={styles.day}
            style={
              {
                '--sala-day-tint': dayColors[day].tint,
                '--sala-day-tint-dark': dayColors[day].tintDark,
                '--sala-day-primary': dayColors[day].primary,
                '--sala-day-primary-dark': dayColors[day].primaryDark,
              } as CSSProperties
            }
          >
            {dayName(day, lang, short ? 'short' : 'long')}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <span id={helpId}>
        {description && <span className={fieldStyles.description}>{description}</span>}
        {errorMessage && <span className={fieldStyles.error}>{errorMessage}</span>}
      </span>
    </div>
  );
}
