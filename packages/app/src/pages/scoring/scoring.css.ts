import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The pickers: side by side where there is room, two a row on a phone (the grid then shows). */
export const pickers = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
  gap: vars.space.medium,
  alignItems: 'end',
  '@media': {
    'screen and (max-width: 599px)': {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      gap: vars.space.small,
    },
  },
});

/** The page's words under its title: left out on a phone, where the grid needs the room. */
export const pageDescription = style({
  '@media': { 'screen and (max-width: 599px)': { display: 'none' } },
});

/** The typing help: folded behind a button on a phone. */
export const helpToggle = style({ alignSelf: 'flex-start' });

export { notice, noticeTones } from '../../records/records.css.js';

/** The save state beside the import buttons; wraps under them on a phone. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

export const saveState = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minHeight: 32,
  flexWrap: 'wrap',
});
export const saveTones = styleVariants({
  saved: { color: vars.color.textMuted },
  busy: { color: vars.color.text },
  warning: { color: vars.color.onWarningSubtle },
  danger: { color: vars.color.danger },
});

/** The subjects' statuses: a chip each (name, badge, actions), wrapping as room allows. */
export const statusList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});
export const statusRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.small,
  minHeight: 40,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  maxWidth: '100%',
});
export const statusName = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

/** Lists in the import preview. */
export const previewList = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  maxHeight: 160,
  overflowY: 'auto',
  overflowWrap: 'anywhere',
});

/** The publication's confirmation: a card per subject with its count, its missing, its choice. */
export const publishList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});
export const publishRow = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.small,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  overflowWrap: 'anywhere',
});
export const publishHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});
export const missingNames = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});
/** "and 33 more": opens the rest of the names in place. */
export const moreNames = style({
  cursor: 'pointer',
  color: vars.color.primary,
  textDecoration: 'underline',
  minHeight: 32,
  display: 'flex',
  alignItems: 'center',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});
