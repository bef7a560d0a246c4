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

/** A class's students at the rollover: one choice each, two columns where there is room. */
export const rosterList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  gap: vars.space.medium,
  maxHeight: '50vh',
  overflowY: 'auto',
  paddingInlineEnd: vars.space.xsmall,
});

/** The chosen repeaters and leavers, each removable. */
export const exceptionList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const exceptionItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});
