import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const bar = style(
  {
    position: 'fixed',
    insetInline: 0,
    top: 0,
    height: 3,
    zIndex: vars.zIndex.loader,
    pointerEvents: 'none',
    opacity: 0,
    transition: `opacity ${vars.duration.slow}`,
    selectors: { '&[data-visible]': { opacity: 1 } },
  },
  'bar',
);

export const fill = style(
  {
    height: '100%',
    backgroundColor: vars.color.primary,
    transformOrigin: 'left',
    transition: 'width 100ms linear',
    boxShadow: `0 0 6px ${vars.color.primary}`,
    selectors: { '[dir=rtl] &': { marginInlineStart: 'auto' } },
  },
  'fill',
);
