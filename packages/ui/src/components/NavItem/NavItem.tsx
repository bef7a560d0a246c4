import type { ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { RoutedLinks } from '../../provider/navigation.js';
import { useAppShell } from '../AppShell/context.js';
import { Tooltip } from '../Tooltip/Tooltip.js';
import { VisuallyHidden } from '../VisuallyHidden/VisuallyHidden.js';
import * as styles from './NavItem.css.js';

export interface NavItemProps {
  /** Where it leads (a router path when SalaProvider has `navigate`). */
  href: string;
  /** The page's icon (lucide-react); alone in a collapsed sidebar. */
  icon: ReactNode;
  /** The page's name. */
  children: string;
  /**
   * The current page: highlighted and announced as such (`aria-current="page"`).
   * @default false
   */
  isActive?: boolean;
  /** A count or status after the name (e.g. a Badge). */
  badge?: ReactNode;
  /**
   * The user is about to open it (the pointer is over it, it has the focus, or a finger is
   * down on it): a moment to load the page's code ahead, so it opens without waiting for it.
   */
  onIntent?: () => void;
}

/** One page in the Sidebar, with its icon; in a collapsed sidebar, the icon and a tooltip. */
export function NavItem({ href, icon, children, isActive = false, badge, onIntent }: NavItemProps) {
  const { isCollapsed, closeDrawer } = useAppShell();
  const link = (
    <RoutedLinks>
      <AriaLink
        href={href}
        aria-current={isActive ? 'page' : undefined}
        className={styles.item}
        data-collapsed={isCollapsed || undefined}
        onPress={closeDrawer}
        onHoverStart={onIntent}
        onFocus={onIntent}
        onPressStart={onIntent}
      >
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        {isCollapsed ? (
          <VisuallyHidden>{children}</VisuallyHidden>
        ) : (
          <>
            <span className={styles.label}>{children}</span>
            {badge && <span className={styles.badge}>{badge}</span>}
          </>
        )}
      </AriaLink>
    </RoutedLinks>
  );
  return (
    <li>
      {isCollapsed ? (
        <Tooltip content={children} placement="end">
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}
