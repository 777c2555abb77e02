import { ExternalLink, FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { type PaperCard } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { buttonClasses } from '@/shared/ui';

/** A published paper in the /papers list. */
export function PaperCardView({ paper }: { paper: PaperCard }) {
  const headingId = `paper-${paper.id}-title`;
  // The server decides (display rules) which cards open their PDF instead of the detail page.
  const opensPdf = paper.opensPdfDirectly && paper.pdfUrl !== null;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 font-medium text-indigo-800">{paper.category}</span>
        {paper.publishedAt && (
          <time dateTime={paper.publishedAt} className="text-slate-600">
            {formatDate(paper.publishedAt)}
          </time>
        )}
      </div>
      <h2 id={headingId} className="mt-3 text-lg font-semibold text-slate-900">
        {paper.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{paper.authors.map((author) => author.name).join(', ')}</p>
      {paper.school && <p className="mt-0.5 text-sm text-slate-600">{paper.school}</p>}
      <p className="mt-3 line-clamp-3 text-sm text-slate-700" data-testid="paper-abstract">
        {paper.abstract}
      </p>
      <div className="mt-auto pt-4">
        {opensPdf ? (
          <a
            href={paper.pdfUrl!}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('outline', 'sm')}
            aria-label={`Read Full Paper: ${paper.title} (PDF, opens in a new tab)`}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            Read Full Paper
          </a>
        ) : (
          <Link
            to={paths.paper.getHref(paper.id)}
            className={buttonClasses('outline', 'sm')}
            aria-label={`Read Full Paper: ${paper.title}`}
          >
            <FileText className="h-4 w-4" aria-hidden="true" />
            Read Full Paper
          </Link>
        )}
      </div>
    </article>
  );
}
