import { Suspense, lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { paths } from '@/shared/config/paths';
import { PageSpinner } from '@/shared/ui';
import { Landing } from './landing';

const AuthorHome = lazy(() => import('./author-home'));

/** Landing page for visitors, dashboard for authors; admins and reviewers have their own home. */
export function HomePage() {
  const { status, role, user } = useSession();
  if (role === 'admin') return <Navigate to={paths.admin.getHref()} replace />;
  if (role === 'reviewer') return <Navigate to={paths.reviewerDashboard.getHref()} replace />;
  if (status === 'authenticated' && user) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AuthorHome user={user} />
      </Suspense>
    );
  }
  return <Landing signedIn={status === 'authenticated'} />;
}
