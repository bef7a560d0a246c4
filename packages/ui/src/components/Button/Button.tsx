import { Slot } from '@radix-ui/react-slot';
import { forwardRef, type ReactNode } from 'react';
import {
  Button as AriaButton,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components';
import * as styles from './Button.css.js';
import { button } from './buttonClass.js';
import { childDomProps } from '../private/asChild.js';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger'] as const;
export const buttonSizes = ['small', 'medium', 'large'] as const;

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style'> {
  /**
   * The visual weight: one primary action per view, danger for destructive actions.
   * @default 'primary'
   */
  variant?: (typeof buttonVariants)[number];
  /**
   * Medium is the 44 px touch size; small is for dense tables.
   * @default 'medium'
   */
  size?: (typeof buttonSizes)[number];
  /** Stretch to the width of the container (forms on phones). */
  fullWidth?: boolean;
  /**
   * Render the single child (e.g. a router `Link`) with the button's look instead of a
   * `<button>` (Radix's Slot): its class joins the button's, its handlers run before the
   * button's DOM handlers (`onClick`…), the ref reaches it; it keeps its own semantics and
   * behaviour, so react-aria's press props (`onPress`…) do not apply.
   */
  asChild?: boolean;
  /** An extra class for layout (margins, grid placement); looks come from variants. */
  className?: string;
}

/**
 * The product's button: react-aria's Button (press, keyboard, focus ring, pending state) with
 * the theme's looks. While `isPending`, it shows a spinner, keeps its size and ignores presses.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, fullWidth, asChild, className, children, ...props },
  ref,
) {
  const look = button({ variant, size, fullWidth });
  const classes = className ? `${look} ${className}` : look;
  if (asChild) {
    return (
      <Slot
        ref={ref}
        {...childDomProps(props)}
        className={classes}
        data-variant={variant ?? 'primary'}
      >
        {children as ReactNode}
      </Slot>
    );
  }
  return (
    <AriaButton ref={ref} {...props} className={classes} data-variant={variant ?? 'primary'}>
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          <span className={styles.label}>{content}</span>
          {isPending && <span className={styles.spinner} aria-hidden="true" />}
        </>
      ))}
    </AriaButton>
  );
});
