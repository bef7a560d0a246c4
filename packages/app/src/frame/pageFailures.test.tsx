import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SalaProvider, type UiLocale } from '@sala/ui';
import { permissions, type SessionUser } from '@sala/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../api/http.js';
import { createQueryClient } from '../api/queryClient.js';
import { HttpProvider } from '../api/ServicesProvider.js';
import { AuthClient } from '../auth/AuthClient.js';
import { AuthProvider } from '../auth/AuthProvider.js';
import { tokenStore } from '../auth/tokens.js';
import { initI18n } from '../i18n/index.js';
import { routeRegistry } from '../routeRegistry.js';
import { buildRoutes } from '../routes.js';

/**
 * Every page of the app, signed in as someone who may open them all, against a server whose
 * every answer fails: a server error (500), a refusal (403), no connection. Within 10 s no page
 * still says it is loading, and a page whose reads failed shows why, in the interface language,
 * with a way out (home, and "Try again" unless the answer was a refusal).
 */

const user: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'admin',
  nameKm: 'អ្នកគ្រប់គ្រង',
  nameEn: 'Administrator',
  email: null,
  phone: null,
  locale: 'en',
  digits: 'latn',
  gender: null,
  avatarFileId: null,
  status: 'active',
  mustChangePassword: false,
  school: {
    id: '00000000-0000-4000-8000-000000000002',
    code: 'demo',
    nameKm: 'សាលារៀនសាលា',
    nameEn: 'Sala Demo School',
    logoFileId: null,
  },
  roles: ['admin'],
  roleTags: ['teacher'],
  permissions: [...permissions],
};

type Mode = 'server' | 'forbidden' | 'offline';
const failures: Record<Mode, () => Response> = {
  server: () =>
    Response.json(
      { success: false, code: 'SERVER_ERROR', message: 'Server error - please try again later' },
      { status: 500 },
    ),
  forbidden: () =>
    Response.json(
      { success: false, code: 'FORBIDDEN', message: 'You do not have permission' },
      { status: 403 },
    ),
  offline: () => {
    throw new TypeError('Failed to fetch');
  },
};

/** The words each failure is told in, by language (the design system's strings). */
const titles: Record<'en' | 'km', Record<Mode, RegExp>> = {
  en: {
    server: /This page could not be loaded/,
    forbidden: /Access not permitted/,
    offline: /No internet connection/,
  },
  km: {
    server: /មិនអាចផ្ទុកទំព័រនេះបានទេ/,
    forbidden: /មិនមានសិទ្ធិចូលប្រើ/,
    offline: /គ្មានការតភ្ជាប់អ៊ីនធឺណិត/,
  },
};
const homeLink = { en: 'Go to the home page', km: 'ត្រឡប់ទៅទំព័រដើម' };
const loadingWords = /Loading|កំពុងផ្ទុក/;

/**
 * The pages behind sign-in, each at a path that opens it (an id where the route has one). The
 * component gallery reads nothing and shows the design system's loading states on purpose.
 */
const pages = routeRegistry
  .filter(
    (route) => route.access.signIn && !['auths-password', 'DemoComponent'].includes(route.name),
  )
  .map((route) => ({
    name: route.name,
    path: route.path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-0000000000aa'),
  }));

let mode: Mode = 'server';

async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const path = new URL(url, 'http://sala.test').pathname;
  if (path === '/api/user/profile') return Response.json({ user });
  return failures[mode]();
}

/**
 * Whether one of the page's reads failed: a field that searches as it is typed in (a staff
 * picker) and a read its component says in place (the menu's saved layout) say so themselves.
 */
function pageReadFailed(queryClient: QueryClient): boolean {
  return queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'error' && !query.meta?.errorInPlace);
}

function renderAt(path: string, locale: 'en' | 'km') {
  tokenStore.clear();
  tokenStore.setAccessToken('test.access.token', 3600);
  const http = createHttpClient({
    baseUrl: () => 'http://sala.test',
    bearer: tokenStore.bearer,
    language: () => locale,
    fetch: fakeFetch,
  });
  // The root frame's build check and loaders are not what is tested: the layouts and pages are.
  const routes = [{ element: <Outlet />, children: buildRoutes('test')[0]!.children }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const auth = new AuthClient({
    http,
    tokens: tokenStore,
    navigate: (to) => void router.navigate(to),
    hardRedirect: (to) => void router.navigate(to),
    currentPath: () => router.state.location.pathname,
    storage: window.localStorage,
  });
  // The app's own client, its retries a moment apart instead of seconds.
  const queryClient = createQueryClient({ defaultOptions: { queries: { retryDelay: 1 } } });
  return {
    auth,
    queryClient,
    ui: (
      <SalaProvider locale={locale as UiLocale} navigate={(to) => void router.navigate(to)}>
        <I18nextProvider i18n={i18next}>
          <HttpProvider client={http}>
            <AuthProvider client={auth}>
              <QueryClientProvider client={queryClient}>
                <Suspense fallback={null}>
                  <RouterProvider router={router} />
                </Suspense>
              </QueryClientProvider>
            </AuthProvider>
          </HttpProvider>
        </I18nextProvider>
      </SalaProvider>
    ),
  };
}

// Every page's code loaded once up front: what is timed is the page, not the compiler.
const pageModules = import.meta.glob(['../pages/**/*.tsx', '../layouts/*.tsx', '!**/*.test.tsx']);

beforeAll(async () => {
  await initI18n('en');
  await Promise.all(Object.values(pageModules).map((load) => load()));
}, 120_000);
afterAll(() => tokenStore.clear());

describe.each(['en', 'km'] as const)('every page in %s', (locale) => {
  beforeAll(async () => {
    await i18next.changeLanguage(locale);
  });

  describe.each(['server', 'forbidden', 'offline'] as const)('when every read fails (%s)', (m) => {
    it.each(pages)('$name ($path) says why, with a way out', async ({ path }) => {
      mode = m;
      const { auth, queryClient, ui } = renderAt(path, locale);
      await auth.init();
      const view = render(ui);
      try {
        await waitFor(
          () => {
            // The page is on screen (its heading, or its failure's), and nothing is being read.
            expect(screen.getAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0);
            expect(queryClient.isFetching()).toBe(0);
            expect(document.querySelector('[aria-busy="true"]')).toBeNull();
            expect(document.body.textContent ?? '').not.toMatch(loadingWords);
            if (pageReadFailed(queryClient)) {
              // A page-level failure: the title of its kind, and home.
              expect(
                screen.getByRole('heading', { level: 1, name: titles[locale][m] }),
              ).toBeInTheDocument();
              expect(screen.getByRole('link', { name: homeLink[locale] })).toHaveAttribute(
                'href',
                '/',
              );
            }
          },
          { timeout: 10_000 },
        );
        if (m !== 'forbidden' && pageReadFailed(queryClient)) {
          expect(
            screen.getAllByRole('button', { name: locale === 'en' ? 'Try again' : 'ព្យាយាមម្ដងទៀត' })
              .length,
          ).toBeGreaterThan(0);
        }
      } finally {
        view.unmount();
        await act(async () => {
          queryClient.clear();
          auth.dispose();
        });
      }
    });
  });
});
