import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiError } from './http.js';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * The component shows this query's failure itself (a section that hides when refused, the
       * frame's menu); the page's failure screen leaves it alone.
       */
      errorInPlace?: boolean;
    };
  }
}

/** At most this many more tries of a read that failed for want of a connection or a server. */
const MAX_RETRIES = 2;

/**
 * Whether a failed read is tried again: a refusal (4xx) is the answer and is not; a lost
 * connection or a server failure is, twice, after 1 s then 2 s, so that a page says what went
 * wrong within a few seconds instead of loading for ever.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  return error.code === 'NETWORK' || error.status >= 500 || error.status === 0;
}

/**
 * The app's query client. Reads run whatever the browser says of the connection
 * (`networkMode: 'always'`): offline, a read fails at once with NETWORK and the page says so
 * and offers to try again, where TanStack's default would pause it and load for ever.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        retry: shouldRetry,
        networkMode: 'always',
        ...config.defaultOptions?.queries,
      },
    },
  });
}
