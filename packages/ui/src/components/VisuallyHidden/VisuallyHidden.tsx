import type { HTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from './VisuallyHidden.css.js';

export interface VisuallyHiddenProps extends Omit<
  HTMLAttributes<HTMLElement>,
  'style' | 'className'
> {
  /**
   * The element to render.
   * @default 'span'
   */
  as?: 'span' | 'div' | 'h2' | 'h3';
  /** Text that screen readers read but the screen does not show. */
  children: ReactNode;
}

/** Content for screen readers only: hidden from sight, not from assistive technology. */
export function VisuallyHidden({ as: Element = 'span', children, ...props }: VisuallyHiddenProps) {
  return (
    <Element {...props} className={visuallyHidden}>
      {children}
    </Element>
  );
}
