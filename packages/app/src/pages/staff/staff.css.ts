import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

export const back = style({ alignSelf: 'flex-start' });

/** The cards of the detail page: side by side on wide screens, stacked on a phone. */
export const sections = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 360px), 1fr))',
  gap: vars.space.large,
  alignItems: 'start',
});

/** Label and value pairs: two columns when there is room, one on a phone. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
  columnGap: vars.space.medium,
  rowGap: vars.space.small,
  margin: 0,
  '@media': {
    'screen and (max-width: 420px)': { gridTemplateColumns: '1fr', rowGap: 0 },
  },
});

export const term = style({
  color: vars.color.textMuted,
  '@media': { 'screen and (max-width: 420px)': { marginTop: vars.space.small } },
});

export const value = style({ margin: 0, overflowWrap: 'anywhere' });

/** The working history, newest first, as a timeline. */
export const history = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const historyItem = style({
  borderInlineStart: `3px solid ${vars.color.border}`,
  paddingInlineStart: vars.space.medium,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});

/** The people of a batch of new accounts, one under another, each with their username. */
export const accountList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const accountItem = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  paddingBlock: vars.space.small,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});
