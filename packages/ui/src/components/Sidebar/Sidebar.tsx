import type { ReactNode } from 'react';
import { uiStringTable, useStrings } from '../../i18n/strings.js';
import { Stack } from '../Stack/Stack.js';

const strings = uiStringTable(['main_navigation']);

export interface SidebarProps {
  /** The navigation's accessible name; "Main navigation" by default. */
  'aria-label'?: string;
  /** NavItem elements. */
  children: ReactNode;
}

/** The app's navigation landmark: a list of NavItems. AppShell places it. */
export function Sidebar({ children, ...props }: SidebarProps) {
  const t = useStrings(strings);
  return (
    <nav aria-label={props['aria-label'] ?? t('main_navigation')}>
      <Stack as="ul" gap="xxsmall">
        {children}
      </Stack>
    </nav>
  );
}
