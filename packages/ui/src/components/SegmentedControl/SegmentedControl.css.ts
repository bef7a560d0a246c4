import { createVar, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

/** The colour of a segment when chosen (e.g. an attendance status's colour). */
export const toneColor = createVar();
export const toneText = createVar();

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });

export const segments = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: 2,
  padding: 2,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
  alignSelf: 'flex-start',
  maxWidth: '100%',
});

export const segment = style({
  vars: { [toneColor]: vars.color.primary, [toneText]: vars.color.onPrimary },
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xsmall,
  minHeight: 40,
  minWidth: 44,
  paddingInline: vars.space.medium,
  borderRadius: vars.radius.small,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-selected]': { backgroundColor: toneColor, color: toneText },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const tones = {
  neutral: style({ vars: { [toneColor]: vars.color.primary, [toneText]: vars.color.onPrimary } }),
  success: style({ vars: { [toneColor]: vars.color.success, [toneText]: vars.color.textInverse } }),
  danger: style({ vars: { [toneColor]: vars.color.danger, [toneText]: vars.color.onDanger } }),
  warning: style({ vars: { [toneColor]: vars.color.warning, [toneText]: vars.color.textInverse } }),
  info: style({ vars: { [toneColor]: vars.color.info, [toneText]: vars.color.textInverse } }),
};

export const code = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.bold,
});
