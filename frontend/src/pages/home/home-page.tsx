import { ArrowRight, BookOpen } from 'lucide-react';
import { Link, Navigate } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { journal } from '@/shared/config/journal';
import { paths } from '@/shared/config/paths';
import { NotBuiltYet, PageContainer, buttonClasses } from '@/shared/ui';

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

function Landing({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-slate-50">
      <PageContainer className="py-20 text-center">
        <BookOpen className="mx-auto h-12 w-12 text-indigo-600" aria-hidden="true" />
        <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{journal.name}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{journal.tagline}</p>
        <p className="mx-auto mt-2 max-w-2xl text-slate-600">{journal.description}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          {signedIn ? (
            <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'lg')}>
              Submit Your Paper
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          ) : (
            <Link to={paths.auth.getHref()} className={buttonClasses('primary', 'lg')}>
              Join & Submit
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          )}
          <Link to={paths.papers.getHref()} className={buttonClasses('outline', 'lg')}>
            Browse Papers
          </Link>
        </div>
      </PageContainer>
    </section>
  );
}
