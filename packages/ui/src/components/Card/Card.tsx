import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../private/cx.js';
import * as styles from './Card.css.js';

export const cardPaddings = ['none', 'small', 'medium', 'large'] as const;
export const cardElevations = ['flat', 'raised'] as const;
export const cardTones = ['neutral', 'primary', 'agridev'] as const;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'style'> {
  /**
   * Inner space; `large` grows on wider screens.
   * @default 'medium'
   */
  padding?: (typeof cardPaddings)[number];
  /**
   * Flat cards sit on the page; raised ones cast a small shadow.
   * @default 'flat'
   */
  elevation?: (typeof cardElevations)[number];
  /**
   * An accent: a primary edge, or the product's agridev colours.
   * @default 'neutral'
   */
  tone?: (typeof cardTones)[number];
  /**
   * The element to render: `section` or `article` when the card has its own heading.
   * @default 'div'
   */
  as?: 'div' | 'section' | 'article' | 'li';
  /** The content. */
  children?: ReactNode;
}

/** A bordered surface that groups related content. */
export const Card = forwardRef<HTMLElement, CardProps>(function Card(
  { padding, elevation, tone, as: Element = 'div', className, children, ...props },
  ref,
) {
  return (
    <Element
      ref={ref as never}
      {...props}
      className={cx(styles.card({ padding, elevation, tone }), className)}
    >
      {children}
    </Element>
  );
});
