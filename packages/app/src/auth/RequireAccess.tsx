import { ErrorState } from '@sala/ui';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { RouteEntry } from '../routeRegistry.js';
import { PASSWORD_PATH, passwordStepPath } from './AuthClient.js';
import { useAuth } from './AuthProvider.js';

/**
 * A route's requirements: sign-in (else to the login page with `next`), a role tag (the spec's
 * "role teacher"; administrators pass too, and so do holders of a permission that waives it) and permissions (any one held). A signed-in user
 * without the right sees the 403 page in the frame, not a redirect loop. A user who must change a temporary
 * password is sent to do that first, and comes back afterwards.
 */
export function RequireAccess({ route, children }: { route: RouteEntry; children: ReactNode }) {
  const location = useLocation();
  const { status, signedOut, client, user } = useAuth();
  const { access } = route;

  if (access.signIn && status !== 'authenticated') {
    if (signedOut) return <Navigate to="/auths/login" replace />;
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auths/login?next=${next}`} replace />;
  }
  // A temporary password is changed before anything else; then the user comes back here.
  if (access.signIn && user?.mustChangePassword && route.path !== PASSWORD_PATH) {
    return <Navigate to={passwordStepPath(location.pathname + location.search)} replace />;
  }
  const allowed =
    (!access.roleTag ||
      client.hasRoleTag(access.roleTag) ||
      (access.roleTagWaivedBy !== undefined && client.hasPermission(access.roleTagWaivedBy))) &&
    client.hasPermission(access.permissions ?? []);
  if (access.signIn && !allowed) {
    return <ErrorState kind="forbidden" headingLevel={1} />;
  }
  return children;
}
