import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const fromStart = keyframes({ from: { transform: 'translateX(-100%)' }, to: {} }, 'fromStart');
const fromEnd = keyframes({ from: { transform: 'translateX(100%)' }, to: {} }, 'fromEnd');

// A full-height panel on the inline start or end edge; the rest of the look is Modal's.
export const start = {
  overlay: style({ justifyContent: 'flex-start', zIndex: vars.zIndex.drawer }, 'start_overlay'),
  panel: style(
    {
      height: '100%',
      width: 'min(320px, 85vw)',
      selectors: {
        '&[data-entering]': {
          animation: `${fromStart} ${vars.duration.moderate} ${vars.easing.enter}`,
        },
        '&[data-exiting]': {
          animation: `${fromStart} ${vars.duration.fast} ${vars.easing.exit} reverse`,
        },
        '[dir=rtl] &[data-entering]': { animationName: fromEnd },
      },
    },
    'start_panel',
  ),
};

export const end = {
  overlay: style({ justifyContent: 'flex-end', zIndex: vars.zIndex.drawer }, 'end_overlay'),
  panel: style(
    {
      height: '100%',
      width: 'min(400px, 90vw)',
      selectors: {
        '&[data-entering]': {
          animation: `${fromEnd} ${vars.duration.moderate} ${vars.easing.enter}`,
        },
        '&[data-exiting]': {
          animation: `${fromEnd} ${vars.duration.fast} ${vars.easing.exit} reverse`,
        },
      },
    },
    'end_panel',
  ),
};
