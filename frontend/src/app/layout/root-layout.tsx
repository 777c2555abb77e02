import { Outlet, useNavigation } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { OrcidResultNotice } from '@/features/orcid';
import { PageSpinner } from '@/shared/ui';
import { DocumentHead } from './document-head';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function RootLayout() {
  const { status } = useSession();
  const navigation = useNavigation();
  return (
    <DocumentHead>
      <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <Navbar />
        {/* How an ORCID flow ended, on whichever page it returned to. */}
        <OrcidResultNotice />
        {navigation.state === 'loading' && (
          <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-indigo-500" />
        )}
        <main id="main" className="min-h-screen flex-1">
          {status === 'loading' ? <PageSpinner /> : <Outlet />}
        </main>
        <Footer />
      </div>
    </DocumentHead>
  );
}
