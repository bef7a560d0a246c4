import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const switchRow = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.small,
    minHeight: 44,
    color: vars.color.text,
    cursor: 'pointer',
    outline: 'none',
    selectors: { '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' } },
  },
  'switchRow',
);

export const track = style(
  {
    position: 'relative',
    flexShrink: 0,
    width: 40,
    height: 24,
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.borderStrong,
    transition: `background-color ${vars.duration.fast}`,
    selectors: {
      [`${switchRow}[data-selected] &`]: { backgroundColor: vars.color.primary },
      [`${switchRow}[data-focus-visible] &`]: {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: 2,
      },
    },
  },
  'track',
);

export const thumb = style(
  {
    position: 'absolute',
    insetBlockStart: 3,
    insetInlineStart: 3,
    width: 18,
    height: 18,
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.surface,
    boxShadow: vars.shadow.small,
    transition: `transform ${vars.duration.fast}`,
    selectors: {
      [`${switchRow}[data-selected] &`]: { transform: 'translateX(16px)' },
      [`[dir="rtl"] ${switchRow}[data-selected] &`]: { transform: 'translateX(-16px)' },
    },
    '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
  },
  'thumb',
);
