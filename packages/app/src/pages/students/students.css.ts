import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** The photo beside the code, names, gender and status; above them on a phone. */
export const formTop = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.large,
  alignItems: 'flex-start',
});

export const photoField = style({ width: 'min(100%, 220px)' });

export const grow = style({ flex: '1 1 260px', minWidth: 0 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });

/** A button that keeps its own width inside a stretched column. */
export const start = style({ alignSelf: 'flex-start' });

/** The student's photo on the detail page: a 3:4 portrait, or their initials. */
export const photo = style({
  width: 120,
  aspectRatio: '3 / 4',
  objectFit: 'cover',
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  flexShrink: 0,
});

export const identity = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.large,
  alignItems: 'flex-start',
});

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
});

/** Two or three cards side by side on a wide screen, stacked on a phone. */
export const sections = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
  gap: vars.space.large,
  alignItems: 'start',
});

/** Label and value pairs: side by side when there is room, label above value on a phone. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(min(100%, 130px), max-content) minmax(0, 1fr)',
  gap: `${vars.space.xsmall} ${vars.space.medium}`,
  margin: 0,
  '@media': {
    'screen and (max-width: 420px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });

/** One academic year of the enrollment history. */
export const year = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.small,
});

export const periods = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.small,
});

export const period = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxsmall} ${vars.space.medium}`,
  alignItems: 'baseline',
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surfaceSunken,
});

export const periodClass = style({ fontWeight: 600, minWidth: 120 });
