import { ChevronDown } from '../private/icons.js';
import { useState } from 'react';
import {
  Button,
  Group,
  Input,
  ListBox,
  Select,
  SelectValue,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { uiStringTable, useFormattedStrings } from '../../i18n/strings.js';
import {
  callingCodeOf,
  formatPhoneAsYouType,
  parsePhone,
  phoneCountries,
  type ParsedPhone,
  type PhoneCountry,
} from '../../lib/phone.js';
import { Option, Popover, popoverStyles } from '../private/Popover.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';
import * as styles from './PhoneInput.css.js';

const strings = uiStringTable([
  'phone.country',
  'phone.country.KH',
  'phone.country.US',
  'phone.country.CA',
  'phone.country.GB',
  'phone.country.AU',
  'phone.problem.too-short',
  'phone.problem.too-long',
  'phone.problem.invalid',
  'phone.problem.unsupported-country',
  'phone.problem.not-a-number',
]);

export interface PhoneInputProps
  extends
    Omit<
      AriaTextFieldProps,
      'className' | 'style' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'type'
    >,
    FieldProps {
  /** The stored number in E.164 (`+85512345678`), controlled. */
  value?: string | null;
  /** The stored number first shown (uncontrolled). */
  defaultValue?: string | null;
  /**
   * Called as the number is typed: with its E.164 form when it is a valid number of a supported
   * country, or null while it is empty or not (yet) valid; `parsed` says why.
   */
  onChange?: (e164: string | null, parsed: ParsedPhone) => void;
  /**
   * The country assumed for numbers typed without +.
   * @default 'KH'
   */
  defaultCountry?: PhoneCountry;
  /** A hint shown while the field is empty; not a replacement for the label. */
  placeholder?: string;
  /** An extra class for layout. */
  className?: string;
}

function initialState(value: string | null | undefined, fallback: PhoneCountry) {
  if (!value) return { country: fallback, text: '' };
  const parsed = parsePhone(value, fallback);
  // A stored value that is not a valid number is shown as it is, never "fixed".
  return parsed.ok
    ? { country: parsed.country, text: parsed.national }
    : { country: fallback, text: value };
}

/**
 * A phone number with its country (Cambodia by default; US, Canada, UK, Australia): formats as
 * you type, reads Khmer digits, emits E.164 for storage. A wrong number is explained in a
 * translated message once the field is left, never silently changed.
 */
export function PhoneInput({
  label,
  description,
  errorMessage,
  value,
  defaultValue,
  onChange,
  defaultCountry = 'KH',
  placeholder,
  className,
  isInvalid,
  isDisabled,
  onBlur,
  ...props
}: PhoneInputProps) {
  const t = useFormattedStrings(strings);
  const [state, setState] = useState(() => initialState(value ?? defaultValue, defaultCountry));
  const [touched, setTouched] = useState(false);
  const [lastValue, setLastValue] = useState(value);
  const { country, text } = state;
  const parsed = parsePhone(text, country);
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== undefined && (parsed.ok ? parsed.e164 : null) !== value) {
      setState(initialState(value, country));
    }
  }

  const update = (nextText: string, nextCountry: PhoneCountry) => {
    const formatted = /[^\d\u17e0-\u17e9\s+().\-/]/.test(nextText)
      ? nextText
      : formatPhoneAsYouType(nextText, nextCountry);
    setState({ country: nextCountry, text: formatted });
    const result = parsePhone(formatted, nextCountry);
    onChange?.(result.ok ? result.e164 : null, result);
  };

  const problem = !parsed.ok && parsed.problem !== 'empty' && touched ? parsed.problem : null;
  const message =
    errorMessage ??
    (problem && t(`phone.problem.${problem}`, { country: t(`phone.country.${country}`) }));

  return (
    <AriaTextField
      {...props}
      value={text}
      onChange={(next) => update(next, country)}
      onBlur={(e) => {
        setTouched(true);
        // "+44 …" typed with Cambodia chosen: the number names its country.
        if (parsed.ok && parsed.country !== country)
          setState({ country: parsed.country, text: parsed.national });
        onBlur?.(e);
      }}
      type="tel"
      isDisabled={isDisabled}
      isInvalid={message ? true : isInvalid}
      validationBehavior="aria"
      className={cx(fieldStyles.field, className)}
    >
      <FieldLabel>{label}</FieldLabel>
      <Group className={fieldStyles.group} isDisabled={isDisabled}>
        <Select
          aria-label={t('phone.country')}
          selectedKey={country}
          onSelectionChange={(key) => key && update(text, key as PhoneCountry)}
          isDisabled={isDisabled}
        >
          <Button className={styles.countryButton}>
            <SelectValue>{() => `+${callingCodeOf(country)}`}</SelectValue>
            <ChevronDown aria-hidden size={14} />
          </Button>
          <Popover placement="bottom start">
            <ListBox className={popoverStyles.listBox}>
              {phoneCountries.map((c) => (
                <Option key={c} id={c} textValue={t(`phone.country.${c}`)}>
                  {t(`phone.country.${c}`)} <span className={styles.code}>+{callingCodeOf(c)}</span>
                </Option>
              ))}
            </ListBox>
          </Popover>
        </Select>
        <Input
          className={fieldStyles.groupInput}
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={placeholder}
        />
      </Group>
      <FieldHelp description={description} errorMessage={message} />
    </AriaTextField>
  );
}
