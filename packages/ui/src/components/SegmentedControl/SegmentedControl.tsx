import { useId } from 'react';
import { Radio, RadioGroup, type RadioGroupProps } from 'react-aria-components';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as styles from './SegmentedControl.css.js';

export const segmentTones = ['neutral', 'success', 'danger', 'warning', 'info'] as const;
export type SegmentTone = (typeof segmentTones)[number];

export interface Segment<V extends string = string> {
  /** The value stored when this segment is chosen (e.g. `P`, `A`, `E`, `L`). */
  id: V;
  /** The segment's visible name (the status name, e.g. Present). */
  label: string;
  /** A short code shown before the name, e.g. P for Present; hidden on narrow segments. */
  code?: string;
  /** The colour the segment takes when chosen. */
  tone?: SegmentTone;
  /** The segment cannot be chosen. */
  isDisabled?: boolean;
}

export interface SegmentedControlProps<V extends string = string>
  extends
    Omit<
      RadioGroupProps,
      'className' | 'style' | 'children' | 'value' | 'defaultValue' | 'onChange'
    >,
    Partial<FieldProps> {
  /** The choices, side by side. */
  segments: readonly Segment<V>[];
  /** The chosen id (controlled). */
  value?: V | null;
  /** The id chosen first (uncontrolled). */
  defaultValue?: V | null;
  /** Called with the chosen id. */
  onChange?: (value: V) => void;
  /**
   * Show only the codes (dense attendance sheets); names stay the accessible names.
   * @default false
   */
  compact?: boolean;
  /** The accessible name when no visible label is shown (e.g. the student in a sheet row). */
  'aria-label'?: string;
  /** An extra class for layout. */
  className?: string;
}

/**
 * One choice out of a few, shown side by side — the attendance status of a student (Present,
 * Absent, Permission, Late), each in its colour. A radio group underneath: arrows move and
 * choose, Tab leaves.
 */
export function SegmentedControl<V extends string = string>({
  label,
  description,
  errorMessage,
  segments,
  value,
  defaultValue,
  onChange,
  compact,
  className,
  isInvalid,
  ...props
}: SegmentedControlProps<V>) {
  const titleId = useId();
  return (
    <RadioGroup
      {...props}
      orientation="horizontal"
      {...(value !== undefined ? { value } : {})}
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      onChange={(v) => onChange?.(v as V)}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(styles.group, className)}
    >
      {label && <FieldLabel>{label}</FieldLabel>}
      <div className={styles.segments}>
        {segments.map((segment) => (
          <Radio
            key={segment.id}
            value={segment.id}
            isDisabled={segment.isDisabled}
            aria-label={compact ? segment.label : undefined}
            className={cx(styles.segment, styles.tones[segment.tone ?? 'neutral'])}
          >
            {segment.code && (
              <span className={styles.code} aria-hidden={!compact ? true : undefined}>
                {segment.code}
              </span>
            )}
            {!compact && <span id={`${titleId}-${segment.id}`}>{segment.label}</span>}
          </Radio>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RadioGroup>
  );
}
