import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const popover = style(
  {
    minWidth: 200,
    maxWidth: 'calc(100vw - 16px)',
    paddingBlock: vars.space.xsmall,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    borderRadius: vars.radius.medium,
    borderWidth: 1,
    borderStyle: 'solid',
    borderColor: vars.color.border,
    boxShadow: vars.shadow.large,
    zIndex: vars.zIndex.dropdown,
    overflowY: 'auto',
    outline: 'none',
  },
  'popover',
);

export const menu = style({ outline: 'none' }, 'menu');

export const item = style(
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.small,
    minHeight: 44,
    paddingBlock: vars.space.xsmall,
    paddingInline: vars.space.medium,
    cursor: 'pointer',
    outline: 'none',
    fontSize: vars.fontSize.medium,
    lineHeight: vars.lineHeight.body,
    selectors: {
      '&:lang(km)': { lineHeight: vars.lineHeight.khmer },
      '&[data-focused], &[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-pressed]': { backgroundColor: vars.color.surfaceSunken },
      '&[data-focus-visible]': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: -2,
      },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
      '&[data-danger]': { color: vars.color.danger },
    },
  },
  'item',
);

export const check = style(
  {
    display: 'inline-flex',
    width: 18,
    flexShrink: 0,
    color: vars.color.primary,
  },
  'check',
);

export const separator = style(
  {
    height: 1,
    marginBlock: vars.space.xsmall,
    backgroundColor: vars.color.border,
  },
  'separator',
);
