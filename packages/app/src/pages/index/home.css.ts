import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** Cards side by side on wide screens, one under another on a phone. */
export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
  gap: vars.space.medium,
  alignItems: 'start',
});

/** The school's figures: as many a row as fit, two on a phone. */
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))',
  gap: vars.space.medium,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

/** One lesson: its period and times, then what and where. */
export const lesson = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(88px, auto) 1fr',
  gap: vars.space.small,
  alignItems: 'baseline',
  paddingBlock: vars.space.xsmall,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBlockEnd: 'none' } },
});

export const when = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
});

export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
  alignItems: 'center',
  justifyContent: 'space-between',
  paddingBlock: vars.space.xsmall,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBlockEnd: 'none' } },
});

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

/** The chart keeps room for its twelve bars' names: on a phone it scrolls sideways. */
export const chartScroll = style({ overflowX: 'auto' });
export const chart = style({ minWidth: 560 });
