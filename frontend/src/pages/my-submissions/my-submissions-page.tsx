import { Link } from 'react-router-dom';
import { MySubmissionsList } from '@/features/submission';
import { paths } from '@/shared/config/paths';
import { PageContainer, buttonClasses } from '@/shared/ui';

export function MySubmissionsPage() {
  return (
    <PageContainer className="max-w-4xl">
      <header className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Submissions</h1>
          <p className="mt-2 text-slate-600">Track the status of your papers through review.</p>
        </div>
        <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'md')}>
          Submit Paper
        </Link>
      </header>
      <MySubmissionsList />
    </PageContainer>
  );
}
