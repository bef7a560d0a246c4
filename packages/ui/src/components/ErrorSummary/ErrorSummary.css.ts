import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const summary = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.small,
    paddingBlock: vars.space.medium,
    paddingInline: vars.space.medium,
    borderRadius: vars.radius.medium,
    border: `2px solid ${vars.color.danger}`,
    borderInlineStartWidth: 6,
    backgroundColor: vars.color.dangerSubtle,
    color: vars.color.onDangerSubtle,
    outline: 'none',
    selectors: {
      '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
    },
  },
  'summary',
);

export const title = style(
  {
    margin: 0,
    fontSize: vars.fontSize.medium,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.khmer,
  },
  'title',
);

export const list = style(
  {
    margin: 0,
    paddingInlineStart: vars.space.large,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xsmall,
    lineHeight: vars.lineHeight.khmer,
  },
  'list',
);

export const item = style({ overflowWrap: 'anywhere' }, 'item');

export const link = style(
  {
    color: 'inherit',
    textDecoration: 'underline',
    textUnderlineOffset: '0.2em',
    cursor: 'pointer',
    outline: 'none',
    borderRadius: vars.radius.small,
    selectors: {
      '&[data-hovered]': { textDecorationThickness: 2 },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
    },
  },
  'link',
);

export const label = style({ fontWeight: vars.fontWeight.bold }, 'label');
