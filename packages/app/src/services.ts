import i18next from 'i18next';
import { createHttpClient, type HttpClient } from './api/http.js';
import { AuthClient } from './auth/AuthClient.js';
import { tokenStore } from './auth/tokens.js';
import type { RuntimeConfig } from '@sala/contract';

export interface Services {
  config: RuntimeConfig;
  http: HttpClient;
  auth: AuthClient;
}

/** The app's long-lived services, wired once at start. `navigate` is the router's. */
export function createServices(config: RuntimeConfig, navigate: (to: string) => void): Services {
  const http = createHttpClient({
    baseUrl: () => config.apiBaseUrl,
    bearer: tokenStore.bearer,
    language: () => i18next.language || 'en',
  });
  const auth = new AuthClient({
    http,
    tokens: tokenStore,
    navigate,
    hardRedirect: (to) => window.location.assign(to),
    currentPath: () => window.location.pathname + window.location.search,
    storage: window.localStorage,
  });
  return { config, http, auth };
}
