import { Download, ExternalLink } from 'lucide-react';
import { type ReactNode } from 'react';
import { toApiError } from '@/shared/api';
import { formatDate } from '@/shared/lib/format-date';
import { paperProgress } from '@/shared/lib/paper-status';
import { PageSpinner, PaperStageLine, PaperStatusBadge, ProgressBar, buttonClasses } from '@/shared/ui';
import { paperCrossrefDepositHref, paperPdfHref, useGetPaperQuery } from '../api/papers-api';
import { PaperCitation } from './paper-citation';
import { PaperLicense } from './paper-license';

/** A DOI as the link Crossref asks journals to show. */
const doiUrl = (doi: string) => `https://doi.org/${doi}`;

export const PAPER_LOAD_ERROR = 'Error loading paper or paper not found.';
export const PAPER_FORBIDDEN = "You don't have permission to view this paper.";

interface PaperDetailViewProps {
  id: string;
  /** Under the not-found message (the page's, e.g. a visitor's way to sign in): a 404 does not say why. */
  notFoundNote?: ReactNode;
}

/** One paper: the server decides whether the caller may see it (404 otherwise). */
export function PaperDetailView({ id, notFoundNote }: PaperDetailViewProps) {
  const { data: paper, isLoading, isError, error } = useGetPaperQuery(id);

  if (isLoading) return <PageSpinner />;
  if (isError || !paper) {
    // The API answers 404 for papers a caller may not see; a 403 is still worded as the spec says.
    const forbidden = isError && toApiError(error).status === 403;
    return (
      <div role="alert" className="mx-auto max-w-2xl rounded-xl border border-red-200 bg-red-50 p-8 text-center text-red-900">
        <h1 className="text-xl font-semibold">{forbidden ? PAPER_FORBIDDEN : PAPER_LOAD_ERROR}</h1>
        {!forbidden && notFoundNote}
      </div>
    );
  }

  const schools = [...new Set(paper.authors.map((author) => author.school).filter((school) => school !== null))];
  const school = paper.school ?? schools[0] ?? null;
  const published = paper.status === 'published';
  // The deposit registers the DOI: the editors', once the paper is out and has one (the server checks both too).
  const canDeposit = published && paper.actions.exportDeposit && paper.doi !== null;
  return (
    <article className="mx-auto grid max-w-3xl gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <PaperStatusBadge status={paper.status} />
          <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-800">{paper.category}</span>
        </div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{paper.title}</h1>
        {paper.actions.readHistory && (
          <>
            <PaperStageLine stage={paper.stage} />
            <ProgressBar value={paperProgress(paper.status)} label="Review progress" className="max-w-sm" />
          </>
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
          {paper.doi && (
            <>
              <dt className="font-medium text-slate-700">DOI</dt>
              <dd className="text-slate-900">
                <a href={doiUrl(paper.doi)} className="text-indigo-700 underline hover:text-indigo-900">
                  {doiUrl(paper.doi)}
                </a>
              </dd>
            </>
          )}
          {paper.keywords && (
            <>
              <dt className="font-medium text-slate-700">Keywords</dt>
              <dd className="text-slate-900">{paper.keywords}</dd>
            </>
          )}
        </dl>
        {(paper.pdfUrl !== null || canDeposit) && (
          <div className="flex flex-wrap gap-2">
            {paper.pdfUrl !== null && (
              <a
                href={paperPdfHref(paper.id)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('primary', 'md')}
              >
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                View PDF
              </a>
            )}
            {canDeposit && (
              <a href={paperCrossrefDepositHref(paper.id)} download className={buttonClasses('outline', 'md')}>
                <Download className="h-4 w-4" aria-hidden="true" />
                Download Crossref deposit
              </a>
            )}
          </div>
        )}
      </header>
      <section aria-labelledby="abstract-heading">
        <h2 id="abstract-heading" className="text-lg font-semibold text-slate-900">
          Abstract
        </h2>
        <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-800">{paper.abstract}</p>
      </section>
      {published && <PaperCitation paperId={paper.id} />}
      {published && <PaperLicense license={paper.license} />}
    </article>
  );
}
