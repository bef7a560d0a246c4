import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** Facts as a two-column list of terms and values that wraps on a phone. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.medium,
  rowGap: vars.space.xsmall,
  margin: 0,
  color: vars.color.text,
});
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const result = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.large,
});

const previewBase = {
  maxWidth: '100%',
  height: 'auto',
  maxHeight: 280,
  width: 'auto',
  border: `1px solid ${vars.color.border}`,
} as const;
export const preview = style({ ...previewBase, borderRadius: vars.radius.medium });
export const roundPreview = style({ ...previewBase, borderRadius: vars.radius.full });

/** Hidden on paper: the page's controls around the report card. */
export const noPrint = style({
  '@media': { print: { display: 'none' } },
});

export const reportCard = style({
  '@media': {
    print: { boxShadow: 'none', border: 'none', padding: 0, color: '#000', background: '#fff' },
  },
});

// On paper only the report card is printed: the app's frame (header, sidebar) is left out.
// Scoped with :has so other pages still print whole after this one has been opened.
globalStyle(`body:has(${reportCard}) *`, { '@media': { print: { visibility: 'hidden' } } });
globalStyle(`body:has(${reportCard}) ${reportCard}, body:has(${reportCard}) ${reportCard} *`, {
  '@media': { print: { visibility: 'visible' } },
});
globalStyle(reportCard, {
  '@media': {
    print: { position: 'absolute', insetInlineStart: 0, insetBlockStart: 0, width: '100%' },
  },
});

export const tableScroll = style({ overflowX: 'auto' });

export const scoreTable = style({
  width: '100%',
  minWidth: 280,
  borderCollapse: 'collapse',
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});
globalStyle(`${scoreTable} th, ${scoreTable} td`, {
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.xsmall,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
});
globalStyle(`${scoreTable} thead th`, {
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
});
globalStyle(`${scoreTable} tfoot th, ${scoreTable} tfoot td`, {
  fontWeight: vars.fontWeight.bold,
  borderBlockEnd: 'none',
});

export const caption = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.bold,
  paddingBlockEnd: vars.space.small,
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: vars.space.small,
});

export const signatures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: vars.space.large,
  paddingBlockStart: vars.space.medium,
});

export const signatureLine = style({
  display: 'block',
  width: '80%',
  borderBlockEnd: `1px dotted ${vars.color.borderStrong}`,
});

/** A permission code, e.g. `users.read`. */
export const code = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const actionRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  paddingBlock: vars.space.small,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBlockEnd: 'none' } },
});

/** A person's avatar and name in a table cell. */
export const nameCell = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
});

export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
