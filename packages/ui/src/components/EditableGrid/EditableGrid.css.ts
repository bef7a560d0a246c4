import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  minWidth: 0,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: 44,
});

export const scroller = style({
  position: 'relative',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
  overscrollBehavior: 'contain',
  contain: 'layout paint',
});

export const table = style({ display: 'grid', borderCollapse: 'collapse', borderSpacing: 0 });

export const head = style({
  display: 'grid',
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: 3,
  backgroundColor: vars.color.surfaceSunken,
});

export const row = style({ display: 'flex', alignItems: 'stretch' });

// Each row lays itself out alone: a change in one cell does not relayout the sheet.
export const bodyRow = style({
  position: 'absolute',
  insetInlineStart: 0,
  top: 0,
  contain: 'layout style',
});

const base = {
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  position: 'relative',
  minHeight: 40,
  paddingInline: vars.space.small,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  outline: 'none',
} as const;

export const columnHeader = style({
  ...base,
  justifyContent: 'flex-end',
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
});

export const corner = style({
  ...base,
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.bold,
  backgroundColor: vars.color.surfaceSunken,
});

export const rowHeader = style({
  ...base,
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 2,
  fontWeight: vars.fontWeight.medium,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  textAlign: 'start',
  justifyContent: 'flex-start',
});

export const cell = style({
  ...base,
  // A cell's new text or editor is laid out and painted inside the cell alone.
  contain: 'layout paint style',
  justifyContent: 'flex-end',
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  cursor: 'cell',
  selectors: {
    '&[data-active]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[aria-invalid="true"]': {
      backgroundColor: vars.color.dangerSubtle,
      color: vars.color.onDangerSubtle,
      boxShadow: `inset 0 0 0 1px ${vars.color.danger}`,
    },
    '&[aria-invalid="true"][data-active]': { boxShadow: `inset 0 0 0 2px ${vars.color.danger}` },
    '&[aria-readonly="true"]': { backgroundColor: vars.color.surfaceSunken, cursor: 'default' },
  },
});

/** A small corner triangle marking a cell changed since the last save. */
export const dirtyMark = style({
  position: 'absolute',
  insetBlockStart: 0,
  insetInlineStart: 0,
  width: 0,
  height: 0,
  borderBlockStart: `8px solid ${vars.color.warning}`,
  borderInlineEnd: '8px solid transparent',
  pointerEvents: 'none',
});

export const problemMark = style({
  position: 'absolute',
  insetBlockStart: 2,
  insetInlineStart: 10,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.xsmall,
  pointerEvents: 'none',
});

export const editor = style({
  width: '100%',
  minWidth: 0,
  height: '100%',
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'end',
  outline: 'none',
});

export const message = style({
  margin: 0,
  minHeight: '1.6em',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const alert = style({
  margin: 0,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  borderRadius: vars.radius.medium,
  borderInlineStart: `4px solid ${vars.color.danger}`,
  backgroundColor: vars.color.dangerSubtle,
  color: vars.color.onDangerSubtle,
});

export const cellProblem = style({ color: vars.color.danger, fontWeight: vars.fontWeight.medium });

export const spacer = style({ flexShrink: 0 });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
