import { ChevronDown } from '../private/icons.js';
import {
  Button,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Popover } from '../private/Popover.js';
import {
  ChoiceList,
  choiceSelectionProps,
  type ChoiceValueProps,
  type ReplacedChoiceProps,
} from '../private/field/ChoiceParts.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import type { FieldOption } from '../private/field/options.js';

const strings = uiStringTable(['select.placeholder']);

export interface SelectProps<K extends Key = Key>
  extends
    Omit<AriaSelectProps<FieldOption<K>>, ReplacedChoiceProps>,
    FieldProps,
    ChoiceValueProps<K> {
  /** The choices, in the order shown. */
  options: readonly FieldOption<K>[];
  /** Shown while nothing is chosen; defaults to "Select…" in the current language. */
  placeholder?: string;
}

/**
 * A labelled drop-down list of options. Keyboard: Space/Enter/arrows open it, typing jumps to
 * an option. Use ComboBox when the list is long enough to need searching.
 */
export function Select<K extends Key = Key>({
  label,
  description,
  errorMessage,
  options,
  value,
  defaultValue,
  onChange,
  placeholder,
  className,
  isInvalid,
  ...props
}: SelectProps<K>) {
  const t = useStrings(strings);
  return (
    <AriaSelect
      {...props}
      {...choiceSelectionProps({ value, defaultValue, onChange })}
      placeholder={placeholder ?? t('select.placeholder')}
      isInvalid={errorMessage ? true : isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Button className={fieldStyles.selectButton}>
        <SelectValue<FieldOption<K>>>
          {({ selectedText, isPlaceholder, defaultChildren }) =>
            isPlaceholder ? (
              <span className={fieldStyles.placeholder}>{defaultChildren}</span>
            ) : (
              selectedText
            )
          }
        </SelectValue>
        <ChevronDown aria-hidden size={18} />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover>
        <ChoiceList items={options} />
      </Popover>
    </AriaSelect>
  );
}
