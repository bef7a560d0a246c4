import { globalStyle, styleVariants } from '@vanilla-extract/css';
import { vars } from './contract.css.js';

/**
 * The type scale. Each step sets a Latin line height and, where the text is Khmer (`:lang(km)`),
 * the taller Khmer one: Khmer stacks subscript consonants and vowels above and below the line,
 * and a Latin line height clips them.
 */
export const typeScale = {
  xsmall: { fontSize: vars.fontSize.xsmall, lineHeight: vars.lineHeight.body },
  small: { fontSize: vars.fontSize.small, lineHeight: vars.lineHeight.body },
  medium: { fontSize: vars.fontSize.medium, lineHeight: vars.lineHeight.body },
  large: { fontSize: vars.fontSize.large, lineHeight: vars.lineHeight.tight },
  xlarge: { fontSize: vars.fontSize.xlarge, lineHeight: vars.lineHeight.tight },
  xxlarge: { fontSize: vars.fontSize.xxlarge, lineHeight: vars.lineHeight.tight },
} as const;

export type TypeSize = keyof typeof typeScale;
export const typeSizes = Object.keys(typeScale) as TypeSize[];

/** One class per step of the type scale, Khmer-safe. */
export const textSize = styleVariants(
  typeScale,
  ({ fontSize, lineHeight }) => ({
    fontSize,
    lineHeight,
  }),
  'textSize',
);

// Khmer's line height for every step, in one rule.
globalStyle(
  Object.values(textSize)
    .map((className) => `.${className}:lang(km)`)
    .join(', '),
  { lineHeight: vars.lineHeight.khmer },
);
