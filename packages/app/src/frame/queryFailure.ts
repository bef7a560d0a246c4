import type { Query, QueryCache } from '@tanstack/react-query';
import type { ErrorStateKind } from '@sala/ui';
import { ApiError } from '../api/http.js';

/**
 * What a failed read means for the person looking: no connection, not permitted (403), nothing
 * there (404), the server failed; or `redirect` when the app is already taking them elsewhere
 * (a lapsed session to sign-in, a temporary password to the password step).
 */
export function failureKind(error: unknown): ErrorStateKind | 'redirect' {
  if (!(error instanceof ApiError)) return 'server';
  if (error.code === 'NETWORK' || error.status === 0) return 'offline';
  if (error.status === 401 || error.code === 'PASSWORD_CHANGE_REQUIRED') return 'redirect';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'notFound';
  return 'server';
}

/**
 * The first read of the page on screen that failed and has nothing to show instead: watched by
 * a component, done fetching (retries included), failed since `since`, and not one whose
 * component shows its failure itself.
 */
export function firstFailure(cache: QueryCache, since: number): Query | null {
  for (const query of cache.getAll()) {
    const { state } = query;
    if (
      state.status === 'error' &&
      state.fetchStatus === 'idle' &&
      state.data === undefined &&
      state.errorUpdatedAt >= since &&
      query.getObserversCount() > 0 &&
      !query.meta?.errorInPlace
    ) {
      return query as Query;
    }
  }
  return null;
}
