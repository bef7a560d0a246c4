import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The register's own scrolling box: a phone scrolls the grid, never the page. */
export const gridScroll = style({
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  '@media': {
    print: { overflow: 'visible', border: 'none', borderRadius: 0 },
  },
});

export const grid = style({
  borderCollapse: 'separate',
  borderSpacing: 0,
  color: vars.color.text,
  background: vars.color.surface,
  fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.small,
  '@media': {
    print: {
      width: '100%',
      tableLayout: 'fixed',
      fontSize: '7.5pt',
      color: '#000',
      background: '#fff',
    },
  },
});

globalStyle(`${grid} th, ${grid} td`, {
  borderInlineEnd: `1px solid ${vars.color.border}`,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  paddingBlock: 2,
  paddingInline: 3,
  textAlign: 'center',
  whiteSpace: 'nowrap',
  '@media': {
    print: { borderColor: '#999', paddingInline: 0, paddingBlock: 1 },
  },
});

globalStyle(`${grid} thead th`, {
  background: vars.color.surfaceSunken,
  fontWeight: vars.fontWeight.medium,
  '@media': { print: { background: '#eee' } },
});

/** The student's column stays in view while the days scroll under it. */
export const studentCell = style({
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 1,
  background: vars.color.surface,
  textAlign: 'start',
  minWidth: 150,
  maxWidth: 220,
  '@media': {
    print: { position: 'static', minWidth: 0, maxWidth: 'none', width: '22%' },
  },
});
globalStyle(`${grid} th${studentCell}`, { textAlign: 'start', whiteSpace: 'normal' });
globalStyle(`${grid} thead th${studentCell}`, { background: vars.color.surfaceSunken });

export const studentLine = style({
  display: 'flex',
  gap: vars.space.xsmall,
  alignItems: 'baseline',
});
export const studentNumber = style({ color: vars.color.textMuted, minWidth: '2ch' });
export const studentText = style({
  display: 'flex',
  flexDirection: 'column',
  // On paper the code follows the name on its line: a row a line high, a class on two sheets.
  '@media': { print: { flexDirection: 'row', flexWrap: 'wrap', columnGap: '0.6em' } },
});
export const studentName = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });
export const studentCode = style({
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.regular,
  fontSize: vars.fontSize.xsmall,
  '@media': { print: { fontSize: 'inherit' } },
});

export const dayHead = style({ minWidth: 24 });
export const weekend = style({ color: vars.color.textMuted });
export const weekdayInitial = style({ display: 'block', fontWeight: vars.fontWeight.regular });

export const mark = style({ minWidth: 22, fontWeight: vars.fontWeight.bold });
/** Each status in its colour (pale ground, dark text: readable in both colour modes). */
export const status = styleVariants({
  present: { background: vars.color.successSubtle, color: vars.color.onSuccessSubtle },
  absent: { background: vars.color.dangerSubtle, color: vars.color.onDangerSubtle },
  permission: { background: vars.color.infoSubtle, color: vars.color.onInfoSubtle },
  late: { background: vars.color.warningSubtle, color: vars.color.onWarningSubtle },
});
globalStyle(`${grid} td${mark}`, {
  '@media': { print: { background: '#fff', color: '#000' } },
});

/** Days before a student joined or after they left the class. */
export const outside = style({
  background: `repeating-linear-gradient(135deg, transparent 0 4px, ${vars.color.border} 4px 5px)`,
  '@media': { print: { background: '#ddd' } },
});

export const total = style({ fontWeight: vars.fontWeight.bold, minWidth: 28 });
export const footRow = style({ background: vars.color.surfaceSunken });
globalStyle(`${grid} tfoot th, ${grid} tfoot td`, { background: vars.color.surfaceSunken });
// The month's totals print once, under the last student, not at the foot of every sheet.
globalStyle(`${grid} tfoot`, { '@media': { print: { display: 'table-row-group' } } });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.small,
});
export const legendItem = style({ display: 'inline-flex', gap: vars.space.xsmall });
export const legendCode = style({
  display: 'inline-block',
  minWidth: '1.6em',
  textAlign: 'center',
  borderRadius: vars.radius.small,
  fontWeight: vars.fontWeight.bold,
});

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  alignItems: 'baseline',
});

/** The pickers and actions above the grid. */
export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  alignItems: 'flex-end',
});
export const picker = style({ minWidth: 'min(100%, 200px)', flex: '1 1 160px' });

/** Only on paper: the school's name above the register. */
export const printOnly = style({
  display: 'none',
  '@media': { print: { display: 'block' } },
});

/** Never on paper: the page's controls. */
export const noPrint = style({
  '@media': { print: { display: 'none' } },
});

/** The register as printed: nothing of the app around it. */
export const printArea = style({
  minWidth: 0,
  '@media': {
    print: { color: '#000', background: '#fff' },
  },
});

// On paper only the register is printed: the app's frame (header, sidebar, tabs) is left out.
// Scoped with :has so other pages still print whole after this one has been opened.
globalStyle(`body:has(${printArea}) *`, { '@media': { print: { visibility: 'hidden' } } });
globalStyle(`body:has(${printArea}) ${printArea}, body:has(${printArea}) ${printArea} *`, {
  '@media': { print: { visibility: 'visible' } },
});
globalStyle(`body:has(${printArea}) ${noPrint}`, { '@media': { print: { display: 'none' } } });
globalStyle(printArea, {
  '@media': {
    print: { position: 'absolute', insetInlineStart: 0, insetBlockStart: 0, width: '100%' },
  },
});

/** The not-taken and home figures side by side, one under another on a phone. */
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))',
  gap: vars.space.medium,
});

// On A4 landscape (the `register` page of registerPage.css) while the register is on the page:
// a named page set on the root element is the size of every printed sheet.
globalStyle(`html:has(${printArea})`, { '@media': { print: { page: 'register' } } });

// A student's row is never cut in two by a page break; the header row repeats on each sheet.
globalStyle(`${grid} tr`, { '@media': { print: { breakInside: 'avoid' } } });

// Paper is white whatever the colour mode on screen: black text, grey rules, no dark grounds.
globalStyle(`html:has(${printArea}), body:has(${printArea})`, {
  '@media': { print: { background: '#fff', colorScheme: 'light' } },
});
globalStyle(`body ${printArea} *`, {
  '@media': { print: { color: '#000', borderColor: '#999' } },
});
globalStyle(`body ${printArea} ${grid} th, body ${printArea} ${grid} td`, {
  '@media': { print: { background: '#fff' } },
});
globalStyle(`body ${printArea} ${grid} thead th, body ${printArea} ${grid} tfoot th`, {
  '@media': { print: { background: '#eee' } },
});
globalStyle(`body ${printArea} ${grid} td${outside}`, {
  '@media': { print: { background: '#ccc' } },
});
globalStyle(`body ${printArea} ${legendCode}`, {
  '@media': { print: { background: 'none', border: '1px solid #999' } },
});
