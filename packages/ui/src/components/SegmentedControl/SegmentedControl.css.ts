import { createVar, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

/** The colour of a segment when chosen (e.g. an attendance status's colour). */
export const toneColor = createVar('toneColor');
export const toneText = createVar('toneText');

export const group = style(
  { display: 'flex', flexDirection: 'column', gap: vars.space.xsmall },
  'group',
);

export const segments = style(
  {
    display: 'inline-flex',
    flexWrap: 'wrap',
    gap: 2,
    padding: 2,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.surfaceSunken,
    border: `1px solid ${vars.color.border}`,
    alignSelf: 'flex-start',
    maxWidth: '100%',
  },
  'segments',
);

export const segment = style(
  {
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
  },
  'segment',
);

export const tones = {
  neutral: style(
    { vars: { [toneColor]: vars.color.primary, [toneText]: vars.color.onPrimary } },
    'tones_neutral',
  ),
  success: style(
    { vars: { [toneColor]: vars.color.success, [toneText]: vars.color.textInverse } },
    'tones_success',
  ),
  danger: style(
    { vars: { [toneColor]: vars.color.danger, [toneText]: vars.color.onDanger } },
    'tones_danger',
  ),
  warning: style(
    { vars: { [toneColor]: vars.color.warning, [toneText]: vars.color.textInverse } },
    'tones_warning',
  ),
  info: style(
    { vars: { [toneColor]: vars.color.info, [toneText]: vars.color.textInverse } },
    'tones_info',
  ),
};

export const code = style(
  {
    fontVariantNumeric: 'tabular-nums',
    fontWeight: vars.fontWeight.bold,
  },
  'code',
);
