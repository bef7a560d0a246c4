import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.medium,
});

/** Form fields two a row on wide screens, one on a phone. */
export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
  gap: vars.space.medium,
  alignItems: 'start',
});

/** Filters above a table: they wrap on a phone. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  alignItems: 'flex-end',
});

/** A cell's text that may wrap anywhere (codes, long names) instead of being cut. */
export const wrap = style({ overflowWrap: 'anywhere' });

export const actionsCell = style({
  display: 'flex',
  gap: vars.space.xsmall,
  justifyContent: 'flex-end',
});

/** A form's refusal that belongs to no one field (a conflict, a network failure). */
export const formError = style({
  color: vars.color.danger,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.danger}`,
});

/** A message in a page: a save state, a failure, a lock, a sheet waiting on the device. */
export const notice = style({
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: '1px solid',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  overflowWrap: 'anywhere',
});
export const noticeTones = styleVariants({
  info: {
    background: vars.color.infoSubtle,
    color: vars.color.onInfoSubtle,
    borderColor: vars.color.info,
  },
  warning: {
    background: vars.color.warningSubtle,
    color: vars.color.onWarningSubtle,
    borderColor: vars.color.warning,
  },
  danger: {
    background: vars.color.dangerSubtle,
    color: vars.color.onDangerSubtle,
    borderColor: vars.color.danger,
  },
});
