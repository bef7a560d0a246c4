import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { sprinkles, type Responsive, type Space } from '../../theme/sprinkles.css.js';
import { cx } from '../private/cx.js';
import { listReset } from '../private/reset.css.js';

export const stackAligns = ['stretch', 'start', 'center', 'end'] as const;
export const stackElements = ['div', 'section', 'ul', 'ol', 'form', 'nav', 'main'] as const;

const alignItems = {
  stretch: 'stretch',
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
} as const;

export interface StackProps extends Omit<HTMLAttributes<HTMLElement>, 'style'> {
  /**
   * Space between the children, a theme space token; may change per breakpoint.
   * @default 'medium'
   */
  gap?: Responsive<Space>;
  /**
   * How the children line up across the stack (they stretch to its width by default).
   * @default 'stretch'
   */
  align?: (typeof stackAligns)[number];
  /**
   * The element to render: a list when the children are list items.
   * @default 'div'
   */
  as?: (typeof stackElements)[number];
  /** The things laid out in the column. */
  children?: ReactNode;
}

/** Lays its children out in a column with even space between them. */
export const Stack = forwardRef<HTMLElement, StackProps>(function Stack(
  { gap = 'medium', align = 'stretch', as: Element = 'div', className, children, ...props },
  ref,
) {
  return (
    <Element
      // The union of intrinsic elements confuses the ref type; every option is an HTMLElement.
      ref={ref as never}
      {...props}
      className={cx(
        sprinkles({
          display: 'flex',
          flexDirection: 'column',
          gap,
          alignItems: alignItems[align],
          minWidth: '0',
        }),
        Element === 'ul' || Element === 'ol' ? listReset : undefined,
        className,
      )}
    >
      {children}
    </Element>
  );
});
