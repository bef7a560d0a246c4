import type { CSSProperties } from 'react';
import { cx } from '../private/cx.js';
import * as styles from './Skeleton.css.js';

export const skeletonShapes = ['text', 'rect', 'circle'] as const;

export interface SkeletonProps {
  /**
   * Text lines, a block (image, card) or a circle (avatar).
   * @default 'text'
   */
  shape?: (typeof skeletonShapes)[number];
  /**
   * How many lines of text (the last one is shorter).
   * @default 1
   */
  lines?: number;
  /** The width: a CSS length, or a number of pixels. `'100%'` by default; 44 for a circle. */
  width?: CSSProperties['width'];
  /**
   * The height of a block or circle; text lines take the height of a line of text.
   * 96 for a block and the width for a circle by default.
   */
  height?: CSSProperties['height'];
  /** An extra class for layout. */
  className?: string;
}

/**
 * A grey placeholder in the shape of content that is loading. It is hidden from screen readers:
 * mark the loading region `aria-busy` (or show a Spinner) so they know something is coming.
 */
export function Skeleton({
  shape = 'text',
  lines = 1,
  width = shape === 'circle' ? 44 : '100%',
  height = shape === 'text' ? undefined : shape === 'circle' ? width : 96,
  className,
}: SkeletonProps) {
  if (shape === 'text' && lines > 1) {
    return (
      <span className={cx(styles.lines, className)} aria-hidden="true" style={{ width }}>
        {Array.from({ length: lines }, (_, i) => (
          <span
            key={i}
            className={cx(styles.skeleton, styles.shape.text)}
            style={{ width: i === lines - 1 ? '60%' : '100%' }}
          />
        ))}
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cx(styles.skeleton, styles.shape[shape], className)}
      style={{ width, height }}
    />
  );
}
