import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthClient, AuthState } from './AuthClient.js';

const AuthContext = createContext<AuthClient | null>(null);

export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  return <AuthContext.Provider value={client}>{children}</AuthContext.Provider>;
}

/** The auth client, for actions (login, logout, permission checks). */
export function useAuthClient(): AuthClient {
  const client = useContext(AuthContext);
  if (!client) throw new Error('useAuthClient must be used inside <AuthProvider>');
  return client;
}

/** The session state; re-renders when it changes. */
export function useAuth(): AuthState & { client: AuthClient } {
  const client = useAuthClient();
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  return { ...state, client };
}
