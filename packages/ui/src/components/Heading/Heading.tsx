import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { textSize } from '../../theme/typography.css.js';
import { cx } from '../private/cx.js';
import * as styles from './Heading.css.js';

export const headingLevels = [1, 2, 3, 4] as const;
export type HeadingLevel = (typeof headingLevels)[number];

const sizeOfLevel = { 1: 'xxlarge', 2: 'xlarge', 3: 'large', 4: 'medium' } as const;

export interface HeadingProps extends Omit<HTMLAttributes<HTMLHeadingElement>, 'style'> {
  /** The level in the page outline (h1…h4); it also sets the size unless `size` is given. */
  level: HeadingLevel;
  /**
   * Look like another level while keeping this one's meaning in the outline.
   * @default the `level`
   */
  size?: HeadingLevel;
  /** The heading's text. */
  children?: ReactNode;
}

/** A section heading; the level keeps the page outline right for screen readers. */
export const Heading = forwardRef<HTMLHeadingElement, HeadingProps>(function Heading(
  { level, size, className, children, ...props },
  ref,
) {
  const Element = `h${level}` as const;
  return (
    <Element
      ref={ref}
      {...props}
      className={cx(styles.heading, textSize[sizeOfLevel[size ?? level]], className)}
    >
      {children}
    </Element>
  );
});
