import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './App.js';
import { startingConfig } from './api/config.js';
import { initI18n } from './i18n/index.js';
import { preloadPage } from './routeRegistry.js';
import { buildRoutes } from './routes.js';
import { createServices, type Navigation, type Services } from './services.js';

// zod's fast path compiles validators with `new Function`, which the app's CSP forbids.
z.config({ jitless: true });

/** What the sign-in page hands over once the user has signed in: no second start-up. */
export interface SignedIn {
  services: Services;
  navigation: Navigation;
}

/**
 * Starts the app in `container`: configuration, strings, the router and the session. Given the
 * sign-in page's services, it keeps their session (already signed in) instead of checking it.
 */
export async function startApp(container: HTMLElement, signedIn?: SignedIn) {
  preloadPage(location.pathname);
  const [config] = await Promise.all([signedIn?.services.config ?? startingConfig(), initI18n()]);
  const router = createBrowserRouter(buildRoutes(config.buildId));
  const navigation: Navigation = signedIn?.navigation ?? { go: () => undefined };
  navigation.go = (to) => void router.navigate(to);
  const services = signedIn?.services ?? createServices(config, navigation);
  // The session is checked before the first render, so a signed-in user never sees a flash of
  // the sign-in page.
  if (!signedIn) await services.auth.init();

  createRoot(container).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
}
