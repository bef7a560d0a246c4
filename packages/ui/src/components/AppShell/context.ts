import { createContext, useContext } from 'react';

interface AppShellState {
  /** The desktop sidebar shows icons only. */
  isCollapsed: boolean;
  /** Closes the phone navigation drawer (after a navigation). */
  closeDrawer: () => void;
}

export const AppShellContext = createContext<AppShellState>({
  isCollapsed: false,
  closeDrawer: () => {},
});

/** The shell's sidebar state, for navigation items. */
export function useAppShell(): AppShellState {
  return useContext(AppShellContext);
}
