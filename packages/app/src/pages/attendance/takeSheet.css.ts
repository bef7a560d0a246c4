import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The pickers: side by side where there is room, wrapping on a phone; the shift keeps its width. */
export const pickers = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  alignItems: 'flex-end',
});
export const picker = style({ flex: '1 1 140px', minWidth: 0 });
export const shiftPicker = style({ flex: '0 0 auto' });

export { notice, noticeTones } from '../../records/records.css.js';

export const roster = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

/** One student: who they are on the left, the four statuses always in reach on the right. */
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  paddingBlock: vars.space.small,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-status="absent"]': { boxShadow: `inset 3px 0 0 ${vars.color.danger}` },
    '&[data-status="late"]': { boxShadow: `inset 3px 0 0 ${vars.color.warning}` },
    '&[data-status="permission"]': { boxShadow: `inset 3px 0 0 ${vars.color.info}` },
  },
});

export const rowMain = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  paddingInlineStart: vars.space.small,
});

/** The photo helps at a glance, but on a narrow phone the name needs the room. */
export const avatar = style({
  flexShrink: 0,
  '@media': { 'screen and (max-width: 419px)': { display: 'none' } },
});

export const who = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  overflowWrap: 'anywhere',
  // Where there is room, the names and the code share one line.
  '@media': {
    'screen and (min-width: 600px)': {
      flexDirection: 'row',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: vars.space.medium,
    },
  },
});

/** A leave or a correction: a line of its own under the names. */
export const whoLine = style({ flexBasis: '100%' });

export const name = style({ fontWeight: vars.fontWeight.medium });

/** The code and the note button under the names. */
export const meta = style({ display: 'flex', alignItems: 'center', gap: vars.space.xsmall });

export const code = style({ whiteSpace: 'nowrap' });

export const status = style({ flexShrink: 0 });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))',
  gap: vars.space.small,
  paddingInlineStart: vars.space.small,
});

/** The totals and Save, kept in reach at the bottom of a phone's screen. */
export const saveBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: vars.space.small,
  marginInline: `calc(-1 * ${vars.space.small})`,
  background: vars.color.surfaceRaised,
  borderTop: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  selectors: {
    // Offline, the app keeps a "waiting for internet connection" toast at the bottom of the
    // screen; the bar stands above it so Save stays in reach.
    '&[data-offline]': { bottom: '5.5rem' },
  },
});

/** A message in the Save bar: a line of its own above the totals. */
export const barNotice = style({ flexBasis: '100%' });

export const totals = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const total = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  paddingInline: vars.space.small,
  borderRadius: vars.radius.small,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});
export const totalTones = styleVariants({
  present: { background: vars.color.successSubtle, color: vars.color.onSuccessSubtle },
  absent: { background: vars.color.dangerSubtle, color: vars.color.onDangerSubtle },
  permission: { background: vars.color.infoSubtle, color: vars.color.onInfoSubtle },
  late: { background: vars.color.warningSubtle, color: vars.color.onWarningSubtle },
});
