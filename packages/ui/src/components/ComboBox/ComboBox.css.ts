import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { spin } from '../../theme/motion.css.js';

export const spinner = style(
  {
    flexShrink: 0,
    color: vars.color.textMuted,
    animation: `${spin} 0.8s linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
  'spinner',
);
