import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { paths } from '@/shared/config/paths';
import { PageSpinner } from '@/shared/ui';

/** Signed-out users on a protected route go to /auth. */
export function RequireAuth() {
  const { status } = useSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'anonymous') return <Navigate to={paths.auth.getHref()} replace />;
  return <Outlet />;
}
