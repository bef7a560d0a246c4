import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const tooltip = style({
  maxWidth: 'min(280px, calc(100vw - 16px))',
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.small,
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.text,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.small,
  lineHeight: vars.lineHeight.body,
  boxShadow: vars.shadow.medium,
  zIndex: vars.zIndex.tooltip,
  overflowWrap: 'anywhere',
  selectors: {
    '&:lang(km)': { lineHeight: vars.lineHeight.khmer },
    '&[data-entering]': { animation: `${fadeIn} 120ms ease-out` },
  },
});

export const arrow = style({
  display: 'block',
  fill: vars.color.text,
  selectors: {
    '[data-placement=bottom] &': { transform: 'rotate(180deg)' },
    '[data-placement=left] &': { transform: 'rotate(-90deg)' },
    '[data-placement=right] &': { transform: 'rotate(90deg)' },
  },
});
