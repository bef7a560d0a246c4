import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const countryButton = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxsmall,
    flexShrink: 0,
    minHeight: 42,
    minWidth: 44,
    paddingInline: vars.space.small,
    border: 'none',
    borderInlineEnd: `1px solid ${vars.color.border}`,
    background: 'transparent',
    color: vars.color.text,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.medium,
    fontVariantNumeric: 'tabular-nums',
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    },
  },
  'countryButton',
);

export const code = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small }, 'code');
