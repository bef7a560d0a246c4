import { style } from '@vanilla-extract/css';
import { DARK_MODE_CLASS, darkThemeClass, vars } from '@sala/ui';

const dark = `.${DARK_MODE_CLASS} &, ${darkThemeClass} &`;

/** The week grid scrolls sideways inside its card on a narrow screen. */
export const scroller = style({ overflowX: 'auto', maxWidth: '100%' });

export const grid = style({
  borderCollapse: 'collapse',
  minWidth: 640,
  width: '100%',
  fontSize: vars.fontSize.small,
});

export const cell = style({
  border: `1px solid ${vars.color.border}`,
  padding: vars.space.xsmall,
  verticalAlign: 'top',
  minWidth: 96,
});

/** A day's column head, in the day's colour (the calendar's day colours). */
export const dayHead = style([
  cell,
  {
    backgroundColor: 'var(--sala-day-tint)',
    borderTop: '4px solid var(--sala-day-primary)',
    fontWeight: vars.fontWeight.medium,
    selectors: {
      [dark]: {
        backgroundColor: 'var(--sala-day-tint-dark)',
        borderTopColor: 'var(--sala-day-primary-dark)',
      },
    },
  },
]);

export const periodHead = style([
  cell,
  { whiteSpace: 'nowrap', fontWeight: vars.fontWeight.medium },
]);

export const muted = style({ color: vars.color.textMuted, display: 'block' });

export const sections = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  gap: vars.space.large,
  alignItems: 'start',
});

export const list = style({ margin: 0, paddingInlineStart: vars.space.large });
export const back = style({ alignSelf: 'flex-start' });
