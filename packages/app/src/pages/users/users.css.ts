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

export const nameCell = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  overflowWrap: 'anywhere',
});

export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });

/** One action of the permission matrix: its label on the left, its scope choice on the right. */
export const matrixRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(160px, 220px)',
  gap: vars.space.small,
  alignItems: 'center',
  paddingBlock: vars.space.xsmall,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  '@media': {
    'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const code = style({
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

/** One change of the history: when, who and what, with the details below. */
export const auditEntry = style({
  paddingBlock: vars.space.small,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const wrapRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'space-between',
});
