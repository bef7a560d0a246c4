import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The days side by side on a wide screen, one under another on a phone. */
export const week = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 230px), 1fr))',
  gap: vars.space.medium,
  alignItems: 'start',
});

export const day = style({
  borderTop: '4px solid',
  borderRadius: vars.radius.medium,
  padding: vars.space.medium,
  color: vars.color.text,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

export const dayName = style({
  margin: 0,
  fontSize: vars.fontSize.large,
  fontWeight: vars.fontWeight.bold,
});

export const lessons = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

export const lesson = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  overflowWrap: 'anywhere',
});

export const time = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const subject = style({ fontWeight: vars.fontWeight.bold });
export const detail = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });

/** A free period of a class's week, offered to whoever builds the timetable. */
export const freeSlot = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

/** A lesson with its change button beside it. */
export const editableLesson = style({
  display: 'flex',
  flexDirection: 'row',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

export const lessonText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  minWidth: 0,
});

/** A clash the server refused: what clashes, and that nothing changed. */
export const clash = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSubtle,
  color: vars.color.text,
});

export const total = style({ fontWeight: vars.fontWeight.bold });
