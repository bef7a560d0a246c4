import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { fadeIn } from '../../theme/motion.css.js';

// Type size and line heights (Latin and Khmer): typography's small step, in the component.
export const tooltip = style(
  {
    maxWidth: 'min(280px, calc(100vw - 16px))',
    paddingBlock: vars.space.xsmall,
    paddingInline: vars.space.small,
    borderRadius: vars.radius.small,
    backgroundColor: vars.color.text,
    color: vars.color.textInverse,
    boxShadow: vars.shadow.medium,
    zIndex: vars.zIndex.tooltip,
    overflowWrap: 'anywhere',
    selectors: {
      '&[data-entering]': { animation: `${fadeIn} ${vars.duration.instant} ${vars.easing.enter}` },
    },
  },
  'tooltip',
);

export const arrow = style(
  {
    display: 'block',
    fill: vars.color.text,
    selectors: {
      '[data-placement=bottom] &': { transform: 'rotate(180deg)' },
      '[data-placement=left] &': { transform: 'rotate(-90deg)' },
      '[data-placement=right] &': { transform: 'rotate(90deg)' },
    },
  },
  'arrow',
);
