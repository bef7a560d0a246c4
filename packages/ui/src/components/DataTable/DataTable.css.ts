import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const wrapper = style(
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.small,
    minWidth: 0,
  },
  'wrapper',
);

export const toolbar = style(
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: vars.space.small,
  },
  'toolbar',
);

export const search = style({ flex: '1 1 220px', maxWidth: 360 }, 'search');

export const bulkBar = style(
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space.small,
    paddingBlock: vars.space.xsmall,
    paddingInline: vars.space.medium,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.primarySubtle,
    color: vars.color.onPrimarySubtle,
  },
  'bulkBar',
);

export const scroller = style(
  {
    position: 'relative',
    overflow: 'auto',
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.surface,
    overscrollBehavior: 'contain',
    contain: 'layout paint',
  },
  'scroller',
);

export const table = style(
  {
    display: 'grid',
    borderCollapse: 'collapse',
    borderSpacing: 0,
    minWidth: '100%',
  },
  'table',
);

export const head = style(
  {
    display: 'grid',
    position: 'sticky',
    insetBlockStart: 0,
    zIndex: 2,
    backgroundColor: vars.color.surfaceSunken,
  },
  'head',
);

export const row = style(
  {
    display: 'flex',
    width: '100%',
    borderBlockEnd: `1px solid ${vars.color.border}`,
    selectors: {
      '&[aria-selected="true"]': { backgroundColor: vars.color.primarySubtle },
    },
  },
  'row',
);

export const bodyRow = style(
  {
    position: 'absolute',
    insetInlineStart: 0,
    top: 0,
    // Each row lays itself out alone: a row entering the view does not relayout the others.
    contain: 'layout style',
    selectors: {
      '&:hover': { backgroundColor: vars.color.surfaceHover },
      '&[aria-selected="true"]:hover': { backgroundColor: vars.color.primarySubtle },
    },
  },
  'bodyRow',
);

// A one-line row: the cells' 44 px (padding included) and the row's 1 px border = 45 px,
// DataTable's default `rowHeight` (the virtualizer's estimate).
const cellBase = {
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.medium,
  minHeight: 44,
  overflowWrap: 'anywhere',
  outline: 'none',
  backgroundColor: 'inherit',
  selectors: {
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
  },
} as const;

export const cell = style({ ...cellBase, color: vars.color.text }, 'cell');

export const headerCell = style(
  {
    ...cellBase,
    gap: vars.space.xsmall,
    fontSize: vars.fontSize.small,
    fontWeight: vars.fontWeight.bold,
    color: vars.color.text,
    textAlign: 'start',
    userSelect: 'none',
    selectors: {
      ...cellBase.selectors,
      '&[data-sortable]': { cursor: 'pointer' },
      '&[data-sortable]:hover': { backgroundColor: vars.color.surfaceHover },
    },
  },
  'headerCell',
);

/** The selection column and the first data column stay in view when scrolling sideways. */
export const sticky = style(
  {
    position: 'sticky',
    zIndex: 1,
    backgroundColor: vars.color.surface,
    selectors: {
      [`${head} &`]: { backgroundColor: vars.color.surfaceSunken },
      [`${row}[aria-selected="true"] &`]: { backgroundColor: vars.color.primarySubtle },
    },
  },
  'sticky',
);

export const lastSticky = style(
  { borderInlineEnd: `1px solid ${vars.color.border}` },
  'lastSticky',
);

export const checkbox = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 20,
    height: 20,
    borderRadius: vars.radius.small,
    border: `2px solid ${vars.color.borderStrong}`,
    backgroundColor: vars.color.surface,
    color: vars.color.onPrimary,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[aria-checked="true"], &[aria-checked="mixed"]': {
        backgroundColor: vars.color.primary,
        borderColor: vars.color.primary,
      },
      '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
    },
  },
  'checkbox',
);

export const sortIcon = style({ flexShrink: 0, color: vars.color.textMuted }, 'sortIcon');

export const state = style(
  {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.small,
    paddingBlock: vars.space.xxlarge,
    paddingInline: vars.space.large,
    color: vars.color.textMuted,
    textAlign: 'center',
  },
  'state',
);

export const errorText = style({ color: vars.color.danger }, 'errorText');

export const columnsDialog = style(
  {
    display: 'flex',
    flexDirection: 'column',
    paddingInline: vars.space.small,
    outline: 'none',
  },
  'columnsDialog',
);

export const toolButton = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    minHeight: 44,
    paddingInline: vars.space.medium,
    border: `1px solid ${vars.color.borderStrong}`,
    borderRadius: vars.radius.medium,
    background: vars.color.surface,
    color: vars.color.text,
    fontFamily: 'inherit',
    fontSize: vars.fontSize.small,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { backgroundColor: vars.color.surfaceHover },
      '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
    },
  },
  'toolButton',
);
