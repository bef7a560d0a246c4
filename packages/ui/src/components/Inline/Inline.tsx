import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { sprinkles, type Responsive, type Space } from '../../theme/sprinkles.css.js';
import { cx } from '../private/cx.js';
import { listReset } from '../private/reset.css.js';

export const inlineAligns = ['start', 'center', 'end', 'space-between'] as const;
export const inlineAlignYs = ['start', 'center', 'end', 'baseline', 'stretch'] as const;

const justify = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  'space-between': 'space-between',
} as const;
const alignY = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  baseline: 'baseline',
  stretch: 'stretch',
} as const;

export interface InlineProps extends Omit<HTMLAttributes<HTMLElement>, 'style'> {
  /**
   * Space between the children, a theme space token; may change per breakpoint.
   * @default 'small'
   */
  gap?: Responsive<Space>;
  /**
   * Where the children sit along the row.
   * @default 'start'
   */
  align?: (typeof inlineAligns)[number];
  /**
   * How the children line up vertically.
   * @default 'center'
   */
  alignY?: (typeof inlineAlignYs)[number];
  /**
   * Keep everything on one line instead of wrapping on narrow screens.
   * @default false
   */
  noWrap?: boolean;
  /**
   * The element to render: `ul` (with `li` children) for a list, without bullets.
   * @default 'div'
   */
  as?: 'div' | 'ul' | 'span';
  /** The things laid out in the row. */
  children?: ReactNode;
}

/** Lays its children out in a row that wraps onto more lines on a narrow screen. */
export const Inline = forwardRef<HTMLElement, InlineProps>(function Inline(
  {
    gap = 'small',
    align = 'start',
    alignY: y = 'center',
    noWrap = false,
    as: Element = 'div',
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
        sprinkles({
          display: 'flex',
          flexDirection: 'row',
          flexWrap: noWrap ? 'nowrap' : 'wrap',
          gap,
          justifyContent: justify[align],
          alignItems: alignY[y],
          minWidth: '0',
        }),
        Element === 'ul' ? listReset : undefined,
        className,
      )}
    >
      {children}
    </Element>
  );
});
