import { useQuery } from '@tanstack/react-query';
import { useHttp } from './api/ServicesProvider.js';
import { useAuth } from './auth/AuthProvider.js';
import { applySidebarLayouts, navEntries, type NavEntry } from './navigation.js';

/** Query keys of the saved menu layouts: the signed-in user's, and the school's (the editor). */
export const ownSidebarKey = ['own-sidebar'] as const;
export const sidebarLayoutsKey = ['sidebar-layouts'] as const;

/**
 * The signed-in user's sidebar: the default menu after their roles' saved layouts, filtered by
 * their permissions. `undefined` while the layouts load (so hidden entries never flash);
 * the default menu if they cannot be loaded.
 */
export function useSidebarEntries(): NavEntry[] | undefined {
  const http = useHttp();
  const { user, client } = useAuth();
  const layouts = useQuery({
    queryKey: [...ownSidebarKey, user?.id],
    queryFn: () => http.call('getOwnSidebar'),
    enabled: !!user,
    staleTime: 5 * 60_000,
    // The menu without the saved layout is still the menu: it never blocks a page.
    meta: { errorInPlace: true },
  });
  if (user && layouts.isPending) return undefined;
  const applied = applySidebarLayouts(
    navEntries,
    layouts.data?.layouts ?? [],
    user?.roles.length ?? 0,
  );
  return applied.filter((entry) => client.hasPermission(entry.permissions));
}
