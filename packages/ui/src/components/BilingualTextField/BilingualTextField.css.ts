import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const group = style(
  { display: 'flex', flexDirection: 'column', gap: vars.space.xsmall },
  'group',
);

/** Side by side on wide screens, stacked on phones. */
export const pair = style(
  {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
    gap: vars.space.medium,
  },
  'pair',
);

export const language = style(
  {
    fontSize: vars.fontSize.xsmall,
    fontWeight: vars.fontWeight.medium,
    color: vars.color.textMuted,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  'language',
);
