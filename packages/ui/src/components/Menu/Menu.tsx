import { Check } from '../private/icons.js';
import type { ReactElement, ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type Key,
  type MenuItemProps as AriaMenuItemProps,
  type Selection,
} from 'react-aria-components';
import { RoutedLinks } from '../../provider/navigation.js';
import * as styles from './Menu.css.js';

export interface MenuProps {
  /** The button that opens the menu (Button or IconButton). */
  trigger: ReactElement;
  /** The menu's accessible name (the trigger's label is used when unset). */
  'aria-label'?: string;
  /** Called with the id of the item chosen. */
  onAction?: (id: Key) => void;
  /**
   * 'single' makes the items a choice with a check mark (language, sort order).
   * @default 'none'
   */
  selectionMode?: 'none' | 'single';
  /** The chosen item ids, with `selectionMode="single"`. */
  selectedKeys?: Iterable<Key>;
  /** Called when the choice changes. */
  onSelectionChange?: (keys: Selection) => void;
  /**
   * Where the menu opens; it flips when there is no room.
   * @default 'bottom end'
   */
  placement?: 'bottom start' | 'bottom end' | 'top start' | 'top end';
  /** MenuItem and MenuSeparator elements. */
  children: ReactNode;
}

/**
 * A list of actions that opens from a button (react-aria Menu): arrow keys move, Enter
 * chooses, typing jumps to an item, Escape closes and returns focus to the button.
 */
export function Menu({
  trigger,
  onAction,
  selectionMode = 'none',
  selectedKeys,
  onSelectionChange,
  placement = 'bottom end',
  children,
  ...props
}: MenuProps) {
  // Items may be links (href): they navigate through the host's router.
  return (
    <RoutedLinks>
      <MenuTrigger>
        {trigger}
        <Popover placement={placement} offset={4} className={styles.popover}>
          <AriaMenu
            aria-label={props['aria-label']}
            // react-aria also passes the item's value; callers get the id alone.
            onAction={onAction ? (id) => onAction(id) : undefined}
            selectionMode={selectionMode}
            selectedKeys={selectedKeys}
            onSelectionChange={onSelectionChange}
            className={styles.menu}
          >
            {children}
          </AriaMenu>
        </Popover>
      </MenuTrigger>
    </RoutedLinks>
  );
}

export interface MenuItemProps extends Omit<AriaMenuItemProps, 'className' | 'style' | 'children'> {
  /** The item's id, passed to `onAction`. */
  id: Key;
  /** An icon before the text. */
  icon?: ReactNode;
  /**
   * A destructive action (Sign out, Delete), shown in red.
   * @default false
   */
  isDanger?: boolean;
  /** The item's text. */
  children: ReactNode;
}

/** One action in a Menu. */
export function MenuItem({ icon, isDanger, children, ...props }: MenuItemProps) {
  const text = typeof children === 'string' ? children : undefined;
  return (
    <AriaMenuItem
      {...props}
      textValue={props.textValue ?? text}
      className={styles.item}
      data-danger={isDanger || undefined}
    >
      {({ isSelected, selectionMode }) => (
        <>
          {selectionMode !== 'none' && (
            <span className={styles.check} aria-hidden="true">
              {isSelected && <Check size={18} />}
            </span>
          )}
          {icon && <span aria-hidden="true">{icon}</span>}
          {children}
        </>
      )}
    </AriaMenuItem>
  );
}

/** A line between groups of items. */
export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
