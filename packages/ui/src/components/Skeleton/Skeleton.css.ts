import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const pulse = keyframes({ '50%': { opacity: 0.5 } }, 'pulse');

export const skeleton = style(
  {
    display: 'block',
    backgroundColor: vars.color.surfaceSunken,
    animation: `${pulse} 1.6s ease-in-out infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
  'skeleton',
);

export const shape = styleVariants(
  {
    text: {
      borderRadius: vars.radius.small,
      // One line of text at the body size, with Khmer's taller line box.
      height: '1em',
      marginBlock: `calc((${vars.lineHeight.khmer} * 1em - 1em) / 2)`,
    },
    rect: { borderRadius: vars.radius.medium },
    circle: { borderRadius: vars.radius.full },
  },
  'shape',
);

export const lines = style({ display: 'flex', flexDirection: 'column' }, 'lines');
