import { ChevronDown } from 'lucide-react';
import {
  Button,
  ListBox,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Option, Popover, popoverStyles } from '../private/Popover.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import type { FieldOption } from '../private/field/options.js';

const strings = uiStringTable(['select.placeholder']);

export interface SelectProps<K extends Key = Key>
  extends
    Omit<
      AriaSelectProps<FieldOption<K>>,
      | 'className'
      | 'style'
      | 'children'
      | 'items'
      | 'selectedKey'
      | 'defaultSelectedKey'
      | 'onSelectionChange'
      | 'value'
      | 'defaultValue'
      | 'onChange'
    >,
    FieldProps {
  /** The choices, in the order shown. */
  options: readonly FieldOption<K>[];
  /** The chosen option's id (controlled); null for none. */
  value?: K | null;
  /** The option chosen first (uncontrolled). */
  defaultValue?: K | null;
  /** Called with the chosen option's id. */
  onChange?: (value: K | null) => void;
  /** Shown while nothing is chosen; defaults to "Select…" in the current language. */
  placeholder?: string;
  /** An extra class for layout. */
  className?: string;
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
      {...(value !== undefined ? { selectedKey: value } : {})}
      {...(defaultValue !== undefined ? { defaultSelectedKey: defaultValue } : {})}
      onSelectionChange={(key) => onChange?.(key as K | null)}
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
        <ListBox items={options} className={popoverStyles.listBox}>
          {(option) => (
            <Option id={option.id} textValue={option.label} isDisabled={option.isDisabled}>
              {option.label}
            </Option>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
