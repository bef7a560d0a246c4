import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { spin } from '../../theme/motion.css.js';

export const root = style(
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.small,
    color: vars.color.primary,
  },
  'root',
);

export const circle = style(
  {
    flexShrink: 0,
    borderRadius: '50%',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderInlineEndColor: 'transparent',
    animation: `${spin} 700ms linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2s' } },
  },
  'circle',
);

export const size = styleVariants(
  {
    small: { width: 16, height: 16, borderWidth: 2 },
    medium: { width: 24, height: 24, borderWidth: 3 },
    large: { width: 40, height: 40, borderWidth: 4 },
  },
  'size',
);

export const label = style({ color: vars.color.text }, 'label');
