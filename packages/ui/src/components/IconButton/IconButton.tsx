import { forwardRef, type ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { spinner } from '../Button/Button.css.js';
import { button } from '../Button/buttonClass.js';
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
  /** The visual weight; ghost by default (toolbars, headers). */
  variant?: (typeof iconButtonVariants)[number];
  /** Medium is the 44 px touch size; small only in dense desktop tables. */
  size?: (typeof iconButtonSizes)[number];
  /** The tooltip: the label by default, other content, or `false` for none. */
  tooltip?: ReactNode | false;
  /** An extra class for layout. */
  className?: string;
}

/** A square button showing only an icon, named by `label` and explained by a tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', size = 'medium', tooltip, className, ...props },
  ref,
) {
  const control = (
    <AriaButton
      ref={ref}
      {...props}
      aria-label={label}
      className={cx(button({ variant, size }), styles.square[size], className)}
      data-variant={variant}
    >
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
