import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** One grade band: its letter, then its cut-off and mentions. */
export const band = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.medium,
  margin: 0,
  minWidth: 0,
});

export const bandLetter = style({ fontWeight: 600, padding: `0 ${vars.space.xsmall}` });

/** A row of a short list (years, grade levels): its text, then its actions; wraps on a phone. */
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  paddingBlock: vars.space.small,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const rowText = style({ minWidth: 0, overflowWrap: 'anywhere' });

/** A period: its number, start and end, remove; the times wrap under the number on a phone. */
export const periodRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.small,
});
