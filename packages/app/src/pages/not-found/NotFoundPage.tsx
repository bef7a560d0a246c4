import { ErrorState } from '@sala/ui';
import { useLocation } from 'react-router-dom';

/** An unknown path, in the frame and its menu: 'Page not found', the path and the way home. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return <ErrorState kind="notFound" path={pathname} headingLevel={1} />;
}
