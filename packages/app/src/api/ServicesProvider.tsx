import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from './http.js';

const HttpContext = createContext<HttpClient | null>(null);

export function HttpProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <HttpContext.Provider value={client}>{children}</HttpContext.Provider>;
}

/** The app's HTTP helper (bearer, 401 retry, translated errors) for queries and mutations. */
export function useHttp(): HttpClient {
  const client = useContext(HttpContext);
  if (!client) throw new Error('useHttp must be used inside <HttpProvider>');
  return client;
}
