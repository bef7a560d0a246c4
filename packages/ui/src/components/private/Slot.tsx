import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * Renders its single child element with extra props (a class and data attributes merged in):
 * how `asChild` gives a router link a button's look. Enough for those props; event handlers and
 * refs are the child's own.
 */
export function Slot({
  children,
  className,
  ...props
}: { children?: ReactNode; className?: string } & Record<`data-${string}`, string>) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<{ className?: string }>;
  return cloneElement(child, {
    ...props,
    className: [className, child.props.className].filter(Boolean).join(' '),
  });
}
