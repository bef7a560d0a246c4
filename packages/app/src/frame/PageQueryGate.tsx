import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { QueryFailure } from './QueryFailure.js';
import { firstFailure } from './queryFailure.js';

/**
 * Around every page: when one of the page's reads fails (after its retries) with nothing to
 * show, the page gives way to the failure screen, inside the frame and its menu: why, in the
 * interface language, "Try again" and the way home. No page shows "Loading…" for ever.
 *
 * The failure stays on screen (the page's components, and with them the watch on the failed
 * read, are gone) until "Try again", which forgets the failed reads and mounts the page afresh,
 * or until the user goes to another page.
 */
export function PageQueryGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const { pathname } = useLocation();
  // Failures from before this page (a read that failed on an earlier visit) do not count: the
  // page reads them again as it mounts.
  const [since, setSince] = useState(() => Date.now());
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const failing = useSyncExternalStore(subscribe, () => firstFailure(cache, since));
  const [held, setHeld] = useState<{ query: Query; pathname: string } | null>(null);

  // Held from the render that sees it (React's state adjusted while rendering), since the
  // failed read loses its watcher as the page gives way.
  if (failing && (held?.query !== failing || held.pathname !== pathname)) {
    setHeld({ query: failing, pathname });
  }

  const shown = held && held.pathname === pathname ? held.query : failing;
  if (!shown) return children;
  return (
    <QueryFailure
      error={shown.state.error}
      page
      onRetry={() => {
        queryClient.removeQueries({
          predicate: (query) => query.state.status === 'error' && query.state.data === undefined,
        });
        setHeld(null);
        setSince(Date.now());
      }}
    />
  );
}
