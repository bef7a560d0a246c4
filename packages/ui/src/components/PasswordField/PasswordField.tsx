import { Eye, EyeOff } from '../private/icons.js';
import { forwardRef, useState } from 'react';
import {
  Button,
  Group,
  Input,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { FieldHelp, FieldLabel, cx, type FieldProps } from '../private/field/FieldParts.js';
import * as fieldStyles from '../private/field/field.css.js';

const strings = uiStringTable(['field.showPassword', 'field.hidePassword']);

export interface PasswordFieldProps
  extends Omit<AriaTextFieldProps, 'className' | 'style' | 'children' | 'type'>, FieldProps {
  /** A hint shown while the field is empty; not a replacement for the label. */
  placeholder?: string;
  /**
   * `current-password` to sign in, `new-password` when choosing one.
   * @default 'current-password'
   */
  autoComplete?: 'current-password' | 'new-password';
  /** An extra class for layout. */
  className?: string;
}

/**
 * A password input with a show/hide button (people on phones mistype passwords they cannot see).
 * The button is a toggle: screen readers hear whether the password is shown.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(
    {
      label,
      description,
      errorMessage,
      placeholder,
      autoComplete = 'current-password',
      className,
      isInvalid,
      isDisabled,
      ...props
    },
    ref,
  ) {
    const t = useStrings(strings);
    const [visible, setVisible] = useState(false);
    const invalid = errorMessage ? true : isInvalid;
    return (
      <AriaTextField
        {...props}
        type={visible ? 'text' : 'password'}
        isDisabled={isDisabled}
        isInvalid={invalid}
        className={cx(fieldStyles.field, className)}
      >
        <FieldLabel>{label}</FieldLabel>
        <Group className={fieldStyles.group} isDisabled={isDisabled} isInvalid={invalid}>
          <Input
            ref={ref}
            placeholder={placeholder}
            autoComplete={autoComplete}
            spellCheck={false}
            autoCapitalize="off"
            className={fieldStyles.groupInput}
          />
          <Button
            slot={null}
            className={fieldStyles.groupButton}
            aria-label={t(visible ? 'field.hidePassword' : 'field.showPassword')}
            aria-pressed={visible}
            isDisabled={isDisabled}
            onPress={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
          </Button>
        </Group>
        <FieldHelp description={description} errorMessage={errorMessage} />
      </AriaTextField>
    );
  },
);
