import { PapersBrowser } from '@/features/papers';
import { PageContainer } from '@/shared/ui';

export function PapersPage() {
  return (
    <PageContainer>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Published Papers</h1>
        <p className="mt-2 text-slate-600">Peer-reviewed research by high school and undergraduate scientists.</p>
      </header>
      <PapersBrowser />
    </PageContainer>
  );
}
