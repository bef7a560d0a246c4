import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../../theme/contract.css.js';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const rise = keyframes({ from: { transform: 'translateY(8px)', opacity: 0 }, to: {} });
const fromStart = keyframes({ from: { transform: 'translateX(-100%)' }, to: {} });
const fromEnd = keyframes({ from: { transform: 'translateX(100%)' }, to: {} });

export const overlay = recipe({
  base: {
    position: 'fixed',
    inset: 0,
    zIndex: vars.zIndex.modal,
    display: 'flex',
    backgroundColor: vars.color.overlay,
    selectors: {
      '&[data-entering]': { animation: `${fadeIn} 150ms ease-out` },
      '&[data-exiting]': { animation: `${fadeIn} 120ms ease-in reverse` },
    },
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
  variants: {
    placement: {
      center: {
        alignItems: 'center',
        justifyContent: 'center',
        padding: vars.space.large,
      },
      start: { justifyContent: 'flex-start', zIndex: vars.zIndex.drawer },
      end: { justifyContent: 'flex-end', zIndex: vars.zIndex.drawer },
    },
  },
});

export const panel = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.large,
    outline: 'none',
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
  variants: {
    placement: {
      center: {
        width: '100%',
        maxHeight: 'calc(100dvh - 32px)',
        borderRadius: vars.radius.large,
        selectors: { '&[data-entering]': { animation: `${rise} 180ms ease-out` } },
      },
      start: {
        height: '100%',
        width: 'min(320px, 85vw)',
        selectors: {
          '&[data-entering]': { animation: `${fromStart} 200ms ease-out` },
          '&[data-exiting]': { animation: `${fromStart} 150ms ease-in reverse` },
          '[dir=rtl] &[data-entering]': { animationName: fromEnd },
        },
      },
      end: {
        height: '100%',
        width: 'min(400px, 90vw)',
        selectors: {
          '&[data-entering]': { animation: `${fromEnd} 200ms ease-out` },
          '&[data-exiting]': { animation: `${fromEnd} 150ms ease-in reverse` },
        },
      },
    },
    size: {
      small: { maxWidth: 400 },
      medium: { maxWidth: 560 },
      large: { maxWidth: 800 },
    },
  },
});

export const dialog = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  flex: 1,
  outline: 'none',
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.medium,
  paddingBlockStart: vars.space.large,
  paddingInline: vars.space.large,
});

export const headerText = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  // Room beside the close button, and a title that lines up with its centre.
  paddingBlockStart: vars.space.small,
});

export const body = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  paddingBlock: vars.space.large,
  paddingInline: vars.space.large,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.small,
  paddingBlockEnd: vars.space.large,
  paddingInline: vars.space.large,
});
