import { style } from '@vanilla-extract/css';
import { vars } from '@sala/ui';

/** A row of small badges (grade levels) that wraps in a narrow cell. */
export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
});
