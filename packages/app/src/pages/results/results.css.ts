import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The pickers and actions above the sheet: they wrap, one a line on a phone. */
export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  alignItems: 'flex-end',
});
export const picker = style({ minWidth: 'min(100%, 140px)', flex: '1 1 140px' });
export const periodPicker = style({ flex: '0 0 auto', maxWidth: '100%' });

/** The sheet's title line: its name, then its status and actions, wrapping under it. */
export const sheetHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});

/** Key figures side by side, two a row on a phone. */
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))',
  gap: vars.space.small,
});

/** The distribution chart beside the figures by gender; one under another on a phone. */
export const summaryGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
  gap: vars.space.medium,
  alignItems: 'start',
});

/** The sheet's own scrolling box: a phone scrolls the table, never the page. */
export const tableScroll = style({
  // The table's visually hidden caption is placed within this box, not beyond the page.
  position: 'relative',
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const table = style({
  borderCollapse: 'separate',
  borderSpacing: 0,
  width: '100%',
  color: vars.color.text,
  background: vars.color.surface,
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.small,
  lineHeight: vars.lineHeight.khmer,
});

globalStyle(`${table} th, ${table} td`, {
  borderInlineEnd: `1px solid ${vars.color.border}`,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.small,
  textAlign: 'end',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
});
globalStyle(`${table} thead th`, {
  background: vars.color.surfaceSunken,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'center',
  verticalAlign: 'bottom',
  whiteSpace: 'normal',
  minWidth: 64,
});
globalStyle(`${table} tbody tr:last-child th, ${table} tbody tr:last-child td`, {
  borderBlockEnd: 'none',
});

/** A subject's column head: its name over its maximum, wrapped rather than wide. */
export const subjectHead = style({ minWidth: 72, maxWidth: 120 });
export const headNote = style({
  display: 'block',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
  fontSize: vars.fontSize.xsmall,
});

/** The student's column stays in view while the subjects scroll under it. */
export const nameCell = style({
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  background: vars.color.surface,
  // Most names on one line on a wide screen; a phone keeps room for the scores.
  minWidth: 'clamp(140px, 30vw, 200px)',
  maxWidth: 240,
});
globalStyle(`${table} th${nameCell}`, { textAlign: 'start', whiteSpace: 'normal' });
globalStyle(`${table} thead th${nameCell}`, {
  background: vars.color.surfaceSunken,
  zIndex: 2,
  verticalAlign: 'bottom',
});

export const nameLine = style({ display: 'flex', gap: vars.space.xsmall, alignItems: 'baseline' });
export const rowNumber = style({ color: vars.color.textMuted, minWidth: '2ch' });
export const nameText = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: 2,
  minWidth: 0,
});
export const studentName = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const studentCode = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xsmall,
  fontWeight: vars.fontWeight.regular,
});

/** A student who left the class: listed, greyed, not ranked. */
export const inactiveRow = style({});
globalStyle(`${inactiveRow} td`, { color: vars.color.textMuted });

/** The overall columns (total, average, rank) a little stronger than the subjects. */
export const strong = style({ fontWeight: vars.fontWeight.bold });
export const muted = style({ color: vars.color.textMuted });
export const absentMark = style({
  color: vars.color.onWarningSubtle,
  background: vars.color.warningSubtle,
});
globalStyle(`${table} td${absentMark}`, { textAlign: 'center' });
export const centered = style({});
globalStyle(`${table} td${centered}`, { textAlign: 'center' });

/** Figures by gender: a small table that fits a phone. */
export const genderTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.small,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: vars.lineHeight.khmer,
});
globalStyle(`${genderTable} th, ${genderTable} td`, {
  borderBlockEnd: `1px solid ${vars.color.border}`,
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.xsmall,
  textAlign: 'end',
});
globalStyle(`${genderTable} th[scope="row"], ${genderTable} thead th:first-child`, {
  textAlign: 'start',
});
globalStyle(`${genderTable} thead th`, {
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});
export const caption = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.bold,
  paddingBlockEnd: vars.space.xsmall,
});

/** A PDF's progress: a bar with its count beside it. */
export const progressTrack = style({
  position: 'relative',
  height: 10,
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
export const progressFill = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  background: vars.color.primary,
  borderRadius: vars.radius.full,
  transition: 'width 300ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

/** A student's term and year averages beside their trend. */
export const summaries = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 130px), 1fr))',
  gap: vars.space.small,
  margin: 0,
});
export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceSunken,
  lineHeight: vars.lineHeight.khmer,
});
export const summaryLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const summaryValue = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});
/** A figure written as words (the absences): regular and small, so it wraps less. */
export const summaryText = style({
  fontWeight: vars.fontWeight.regular,
  fontSize: vars.fontSize.small,
});

/** A homeroom comment as written, its lines kept. */
export const comment = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** The figures above, the table and chart under them. */
export const summaryGridStack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

/** The grades' mentions under the distribution: a compact key. */
export const gradeLegend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xsmall} ${vars.space.medium}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.small,
  lineHeight: vars.lineHeight.khmer,
});
export const commentField = style({ width: '100%' });
export const linkIcon = style({ marginInlineStart: vars.space.xsmall, verticalAlign: 'middle' });
