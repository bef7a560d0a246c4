import { Slot } from '@radix-ui/react-slot';
import { forwardRef, type ReactNode } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { button } from '../Button/buttonClass.js';
import { RoutedLinks } from '../../provider/navigation.js';
import { childDomProps } from '../private/asChild.js';
import { cx } from '../private/cx.js';
import * as styles from './Link.css.js';

export const linkVariants = ['inline', 'standalone', 'button', 'secondaryButton'] as const;

export interface LinkProps extends Omit<AriaLinkProps, 'className' | 'style'> {
  /**
   * `inline` inside a sentence; `standalone` on its own (44 px target); `button` and
   * `secondaryButton` for a navigation that looks like an action ("Go Home...").
   * @default 'inline'
   */
  variant?: (typeof linkVariants)[number];
  /** An extra class for layout. */
  className?: string;
  /**
   * Lend the look to the single child instead of rendering react-aria's link (Radix's Slot),
   * e.g. a router's own link component: its class joins the link's, its handlers run before
   * the link's DOM handlers, the ref reaches it; it keeps its own navigation, so `href` and
   * react-aria's press props do not apply.
   */
  asChild?: boolean;
}

/**
 * A link (react-aria Link). Inside SalaProvider with a router's `navigate`, it navigates
 * client-side; external links open normally.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { variant = 'inline', className, asChild, ...props },
  ref,
) {
  const look =
    variant === 'button'
      ? button({ variant: 'primary' })
      : variant === 'secondaryButton'
        ? button({ variant: 'secondary' })
        : styles.link[variant];
  if (asChild) {
    return (
      <Slot ref={ref} {...childDomProps(props)} className={cx(look, className)}>
        {props.children as ReactNode}
      </Slot>
    );
  }
  return (
    <RoutedLinks>
      <AriaLink ref={ref} {...props} className={cx(look, className)} />
    </RoutedLinks>
  );
});
