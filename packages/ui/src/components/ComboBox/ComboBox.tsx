import { ChevronDown, LoaderCircle } from '../private/icons.js';
import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  ComboBox as AriaComboBox,
  Group,
  Input,
  useFilter,
  type ComboBoxProps as AriaComboBoxProps,
  type Key,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Popover, popoverStyles } from '../private/Popover.js';
import {
  ChoiceList,
  choiceSelectionProps,
  type ChoiceValueProps,
  type ReplacedChoiceProps,
} from '../private/field/ChoiceParts.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import type { FieldOption } from '../private/field/options.js';
import * as styles from './ComboBox.css.js';

const strings = uiStringTable(['loading', 'select.noResults', 'select.showOptions', 'table.error']);

export interface ComboBoxProps<K extends Key = Key>
  extends
    Omit<
      AriaComboBoxProps<FieldOption<K>>,
      ReplacedChoiceProps | 'defaultItems' | 'inputValue' | 'onInputChange'
    >,
    FieldProps,
    ChoiceValueProps<K> {
  /** The choices, filtered as the user types (case-insensitive contains). */
  options?: readonly FieldOption<K>[];
  /**
   * Loads the choices for what was typed (server search); aborted when the text changes.
   * Use instead of `options` for long lists such as all students of a school.
   */
  loadOptions?: (query: string, signal: AbortSignal) => Promise<readonly FieldOption<K>[]>;
  /**
   * Milliseconds to wait after typing stops before loading. Default 250.
   * @default 250
   */
  debounceMs?: number;
  /** A hint shown in the empty input; never instead of the label. */
  placeholder?: string;
}

/**
 * A searchable list: type to filter (or to search the server with `loadOptions`), arrows to
 * move, Enter to choose. A failed load shows the error in the field, never a crash.
 */
export function ComboBox<K extends Key = Key>({
  label,
  description,
  errorMessage,
  options,
  loadOptions,
  debounceMs = 250,
  value,
  defaultValue,
  onChange,
  placeholder,
  className,
  isInvalid,
  ...props
}: ComboBoxProps<K>) {
  const t = useStrings(strings);
  const { contains } = useFilter({ sensitivity: 'base' });
  const [query, setQuery] = useState('');
  // The last answer of loadOptions and the text it answered; loading while they differ.
  const [result, setResult] = useState<{
    query: string;
    items: readonly FieldOption<K>[];
    failed: boolean;
  } | null>(null);
  const loading = !!loadOptions && result?.query !== query;
  const loadError = !!result?.failed;

  useEffect(() => {
    if (!loadOptions) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadOptions(query, controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setResult({ query, items, failed: false });
        },
        () => {
          if (!controller.signal.aborted)
            setResult((last) => ({ query, items: last?.items ?? [], failed: true }));
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [loadOptions, query, debounceMs]);

  const items = useMemo(
    () =>
      loadOptions ? (result?.items ?? []) : (options ?? []).filter((o) => contains(o.label, query)),
    [loadOptions, result, options, contains, query],
  );
  const message = errorMessage ?? (loadError ? t('table.error') : undefined);

  return (
    <AriaComboBox
      {...props}
      items={items}
      inputValue={query}
      onInputChange={setQuery}
      {...choiceSelectionProps({ value, defaultValue, onChange })}
      allowsEmptyCollection
      isInvalid={message ? true : isInvalid}
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={fieldStyles.group}>
        <Input placeholder={placeholder} className={fieldStyles.groupInput} />
        {loading && <LoaderCircle aria-hidden size={18} className={styles.spinner} />}
        <Button className={fieldStyles.groupButton} aria-label={t('select.showOptions')}>
          <ChevronDown aria-hidden size={18} />
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={message} />
      <Popover>
        <ChoiceList<K>
          renderEmptyState={() => (
            <div className={popoverStyles.empty} role="status">
              {loading ? t('loading') : t('select.noResults')}
            </div>
          )}
        />
      </Popover>
    </AriaComboBox>
  );
}
