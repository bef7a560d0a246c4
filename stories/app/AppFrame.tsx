import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { RouterProvider as LinkRouter } from 'react-aria-components';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createHttpClient } from '../../packages/app/src/api/http.js';
import { createQueryClient } from '../../packages/app/src/api/queryClient.js';
import { AuthClient } from '../../packages/app/src/auth/AuthClient.js';
import { HttpProvider } from '../../packages/app/src/api/ServicesProvider.js';
import { AuthProvider } from '../../packages/app/src/auth/AuthProvider.js';
import { tokenStore } from '../../packages/app/src/auth/tokens.js';
import { initI18n } from '../../packages/app/src/i18n/index.js';

const i18nReady = initI18n('en');

/**
 * The app's frame for a full-screen story: its i18n (following the toolbar's language), the real
 * auth client and HTTP helper (answered by the story's MSW handlers), and a router that starts at
 * `path` with the given routes.
 */
export function AppFrame({
  routes,
  path,
  locale,
  signedIn = false,
}: {
  routes: RouteObject[];
  path: string;
  locale: 'en' | 'km';
  /** Start with an access-token cookie, as a signed-in browser would. */
  signedIn?: boolean;
}) {
  const [frame] = useState(() => {
    tokenStore.clear();
    if (signedIn) tokenStore.setAccessToken('story.access.token', 3600);
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    const http = createHttpClient({
      baseUrl: () => '',
      bearer: tokenStore.bearer,
      language: () => locale,
    });
    const auth = new AuthClient({
      http,
      tokens: tokenStore,
      navigate: (to) => void router.navigate(to),
      hardRedirect: (to) => void router.navigate(to),
      currentPath: () => router.state.location.pathname + router.state.location.search,
      storage: window.localStorage,
    });
    return {
      router,
      auth,
      http,
      queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }),
    };
  });
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    void i18nReady
      .then(() => i18next.changeLanguage(locale))
      .then(() => (signedIn ? frame.auth.init() : undefined))
      .then(() => live && setReady(true));
    return () => {
      live = false;
      frame.auth.dispose();
    };
  }, [frame, locale, signedIn]);

  if (!ready) return null;
  return (
    <I18nextProvider i18n={i18next}>
      <PageLanguage />
      <HttpProvider client={frame.http}>
        <AuthProvider client={frame.auth}>
          <QueryClientProvider client={frame.queryClient}>
            {/* Links navigate in the story's router, as SalaProvider's `navigate` does in the app. */}
            <LinkRouter navigate={(to) => void frame.router.navigate(to)}>
              <Suspense fallback={null}>
                <RouterProvider router={frame.router} />
              </Suspense>
            </LinkRouter>
          </QueryClientProvider>
        </AuthProvider>
      </HttpProvider>
    </I18nextProvider>
  );
}

/**
 * The app's language on <html>, as the app's own SalaProvider puts it there (its locale follows
 * i18next's): a screen that switches the language (the profile's) gets Khmer's line height too.
 */
function PageLanguage() {
  const { i18n } = useTranslation();
  useLayoutEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return null;
}

/** The text of a page that a route leads to, for stories that check where a flow ended. */
export function Landing({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
