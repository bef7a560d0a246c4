import { ErrorPage } from '@sala/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { reloadOnceForChunkError } from '../lib/chunkReload.js';

/**
 * A page that failed: the full-page error screen. A chunk that failed to load (a new version
 * was deployed) reloads the page once instead, guarded so it never loops.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const { t } = useTranslation('common');

  useEffect(() => {
    reloadOnceForChunkError(error, {
      storage: sessionStorage,
      reload: () => window.location.reload(),
    });
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} path={pathname} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} message={t('routeError')} />;
}
