import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { paths } from '@/shared/config/paths';
import { PageSpinner } from '@/shared/ui';

/**
 * Signed-out users on a protected route go to /auth, which returns them here after signing in:
 * an e-mail's link opens the page where its action is done. The page travels in /auth's query,
 * so a reload of the sign-in page keeps it.
 */
export function RequireAuth() {
  const { status } = useSession();
  const { pathname, search, hash } = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <Navigate to={paths.auth.getHref(`${pathname}${search}${hash}`)} replace />;
  return <Outlet />;
}
