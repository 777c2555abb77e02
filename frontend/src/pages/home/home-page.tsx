import { Link, Navigate } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { paths } from '@/shared/config/paths';
import { NotBuiltYet, buttonClasses } from '@/shared/ui';
import { Landing } from './landing';

/** Landing page for visitors, dashboard for authors; admins and reviewers have their own home. */
export function HomePage() {
  const { status, role, user } = useSession();
  if (role === 'admin') return <Navigate to={paths.admin.getHref()} replace />;
  if (role === 'reviewer') return <Navigate to={paths.reviewerDashboard.getHref()} replace />;
  if (status === 'authenticated' && user) {
    return (
      <NotBuiltYet title="Your dashboard">
        <p className="text-slate-600">
          Your submissions, their status and the editorial comments will be shown here.
        </p>
        <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'md', 'mt-4')}>
          Submit Your Paper
        </Link>
      </NotBuiltYet>
    );
  }
  return <Landing signedIn={status === 'authenticated'} />;
}
