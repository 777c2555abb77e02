import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';

/** The page's way back, above its content: a breadcrumb of one link. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mx-auto mb-6 max-w-3xl">
      <Link
        to={to}
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {label}
      </Link>
    </nav>
  );
}
