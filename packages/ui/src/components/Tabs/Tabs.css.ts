import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const tabs = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.medium,
    minWidth: 0,
  },
  'tabs',
);

export const list = style(
  {
    display: 'flex',
    gap: vars.space.xxsmall,
    overflowX: 'auto',
    borderBlockEnd: `1px solid ${vars.color.border}`,
    scrollbarWidth: 'thin',
  },
  'list',
);

export const tab = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    flexShrink: 0,
    minHeight: 44,
    paddingInline: vars.space.medium,
    marginBlockEnd: -1,
    borderBlockEnd: '3px solid transparent',
    color: vars.color.textMuted,
    fontWeight: vars.fontWeight.medium,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { color: vars.color.text, backgroundColor: vars.color.surfaceHover },
      '&[data-selected]': { color: vars.color.primary, borderBlockEndColor: vars.color.primary },
      '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  'tab',
);

export const panel = style(
  {
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': {
        boxShadow: `0 0 0 2px ${vars.color.focusRing}`,
        borderRadius: vars.radius.small,
      },
    },
  },
  'panel',
);
