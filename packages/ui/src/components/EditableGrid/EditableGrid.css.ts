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
    alignItems: 'center',
    gap: vars.space.small,
    minHeight: 44,
  },
  'toolbar',
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
  { display: 'grid', borderCollapse: 'collapse', borderSpacing: 0 },
  'table',
);

export const head = style(
  {
    display: 'grid',
    position: 'sticky',
    insetBlockStart: 0,
    zIndex: 3,
    backgroundColor: vars.color.surfaceSunken,
  },
  'head',
);

export const row = style({ display: 'flex', alignItems: 'stretch' }, 'row');

// Each row is a stacking context (its transform, layout containment): Chromium keeps its painting
// as a unit, so marking one cell repaints only its row. Without it (rows placed with `top`) the
// sheet needs fewer compositing layers but a key repainted every cell: painting cost more than the
// layers saved. It is no relayout boundary (that would take size containment, and the sticky row
// header rules it out): a changed text lays out the sheet again.
export const bodyRow = style(
  {
    position: 'absolute',
    insetInlineStart: 0,
    top: 0,
    contain: 'layout style',
  },
  'bodyRow',
);

const base = {
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  minHeight: 40,
  paddingInline: vars.space.small,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  outline: 'none',
} as const;

export const columnHeader = style(
  {
    ...base,
    justifyContent: 'flex-end',
    fontSize: vars.fontSize.small,
    fontWeight: vars.fontWeight.bold,
    color: vars.color.text,
  },
  'columnHeader',
);

export const corner = style(
  {
    ...base,
    position: 'sticky',
    insetInlineStart: 0,
    zIndex: 1,
    fontSize: vars.fontSize.small,
    fontWeight: vars.fontWeight.bold,
    backgroundColor: vars.color.surfaceSunken,
  },
  'corner',
);

export const rowHeader = style(
  {
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
  },
  'rowHeader',
);

/** The changed-since-saving mark: a small triangle in the cell's starting top corner. */
const dirtyMark = (corner: 'right' | 'left') =>
  `linear-gradient(to bottom ${corner}, ${vars.color.warning} 50%, transparent 50%)`;

// Cells are plain boxes (not positioned, no containment), so the many cells of a sheet add no
// paint layers: painting, hit testing and layering a frame then cost less. Their marks are drawn
// by the cell itself (a background, a generated "!"), not by positioned children.
export const cell = style(
  {
    ...base,
    flexWrap: 'wrap',
    alignContent: 'center',
    justifyContent: 'flex-end',
    fontVariantNumeric: 'tabular-nums',
    overflowWrap: 'anywhere',
    color: vars.color.text,
    backgroundColor: vars.color.surface,
    backgroundRepeat: 'no-repeat',
    backgroundSize: '8px 8px',
    cursor: 'cell',
    selectors: {
      '&[data-active]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
      '&[data-dirty]': { backgroundImage: dirtyMark('right'), backgroundPosition: 'left top' },
      '[dir="rtl"] &[data-dirty]': {
        backgroundImage: dirtyMark('left'),
        backgroundPosition: 'right top',
      },
      '&[aria-invalid="true"]': {
        backgroundColor: vars.color.dangerSubtle,
        color: vars.color.onDangerSubtle,
        boxShadow: `inset 0 0 0 1px ${vars.color.danger}`,
      },
      // The problem mark, in the starting top corner; its text is left out of the cell's name.
      '&[aria-invalid="true"]::before': {
        content: '"!" / ""',
        alignSelf: 'flex-start',
        marginInlineStart: 2,
        marginInlineEnd: 'auto',
        marginBlockStart: 2,
        color: vars.color.danger,
        fontWeight: vars.fontWeight.bold,
        fontSize: vars.fontSize.xsmall,
      },
      '&[aria-invalid="true"][data-active]': { boxShadow: `inset 0 0 0 2px ${vars.color.danger}` },
      '&[aria-readonly="true"]': { backgroundColor: vars.color.surfaceSunken, cursor: 'default' },
    },
  },
  'cell',
);

/** Holds the editor in the scrolling area, adding no box of its own. */
export const editorHost = style({ display: 'contents' }, 'editorHost');

export const editor = style(
  {
    position: 'absolute',
    insetBlockStart: 0,
    insetInlineStart: 0,
    margin: 0,
    paddingBlock: 0,
    paddingInline: vars.space.small,
    border: 'none',
    borderRadius: 0,
    background: 'transparent',
    color: vars.color.text,
    font: 'inherit',
    fontVariantNumeric: 'tabular-nums',
    textAlign: 'end',
    outline: 'none',
    caretColor: 'transparent',
    pointerEvents: 'none',
    // Its size is given: moving or typing lays out and paints only the editor.
    contain: 'strict',
    selectors: {
      // Open, it covers the cell with the cell's own look and shows the text being typed: a key
      // that starts an edit restyles and repaints the editor alone, not the cell and its row.
      '&[data-editing]': {
        caretColor: 'auto',
        pointerEvents: 'auto',
        backgroundColor: vars.color.surface,
        boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}`,
      },
      '&[data-invalid]': { color: vars.color.onDangerSubtle },
      '&[data-editing][data-invalid]': {
        backgroundColor: vars.color.dangerSubtle,
        boxShadow: `inset 0 0 0 2px ${vars.color.danger}`,
      },
    },
  },
  'editor',
);

export const message = style(
  {
    margin: 0,
    minHeight: '1.6em',
    fontSize: vars.fontSize.small,
    color: vars.color.textMuted,
  },
  'message',
);

export const alert = style(
  {
    margin: 0,
    paddingBlock: vars.space.small,
    paddingInline: vars.space.medium,
    borderRadius: vars.radius.medium,
    borderInlineStart: `4px solid ${vars.color.danger}`,
    backgroundColor: vars.color.dangerSubtle,
    color: vars.color.onDangerSubtle,
  },
  'alert',
);

/** A problem's words in the cell, under its text: read without hovering, on a phone too. */
export const cellProblemText = style(
  {
    flexBasis: '100%',
    paddingBlockEnd: 2,
    fontSize: vars.fontSize.xsmall,
    lineHeight: 1.3,
    fontVariantNumeric: 'normal',
    textAlign: 'end',
    color: vars.color.onDangerSubtle,
    overflowWrap: 'anywhere',
  },
  'cellProblemText',
);

export const cellProblem = style(
  { color: vars.color.danger, fontWeight: vars.fontWeight.medium },
  'cellProblem',
);

export const spacer = style({ flexShrink: 0 }, 'spacer');

export const visuallyHidden = style(
  {
    position: 'absolute',
    width: 1,
    height: 1,
    margin: -1,
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  'visuallyHidden',
);
