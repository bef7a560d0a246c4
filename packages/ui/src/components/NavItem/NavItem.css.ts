import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const item = style(
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.medium,
    minHeight: 44,
    paddingBlock: vars.space.xsmall,
    paddingInline: vars.space.medium,
    borderRadius: vars.radius.medium,
    color: vars.color.text,
    textDecoration: 'none',
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.body,
    outline: 'none',
    cursor: 'pointer',
    selectors: {
      '&:lang(km), :lang(km) &': { lineHeight: vars.lineHeight.khmer },
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-pressed]': { backgroundColor: vars.color.surfaceSunken },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: -2 },
      '&[aria-current=page]': {
        backgroundColor: vars.color.primarySubtle,
        color: vars.color.onPrimarySubtle,
      },
      '&[data-collapsed]': { justifyContent: 'center', paddingInline: 0 },
    },
  },
  'item',
);

export const icon = style({ display: 'inline-flex', flexShrink: 0 }, 'icon');
export const label = style({ minWidth: 0, overflowWrap: 'anywhere' }, 'label');
export const badge = style({ marginInlineStart: 'auto' }, 'badge');
