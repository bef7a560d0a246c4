export { AppShell, type AppShellProps } from './AppShell.js';
export { useAppShell } from './context.js';
