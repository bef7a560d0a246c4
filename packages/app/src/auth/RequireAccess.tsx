import { ErrorPage } from '@sala/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import type { RouteSpec } from '../routeTable.js';
import { useAuth } from './AuthProvider.js';

/**
 * A route's requirements: sign-in (else to the login page with `next`), a role tag (the spec's
 * "role teacher"; administrators pass too, and so do holders of a permission that waives it) and permissions (any one held). A signed-in user
 * without the right sees a 403 page, not a redirect loop.
 */
export function RequireAccess({ route, children }: { route: RouteSpec; children: ReactNode }) {
  const location = useLocation();
  const { t } = useTranslation('common');
  const { status, signedOut, client } = useAuth();

  if (route.signIn && status !== 'authenticated') {
    if (signedOut) return <Navigate to="/auths/login" replace />;
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auths/login?next=${next}`} replace />;
  }
  const allowed =
    (!route.roleTag ||
      client.hasRoleTag(route.roleTag) ||
      (route.roleTagWaivedBy !== undefined && client.hasPermission(route.roleTagWaivedBy))) &&
    client.hasPermission(route.permissions ?? []);
  if (route.signIn && !allowed) {
    return <ErrorPage status={403} message={t('forbidden')} />;
  }
  return children;
}
