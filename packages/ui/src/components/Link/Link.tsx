import { forwardRef } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { button } from '../Button/buttonClass.js';
import { RoutedLinks } from '../../provider/navigation.js';
import { cx } from '../private/cx.js';
import * as styles from './Link.css.js';

export const linkVariants = ['inline', 'standalone', 'button', 'secondaryButton'] as const;

export interface LinkProps extends Omit<AriaLinkProps, 'className' | 'style'> {
  /**
   * `inline` inside a sentence; `standalone` on its own (44 px target); `button` and
   * `secondaryButton` for a navigation that looks like an action ("Go Home...").
   */
  variant?: (typeof linkVariants)[number];
  /** An extra class for layout. */
  className?: string;
}

/**
 * A link (react-aria Link). Inside SalaProvider with a router's `navigate`, it navigates
 * client-side; external links open normally.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { variant = 'inline', className, ...props },
  ref,
) {
  const look =
    variant === 'button'
      ? button({ variant: 'primary' })
      : variant === 'secondaryButton'
        ? button({ variant: 'secondary' })
        : styles.link[variant];
  return (
    <RoutedLinks>
      <AriaLink ref={ref} {...props} className={cx(look, className)} />
    </RoutedLinks>
  );
});
