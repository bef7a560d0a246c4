import { ErrorPage } from '@sala/ui';
import { useLocation } from 'react-router-dom';

/** An unknown path: the spec's 404 screen, 'Page not found' followed by the path. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorPage status={404} path={pathname} />;
}
