import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const fromStart = keyframes({ from: { transform: 'translateX(-100%)' }, to: {} });
const fromEnd = keyframes({ from: { transform: 'translateX(100%)' }, to: {} });

// A full-height panel on the inline start or end edge; the rest of the look is Modal's.
export const start = {
  overlay: style({ justifyContent: 'flex-start', zIndex: vars.zIndex.drawer }),
  panel: style({
    height: '100%',
    width: 'min(320px, 85vw)',
    selectors: {
      '&[data-entering]': { animation: `${fromStart} 200ms ease-out` },
      '&[data-exiting]': { animation: `${fromStart} 150ms ease-in reverse` },
      '[dir=rtl] &[data-entering]': { animationName: fromEnd },
    },
  }),
};

export const end = {
  overlay: style({ justifyContent: 'flex-end', zIndex: vars.zIndex.drawer }),
  panel: style({
    height: '100%',
    width: 'min(400px, 90vw)',
    selectors: {
      '&[data-entering]': { animation: `${fromEnd} 200ms ease-out` },
      '&[data-exiting]': { animation: `${fromEnd} 150ms ease-in reverse` },
    },
  }),
};
