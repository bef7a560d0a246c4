import { createContext, useContext, type ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';

/** The host router's functions, as SalaProvider was given them. */
export interface Navigation {
  navigate: (path: string) => void;
  useHref?: (path: string) => string;
}

export const NavigationContext = createContext<Navigation | null>(null);

/**
 * Puts the host's router (SalaProvider's `navigate`) behind the links inside: react-aria's
 * RouterProvider, here around each component that renders links rather than around the whole
 * tree, so that a page without links does not carry react-aria's client-side navigation.
 * Without a router from SalaProvider it adds nothing (an outer RouterProvider still applies).
 */
export function RoutedLinks({ children }: { children: ReactNode }) {
  const navigation = useContext(NavigationContext);
  return navigation ? (
    <RouterProvider navigate={navigation.navigate} useHref={navigation.useHref}>
      {children}
    </RouterProvider>
  ) : (
    children
  );
}
