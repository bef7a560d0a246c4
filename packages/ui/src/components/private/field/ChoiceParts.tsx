import { ListBox, type Key, type ListBoxProps } from 'react-aria-components';
import { Option, popoverStyles } from '../Popover.js';
import type { FieldOption } from './options.js';

/** The react-aria props a one-choice field (Select, ComboBox) replaces with its own. */
export type ReplacedChoiceProps =
  | 'className'
  | 'style'
  | 'children'
  | 'items'
  | 'selectedKey'
  | 'defaultSelectedKey'
  | 'onSelectionChange'
  | 'value'
  | 'defaultValue'
  | 'onChange';

/** The value of a field that chooses one option (Select, ComboBox). */
export interface ChoiceValueProps<K extends Key> {
  /** The chosen option's id (controlled); null for none. */
  value?: K | null;
  /** The option chosen first (uncontrolled). */
  defaultValue?: K | null;
  /** Called with the chosen option's id. */
  onChange?: (value: K | null) => void;
  /** An extra class for layout. */
  className?: string;
}

/** `value`, `defaultValue` and `onChange` as react-aria's selection props. */
export function choiceSelectionProps<K extends Key>({
  value,
  defaultValue,
  onChange,
}: Pick<ChoiceValueProps<K>, 'value' | 'defaultValue' | 'onChange'>) {
  return {
    ...(value !== undefined ? { selectedKey: value } : {}),
    ...(defaultValue !== undefined ? { defaultSelectedKey: defaultValue } : {}),
    onSelectionChange: (key: Key | null) => onChange?.(key as K | null),
  };
}

/**
 * The options' list in the field's popover. Without `items` it lists what the field gives it
 * (a ComboBox's filtered options).
 */
export function ChoiceList<K extends Key>({
  items,
  renderEmptyState,
}: {
  items?: readonly FieldOption<K>[];
  renderEmptyState?: ListBoxProps<FieldOption<K>>['renderEmptyState'];
}) {
  return (
    <ListBox<FieldOption<K>>
      // An explicit `items: undefined` would hide the items the field provides.
      {...(items ? { items } : {})}
      {...(renderEmptyState ? { renderEmptyState } : {})}
      className={popoverStyles.listBox}
    >
      {(option) => (
        <Option id={option.id} textValue={option.label} isDisabled={option.isDisabled}>
          {option.label}
        </Option>
      )}
    </ListBox>
  );
}
