import { Check } from './icons.js';
import type { ReactNode } from 'react';
import {
  ListBoxItem,
  Popover as AriaPopover,
  type ListBoxItemProps,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components';
import * as styles from './Popover.css.js';

/** The themed floating surface for the fields' lists and calendars (renders into body). */
export function Popover({
  className,
  ...props
}: Omit<AriaPopoverProps, 'className'> & { className?: string }) {
  return (
    <AriaPopover
      offset={4}
      {...props}
      className={[styles.popover, className].filter(Boolean).join(' ')}
    />
  );
}

/** One option of a listbox, with a tick when selected. */
export function Option({
  children,
  ...props
}: Omit<ListBoxItemProps, 'className' | 'children'> & { children: ReactNode }) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined);
  return (
    <ListBoxItem {...props} textValue={textValue} className={styles.option}>
      {({ isSelected }) => (
        <>
          <span>{children}</span>
          {isSelected && <Check aria-hidden size={16} className={styles.check} />}
        </>
      )}
    </ListBoxItem>
  );
}

export { styles as popoverStyles };
