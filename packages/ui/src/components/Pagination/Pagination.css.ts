import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
});

export const pages = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pageButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 44,
  minHeight: 44,
  paddingInline: vars.space.small,
  border: `1px solid transparent`,
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.medium,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
    '&[aria-current="page"]': {
      backgroundColor: vars.color.primary,
      color: vars.color.onPrimary,
      fontWeight: vars.fontWeight.bold,
    },
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
  },
});

globalStyle(`[dir="rtl"] ${pageButton} svg`, { transform: 'scaleX(-1)' });

export const gap = style({
  display: 'inline-flex',
  justifyContent: 'center',
  minWidth: 32,
  color: vars.color.textMuted,
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.medium,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

export const sizeSelect = style({ minWidth: 96 });
