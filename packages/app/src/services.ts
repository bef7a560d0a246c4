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

/**
 * Where in-app navigation goes: the router's navigate once the app runs (before that, the
 * sign-in page's hand-over to the app). Services keep this object, so it can be re-pointed.
 */
export interface Navigation {
  go: (to: string) => void;
}

/** The app's long-lived services, wired once at start. */
export function createServices(config: RuntimeConfig, navigation: Navigation): Services {
  const http = createHttpClient({
    baseUrl: () => config.apiBaseUrl,
    bearer: tokenStore.bearer,
    language: () => i18next.language || 'en',
  });
  const auth = new AuthClient({
    http,
    tokens: tokenStore,
    navigate: (to) => navigation.go(to),
    hardRedirect: (to) => window.location.assign(to),
    currentPath: () => window.location.pathname + window.location.search,
    storage: window.localStorage,
  });
  return { config, http, auth };
}
