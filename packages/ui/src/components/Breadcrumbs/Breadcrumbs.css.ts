import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const list = style(
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    margin: 0,
    padding: 0,
    listStyle: 'none',
    fontSize: vars.fontSize.small,
  },
  'list',
);

export const item = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    color: vars.color.textMuted,
  },
  'item',
);

export const separator = style(
  {
    marginInline: vars.space.xxsmall,
    color: vars.color.textMuted,
    selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
  },
  'separator',
);

export const link = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: 44,
    paddingInline: vars.space.xxsmall,
    color: vars.color.primary,
    textDecoration: 'underline',
    textUnderlineOffset: 3,
    borderRadius: vars.radius.small,
    outline: 'none',
    cursor: 'pointer',
    selectors: {
      '&[data-hovered]': { color: vars.color.primaryHover },
      '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
      '&[data-current]': {
        color: vars.color.text,
        textDecoration: 'none',
        fontWeight: vars.fontWeight.medium,
        cursor: 'default',
      },
    },
  },
  'link',
);
