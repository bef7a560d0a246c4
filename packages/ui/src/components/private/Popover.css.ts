import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

/** The floating surface of selects, combo boxes and calendars. */
export const popover = style(
  {
    // As wide as its field, but never wider than the window: a min-width beats a max-width, and a
    // list sticking out of the window makes the page scroll sideways when an option is scrolled
    // into view (arrow keys), and a scroll of the page closes the list.
    minWidth: 'min(var(--trigger-width), calc(100vw - 16px))',
    maxWidth: 'calc(100vw - 16px)',
    maxHeight: 'min(var(--visual-viewport-height, 100vh), 360px)',
    overflow: 'auto',
    padding: vars.space.xsmall,
    color: vars.color.text,
    backgroundColor: vars.color.surfaceRaised,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.medium,
    boxShadow: vars.shadow.medium,
    outline: 'none',
    zIndex: vars.zIndex.popover,
    selectors: {
      '&[data-entering]': { animation: 'none', opacity: 1 },
    },
  },
  'popover',
);

export const listBox = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: 1,
    outline: 'none',
  },
  'listBox',
);

export const option = style(
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.small,
    minHeight: 44,
    paddingBlock: vars.space.xsmall,
    paddingInline: vars.space.medium,
    borderRadius: vars.radius.small,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-focused]': { backgroundColor: vars.color.surfaceHover },
      '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
      '&[data-selected]': {
        backgroundColor: vars.color.primarySubtle,
        color: vars.color.onPrimarySubtle,
        fontWeight: vars.fontWeight.medium,
      },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
  'option',
);

export const check = style({ flexShrink: 0, marginInlineStart: 'auto' }, 'check');

export const empty = style(
  {
    paddingBlock: vars.space.small,
    paddingInline: vars.space.medium,
    color: vars.color.textMuted,
  },
  'empty',
);
