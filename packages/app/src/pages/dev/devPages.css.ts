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
