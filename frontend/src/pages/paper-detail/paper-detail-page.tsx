import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { PaperDetailView } from '@/features/papers';
import { paths } from '@/shared/config/paths';
import { PageContainer } from '@/shared/ui';

export function PaperDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <PageContainer>
      <nav aria-label="Breadcrumb" className="mx-auto mb-6 max-w-3xl">
        <Link
          to={paths.papers.getHref()}
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          All published papers
        </Link>
      </nav>
      <PaperDetailView key={id} id={id} />
    </PageContainer>
  );
}
