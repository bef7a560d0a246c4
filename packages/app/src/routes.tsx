import { lazy, type ComponentType } from 'react';
import { type RouteObject } from 'react-router-dom';
import { RequireAccess } from './auth/RequireAccess.js';
import { PageQueryGate } from './frame/PageQueryGate.js';
import { RootFrame } from './frame/RootFrame.js';
import { RouteError } from './frame/RouteError.js';
import DefaultLayout from './layouts/DefaultLayout.js';
import NotFoundPage from './pages/not-found/NotFoundPage.js';
import { routeRegistry, type LayoutName, type RouteEntry } from './routeRegistry.js';

// The frame of a signed-in page comes with the app's start (every signed-in page is in it); the
// other layouts load on demand, each in its own chunk (and so do pages: see the route registry).
const layouts: Record<LayoutName, ComponentType> = {
  default: DefaultLayout,
  userPrivilege: lazy(() => import('./layouts/UserPrivilegeLayout.js')),
  bare: lazy(() => import('./layouts/BareLayout.js')),
};

function pageRoute(route: RouteEntry): RouteObject {
  const Page = route.page;
  return {
    id: route.name,
    path: route.path,
    handle: { route },
    element: (
      <RequireAccess route={route}>
        <PageQueryGate>
          <Page />
        </PageQueryGate>
      </RequireAccess>
    ),
  };
}

/** The app's pages as react-router routes, grouped by layout. */
export function buildRoutes(buildId: string): RouteObject[] {
  const byLayout = (name: LayoutName) =>
    routeRegistry.filter((r) => r.layout === name).map(pageRoute);
  return [
    {
      element: <RootFrame buildId={buildId} />,
      errorElement: <RouteError />,
      children: [
        ...(Object.keys(layouts) as LayoutName[]).map((name): RouteObject => {
          const Layout = layouts[name];
          // An unknown path is answered in the frame of most pages, with its menu.
          const notFound = name === 'default' ? [{ path: '*', element: <NotFoundPage /> }] : [];
          return {
            element: <Layout />,
            errorElement: <RouteError />,
            children: [...byLayout(name), ...notFound],
          };
        }),
      ],
    },
  ];
}
