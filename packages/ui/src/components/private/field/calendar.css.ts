import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css.js';

export const calendar = style(
  {
    padding: vars.space.small,
    width: 'max-content',
    maxWidth: '100%',
  },
  'calendar',
);

export const header = style(
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.small,
    marginBlockEnd: vars.space.small,
  },
  'header',
);

export const heading = style(
  {
    margin: 0,
    fontSize: vars.fontSize.medium,
    fontWeight: vars.fontWeight.bold,
    textAlign: 'center',
    flex: 1,
  },
  'heading',
);

export const navButton = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 44,
    height: 44,
    border: 'none',
    borderRadius: vars.radius.medium,
    background: 'transparent',
    color: vars.color.text,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
      '&[data-disabled]': { opacity: 0.4 },
      '[dir="rtl"] &': { transform: 'scaleX(-1)' },
    },
  },
  'navButton',
);

export const grid = style({ borderCollapse: 'collapse' }, 'grid');

export const headerCell = style(
  {
    paddingBlockEnd: vars.space.xsmall,
    fontSize: vars.fontSize.xsmall,
    fontWeight: vars.fontWeight.medium,
    color: vars.color.textMuted,
  },
  'headerCell',
);

export const cell = style(
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 40,
    height: 40,
    borderRadius: vars.radius.full,
    cursor: 'pointer',
    outline: 'none',
    fontVariantNumeric: 'tabular-nums',
    selectors: {
      '&[data-outside-month]': { visibility: 'hidden' },
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-today]': { fontWeight: vars.fontWeight.bold, textDecoration: 'underline' },
      '&[data-selected]': { backgroundColor: vars.color.primary, color: vars.color.onPrimary },
      '&[data-selection-start], &[data-selection-end]': {
        backgroundColor: vars.color.primary,
        color: vars.color.onPrimary,
      },
      '&[data-selected]:not([data-selection-start]):not([data-selection-end])[data-range]': {},
      '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
      '&[data-disabled], &[data-unavailable]': { opacity: 0.35, cursor: 'not-allowed' },
      '&[data-invalid]': { backgroundColor: vars.color.danger, color: vars.color.onDanger },
    },
  },
  'cell',
);

/** Days inside a range (not its ends) get the subtle colour. */
export const rangeCell = style(
  {
    selectors: {
      '&[data-selected]:not([data-selection-start]):not([data-selection-end])': {
        backgroundColor: vars.color.primarySubtle,
        color: vars.color.onPrimarySubtle,
        borderRadius: 0,
      },
    },
  },
  'rangeCell',
);

export const dialog = style({ outline: 'none' }, 'dialog');
