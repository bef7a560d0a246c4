import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { textSize, type TypeSize } from '../../theme/typography.css.js';
import { cx } from '../private/cx.js';
import * as styles from './Text.css.js';

export const textTones = [
  'normal',
  'muted',
  'danger',
  'success',
  'warning',
  'info',
  'inherit',
] as const;
export const textWeights = ['regular', 'medium', 'bold'] as const;
export const textSizes = ['xsmall', 'small', 'medium', 'large'] as const satisfies TypeSize[];

export interface TextProps extends Omit<HTMLAttributes<HTMLElement>, 'style'> {
  /**
   * A step of the type scale; line height is Khmer-safe at every step.
   * @default 'medium'
   */
  size?: (typeof textSizes)[number];
  /**
   * The colour by meaning: muted for secondary text, danger for errors.
   * @default 'normal'
   */
  tone?: (typeof textTones)[number];
  /**
   * Font weight.
   * @default 'regular'
   */
  weight?: (typeof textWeights)[number];
  /** Text alignment, in logical terms (start is left in English and Khmer); inherited when unset. */
  align?: 'start' | 'center' | 'end';
  /**
   * Cut the text to one line with an ellipsis (the full text stays in the DOM).
   * @default false
   */
  truncate?: boolean;
  /**
   * The element to render: a paragraph by default.
   * @default 'p'
   */
  as?: 'p' | 'span' | 'div' | 'strong' | 'small' | 'label';
  /** The text. */
  children?: ReactNode;
}

/** Body text in the theme's type scale. */
export const Text = forwardRef<HTMLElement, TextProps>(function Text(
  {
    size = 'medium',
    tone = 'normal',
    weight = 'regular',
    align,
    truncate,
    as: Element = 'p',
    className,
    children,
    ...props
  },
  ref,
) {
  return (
    <Element
      ref={ref as never}
      {...props}
      className={cx(
        styles.base,
        textSize[size],
        styles.tone[tone],
        styles.weight[weight],
        align && styles.align[align],
        truncate && styles.truncate,
        className,
      )}
    >
      {children}
    </Element>
  );
});
