import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css.js';

/** The column every field lays out in: label, control, description, error. */
export const field = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xsmall,
    minWidth: 0,
  },
  'field',
);

export const label = style(
  {
    fontSize: vars.fontSize.small,
    fontWeight: vars.fontWeight.medium,
    color: vars.color.text,
  },
  'label',
);

export const description = style(
  {
    fontSize: vars.fontSize.small,
    color: vars.color.textMuted,
  },
  'description',
);

export const error = style(
  {
    fontSize: vars.fontSize.small,
    color: vars.color.danger,
  },
  'error',
);

const focusRing = {
  borderColor: vars.color.focusRing,
  boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
};

/** A bordered text input (TextField, TextArea, PhoneInput's number). */
export const input = style(
  {
    width: '100%',
    minHeight: 44,
    paddingBlock: vars.space.small,
    paddingInline: vars.space.medium,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.medium,
    lineHeight: 'inherit',
    color: vars.color.text,
    backgroundColor: vars.color.surface,
    borderWidth: 1,
    borderStyle: 'solid',
    borderColor: vars.color.borderStrong,
    borderRadius: vars.radius.medium,
    outline: 'none',
    selectors: {
      '&::placeholder': { color: vars.color.textMuted },
      '&[data-hovered]': { borderColor: vars.color.text },
      '&[data-focused]': focusRing,
      '&[data-invalid]': { borderColor: vars.color.danger },
      '&[data-invalid][data-focused]': { boxShadow: `0 0 0 1px ${vars.color.danger}` },
      '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
    },
  },
  'input',
);

/** A bordered box holding an input and buttons (NumberField, PasswordField, ComboBox, dates). */
export const group = style(
  {
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    minHeight: 44,
    color: vars.color.text,
    backgroundColor: vars.color.surface,
    borderWidth: 1,
    borderStyle: 'solid',
    borderColor: vars.color.borderStrong,
    borderRadius: vars.radius.medium,
    overflow: 'hidden',
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.text },
      '&[data-focus-within]': focusRing,
      '&:focus-within': focusRing,
      '&[data-invalid]': { borderColor: vars.color.danger },
      '&[data-disabled]': { opacity: 0.6 },
    },
  },
  'group',
);

/** The input inside a group: no border of its own. */
export const groupInput = style(
  {
    flex: 1,
    minWidth: 0,
    minHeight: 42,
    paddingBlock: vars.space.small,
    paddingInline: vars.space.medium,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.medium,
    lineHeight: 'inherit',
    color: 'inherit',
    background: 'transparent',
    border: 'none',
    outline: 'none',
    selectors: { '&::placeholder': { color: vars.color.textMuted } },
  },
  'groupInput',
);

/** A square 44 px button inside a group (stepper, show password, open calendar). */
export const groupButton = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    minWidth: 44,
    minHeight: 42,
    padding: 0,
    border: 'none',
    background: 'transparent',
    color: vars.color.textMuted,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover, color: vars.color.text },
      '&[data-pressed]': { backgroundColor: vars.color.surfaceSunken },
      '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
      '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
    },
  },
  'groupButton',
);

/** The button that opens a Select: looks like an input. */
export const selectButton = style(
  [
    input,
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: vars.space.small,
      textAlign: 'start',
      cursor: 'pointer',
      selectors: {
        '&[data-focus-visible]': focusRing,
        '&[data-pressed]': { backgroundColor: vars.color.surfaceSunken },
      },
    },
  ],
  'selectButton',
);

export const placeholder = style({ color: vars.color.textMuted }, 'placeholder');

/** Date and time segments. */
export const dateInput = style(
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    flex: 1,
    minWidth: 0,
    paddingBlock: vars.space.small,
    paddingInline: vars.space.medium,
  },
  'dateInput',
);

export const segment = style(
  {
    paddingInline: 1,
    borderRadius: vars.radius.small,
    fontVariantNumeric: 'tabular-nums',
    outline: 'none',
    selectors: {
      '&[data-placeholder]': { color: vars.color.textMuted },
      '&[data-type="literal"]': { color: vars.color.textMuted },
      '&[data-focused]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
    },
  },
  'segment',
);
