import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { spin } from '../../theme/motion.css.js';

// Plain classes rather than a recipe: the class a button gets is picked in buttonClass.ts,
// without a recipe runtime on every page with a button.
export const base = style(
  {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.small,
    borderRadius: vars.radius.medium,
    borderWidth: 1,
    borderStyle: 'solid',
    borderColor: 'transparent',
    fontFamily: 'inherit',
    fontWeight: vars.fontWeight.medium,
    // Never a fixed height: Khmer's stacked consonants must not be clipped.
    lineHeight: vars.lineHeight.tight,
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    WebkitTapHighlightColor: 'transparent',
    transition: `background-color ${vars.duration.instant}, border-color ${vars.duration.instant}, color ${vars.duration.instant}`,
    outline: 'none',
    selectors: {
      '&[data-focus-visible], &:focus-visible': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: 2,
      },
      '&[data-disabled], &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
      '&[data-pending]': { cursor: 'progress' },
    },
  },
  'base',
);

export const variant = styleVariants(
  {
    primary: {
      backgroundColor: vars.color.primary,
      color: vars.color.onPrimary,
      selectors: {
        '&[data-hovered], &:is(a):hover': { backgroundColor: vars.color.primaryHover },
        '&[data-pressed]': { backgroundColor: vars.color.primaryPressed },
      },
    },
    secondary: {
      backgroundColor: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
      selectors: {
        '&[data-hovered], &:is(a):hover': { backgroundColor: vars.color.surfaceHover },
        '&[data-pressed]': { backgroundColor: vars.color.surfaceSunken },
      },
    },
    ghost: {
      backgroundColor: 'transparent',
      color: vars.color.text,
      selectors: {
        '&[data-hovered], &:is(a):hover': { backgroundColor: vars.color.surfaceHover },
        '&[data-pressed]': { backgroundColor: vars.color.surfaceSunken },
      },
    },
    danger: {
      backgroundColor: vars.color.danger,
      color: vars.color.onDanger,
      selectors: {
        '&[data-hovered], &:is(a):hover': { backgroundColor: vars.color.dangerHover },
        '&[data-pressed]': { backgroundColor: vars.color.dangerHover },
      },
    },
  },
  'variant',
);

export const size = styleVariants(
  {
    small: {
      minHeight: 32,
      paddingBlock: vars.space.xxsmall,
      paddingInline: vars.space.medium,
      fontSize: vars.fontSize.small,
    },
    // 44 px: the smallest comfortable touch target on a phone.
    medium: {
      minHeight: 44,
      paddingBlock: vars.space.xsmall,
      paddingInline: vars.space.large,
      fontSize: vars.fontSize.medium,
    },
    large: {
      minHeight: 52,
      paddingBlock: vars.space.small,
      paddingInline: vars.space.xlarge,
      fontSize: vars.fontSize.large,
    },
  },
  'size',
);

export const fullWidth = style({ width: '100%' }, 'fullWidth');

export const label = style(
  {
    // An icon beside the text keeps its distance from it.
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    // Transparent, not hidden: the label still names the button for screen readers.
    selectors: { '[data-pending] > &': { opacity: 0 } },
  },
  'label',
);

export const spinner = style(
  {
    position: 'absolute',
    insetInlineStart: '50%',
    top: '50%',
    width: '1.1em',
    height: '1.1em',
    marginInlineStart: '-0.55em',
    marginTop: '-0.55em',
    borderRadius: '50%',
    border: '2px solid currentColor',
    borderInlineEndColor: 'transparent',
    animation: `${spin} 700ms linear infinite`,
    '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2s' } },
  },
  'spinner',
);
