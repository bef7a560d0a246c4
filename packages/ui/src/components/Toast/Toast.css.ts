import { createVar, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const slideIn = keyframes(
  { from: { transform: 'translateY(12px)', opacity: 0 }, to: {} },
  'slideIn',
);

export const region = style(
  {
    position: 'fixed',
    zIndex: vars.zIndex.toast,
    insetInline: vars.space.small,
    bottom: vars.space.small,
    display: 'flex',
    flexDirection: 'column-reverse',
    gap: vars.space.small,
    outline: 'none',
    '@media': {
      'screen and (min-width: 768px)': {
        insetInlineStart: 'auto',
        insetInlineEnd: vars.space.large,
        bottom: vars.space.large,
        width: 380,
      },
    },
    selectors: {
      '&[data-focus-visible]': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: 4,
        borderRadius: vars.radius.medium,
      },
    },
  },
  'region',
);

/** The toast type's colour (its data-type): the start border and the icon. */
const tone = createVar('tone');

export const toast = style(
  {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.medium,
    paddingBlock: vars.space.small,
    paddingInlineStart: vars.space.medium,
    paddingInlineEnd: vars.space.xsmall,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.text,
    borderRadius: vars.radius.medium,
    borderWidth: 1,
    borderStyle: 'solid',
    borderColor: vars.color.border,
    borderInlineStartWidth: 4,
    // After borderColor, which would otherwise win.
    borderInlineStartColor: tone,
    boxShadow: vars.shadow.large,
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
      '&[data-entering]': {
        animation: `${slideIn} ${vars.duration.moderate} ${vars.easing.enter}`,
      },
      '&[data-type="success"]': { vars: { [tone]: vars.color.success } },
      '&[data-type="error"]': { vars: { [tone]: vars.color.danger } },
      '&[data-type="warning"]': { vars: { [tone]: vars.color.warning } },
      '&[data-type="info"]': { vars: { [tone]: vars.color.info } },
    },
  },
  'toast',
);

export const iconBox = style(
  {
    color: tone,
    display: 'flex',
    flexShrink: 0,
    // Centres the icon on the first line of text (44 px rows: the close button's height).
    paddingBlock: 10,
  },
  'iconBox',
);

export const content = style(
  {
    flex: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    minHeight: 44,
    overflowWrap: 'anywhere',
  },
  'content',
);

export const title = style({ fontWeight: vars.fontWeight.medium }, 'title');

// Text's muted tone, here so a page with toasts needs no Text stylesheet.
export const description = style({ color: vars.color.textMuted }, 'description');
