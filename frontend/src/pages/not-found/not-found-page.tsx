import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { PageContainer, buttonClasses } from '@/shared/ui';

export function NotFoundPage() {
  return (
    <PageContainer className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <p className="text-6xl font-bold text-indigo-600">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
      <Link to={paths.home.getHref()} className={buttonClasses('primary', 'md', 'mt-6')}>
        Return to Home
      </Link>
    </PageContainer>
  );
}
