import { Slot, Slottable } from '@radix-ui/react-slot';
import { forwardRef, type ReactElement, type ReactNode } from 'react';
import {
  Button as AriaButton,
  Focusable,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components';
import { spinner } from '../Button/Button.css.js';
import { button } from '../Button/buttonClass.js';
import { childDomProps } from '../private/asChild.js';
import { cx } from '../private/cx.js';
import { Tooltip } from '../Tooltip/Tooltip.js';
import * as styles from './IconButton.css.js';

export const iconButtonVariants = ['ghost', 'secondary', 'primary', 'danger'] as const;
export const iconButtonSizes = ['small', 'medium', 'large'] as const;

export interface IconButtonProps extends Omit<
  AriaButtonProps,
  'className' | 'style' | 'children' | 'aria-label'
> {
  /** The accessible name, also shown as the tooltip: an icon alone says nothing to a screen reader. */
  label: string;
  /** The icon, e.g. a lucide-react icon (it is hidden from screen readers). */
  icon: ReactNode;
  /**
   * The visual weight; ghost by default (toolbars, headers).
   * @default 'ghost'
   */
  variant?: (typeof iconButtonVariants)[number];
  /**
   * Medium is the 44 px touch size; small only in dense desktop tables.
   * @default 'medium'
   */
  size?: (typeof iconButtonSizes)[number];
  /**
   * The tooltip: the label by default, other content, or `false` for none.
   * @default the `label`
   */
  tooltip?: ReactNode | false;
  /** An extra class for layout. */
  className?: string;
  /**
   * Lend the look, the name and the icon to the single child instead of rendering a `<button>`
   * (Radix's Slot), e.g. a router's link with no content of its own: `<IconButton asChild
   * label="Settings" icon={<Settings />}><RouterLink to="/settings" /></IconButton>`. Its
   * class joins the button's, its handlers run before the button's DOM handlers, the ref
   * reaches it; react-aria's press props (`onPress`…) do not apply.
   */
  asChild?: boolean;
  /** With `asChild`: the element to render (its own children, if any, come before the icon). */
  children?: ReactElement;
}

/** A square button showing only an icon, named by `label` and explained by a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  {
    label,
    icon,
    variant = 'ghost',
    size = 'medium',
    tooltip,
    className,
    asChild,
    children,
    ...props
  },
  ref,
) {
  const classes = cx(button({ variant, size }), styles.square[size], className);
  if (asChild) {
    const control = (
      <Slot
        ref={ref}
        {...childDomProps(props)}
        aria-label={label}
        className={classes}
        data-variant={variant}
      >
        <Slottable>{children}</Slottable>
        <span aria-hidden="true" style={{ display: 'contents' }}>
          {icon}
        </span>
      </Slot>
    );
    if (tooltip === false) return control;
    // The tooltip's trigger props reach the child through react-aria's Focusable.
    return (
      <Tooltip content={tooltip ?? label}>
        <Focusable>{control}</Focusable>
      </Tooltip>
    );
  }
  const control = (
    <AriaButton ref={ref} {...props} aria-label={label} className={classes} data-variant={variant}>
      {({ isPending }) =>
        isPending ? (
          <span className={spinner} aria-hidden="true" />
        ) : (
          <span aria-hidden="true" style={{ display: 'contents' }}>
            {icon}
          </span>
        )
      }
    </AriaButton>
  );
  if (tooltip === false) return control;
  return <Tooltip content={tooltip ?? label}>{control}</Tooltip>;
});
