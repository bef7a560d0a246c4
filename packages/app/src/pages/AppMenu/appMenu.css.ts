import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The tools as tiles: as many a row as fit, one under another on a phone. */
export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  gap: vars.space.medium,
});

/** One tool: icon, name and what it is for; the whole tile follows its link. */
export const tile = style({
  position: 'relative',
  display: 'flex',
  gap: vars.space.medium,
  alignItems: 'flex-start',
  height: '100%',
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  minWidth: 0,
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:focus-within': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

// The link's box covers the tile, so a tap anywhere on it opens the tool.
globalStyle(`${tile} a::after`, { content: '""', position: 'absolute', inset: 0 });
globalStyle(`${tile} a:focus-visible`, { outline: 'none' });

export const icon = style({
  flex: '0 0 auto',
  display: 'grid',
  placeItems: 'center',
  width: 44,
  height: 44,
  borderRadius: vars.radius.medium,
  background: vars.color.primarySubtle,
  color: vars.color.primary,
});
