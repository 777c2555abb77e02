import { ExternalLink } from 'lucide-react';
import { toApiError } from '@/shared/api';
import { formatDate } from '@/shared/lib/format-date';
import { paperProgress } from '@/shared/lib/paper-status';
import { PageSpinner, PaperStatusBadge, ProgressBar, buttonClasses } from '@/shared/ui';
import { paperPdfHref, useGetPaperQuery } from '../api/papers-api';
import { PaperCitation } from './paper-citation';

export const PAPER_LOAD_ERROR = 'Error loading paper or paper not found.';
export const PAPER_FORBIDDEN = "You don't have permission to view this paper.";

/** One paper: the server decides whether the caller may see it (404 otherwise). */
export function PaperDetailView({ id }: { id: string }) {
  const { data: paper, isLoading, isError, error } = useGetPaperQuery(id);

  if (isLoading) return <PageSpinner />;
  if (isError || !paper) {
    // The API answers 404 for papers a caller may not see; a 403 is still worded as the spec says.
    const forbidden = isError && toApiError(error).status === 403;
    return (
      <div role="alert" className="mx-auto max-w-2xl rounded-xl border border-red-200 bg-red-50 p-8 text-center text-red-900">
        <h1 className="text-xl font-semibold">{forbidden ? PAPER_FORBIDDEN : PAPER_LOAD_ERROR}</h1>
      </div>
    );
  }

  const schools = [...new Set(paper.authors.map((author) => author.school).filter((school) => school !== null))];
  const school = paper.school ?? schools[0] ?? null;
  return (
    <article className="mx-auto grid max-w-3xl gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <PaperStatusBadge status={paper.status} />
          <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-800">{paper.category}</span>
        </div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{paper.title}</h1>
        {(paper.access.owner || paper.access.changeStatus) && (
          <ProgressBar value={paperProgress(paper.status)} label="Review progress" className="max-w-sm" />
        )}
        <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          <dt className="font-medium text-slate-700">Authors</dt>
          <dd className="text-slate-900">{paper.authors.map((author) => author.name).join(', ')}</dd>
          <dt className="font-medium text-slate-700">Category</dt>
          <dd className="text-slate-900">{paper.category}</dd>
          {school && (
            <>
              <dt className="font-medium text-slate-700">School</dt>
              <dd className="text-slate-900">{school}</dd>
            </>
          )}
          <dt className="font-medium text-slate-700">Published</dt>
          <dd className="text-slate-900">
            {paper.publishedAt ? (
              <time dateTime={paper.publishedAt}>{formatDate(paper.publishedAt)}</time>
            ) : (
              'Not yet published'
            )}
          </dd>
          {paper.keywords && (
            <>
              <dt className="font-medium text-slate-700">Keywords</dt>
              <dd className="text-slate-900">{paper.keywords}</dd>
            </>
          )}
        </dl>
        {paper.pdfUrl !== null && (
          <div>
            <a
              href={paperPdfHref(paper.id)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('primary', 'md')}
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              View PDF
            </a>
          </div>
        )}
      </header>
      <section aria-labelledby="abstract-heading">
        <h2 id="abstract-heading" className="text-lg font-semibold text-slate-900">
          Abstract
        </h2>
        <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-800">{paper.abstract}</p>
      </section>
      {paper.status === 'published' && <PaperCitation paperId={paper.id} />}
    </article>
  );
}
