import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css.js';
import { fadeIn } from '../../../theme/motion.css.js';

const rise = keyframes({ from: { transform: 'translateY(8px)', opacity: 0 }, to: {} }, 'rise');

// The overlay and panel of every modal; `centered` places a dialog in the middle of the screen.
// A drawer brings its own placement classes (Drawer.css.ts), so a page without one ships none.
export const overlay = style(
  {
    position: 'fixed',
    inset: 0,
    zIndex: vars.zIndex.modal,
    display: 'flex',
    backgroundColor: vars.color.overlay,
    selectors: {
      '&[data-entering]': { animation: `${fadeIn} ${vars.duration.fast} ${vars.easing.enter}` },
      '&[data-exiting]': {
        animation: `${fadeIn} ${vars.duration.instant} ${vars.easing.exit} reverse`,
      },
    },
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
  'overlay',
);

export const overlayCentered = style(
  {
    alignItems: 'center',
    justifyContent: 'center',
    padding: vars.space.large,
  },
  'overlayCentered',
);

export const panel = style(
  {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.large,
    outline: 'none',
    '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  },
  'panel',
);

export const panelCentered = style(
  {
    width: '100%',
    maxHeight: 'calc(100dvh - 32px)',
    borderRadius: vars.radius.large,
    selectors: {
      '&[data-entering]': { animation: `${rise} ${vars.duration.moderate} ${vars.easing.enter}` },
    },
  },
  'panelCentered',
);

export const size = styleVariants(
  {
    small: { maxWidth: 400 },
    medium: { maxWidth: 560 },
    large: { maxWidth: 800 },
  },
  'size',
);

export const dialog = style(
  {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    flex: 1,
    outline: 'none',
  },
  'dialog',
);

export const header = style(
  {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.medium,
    paddingBlockStart: vars.space.large,
    paddingInline: vars.space.large,
  },
  'header',
);

export const headerText = style(
  {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xsmall,
    // Room beside the close button, and a title that lines up with its centre.
    paddingBlockStart: vars.space.small,
  },
  'headerText',
);

// Text's muted tone, here so a page with a dialog needs no Text stylesheet.
export const description = style({ color: vars.color.textMuted }, 'description');

export const body = style(
  {
    flex: 1,
    minHeight: 0,
    overflowY: 'auto',
    paddingBlock: vars.space.large,
    paddingInline: vars.space.large,
  },
  'body',
);

export const footer = style(
  {
    display: 'flex',
    flexWrap: 'wrap-reverse',
    justifyContent: 'flex-end',
    gap: vars.space.small,
    paddingBlockEnd: vars.space.large,
    paddingInline: vars.space.large,
  },
  'footer',
);
