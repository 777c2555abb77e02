import { Download } from 'lucide-react';
import { type JournalIssue } from '@/shared/content/journal';
import { cn } from '@/shared/lib/cn';
import { formatMonth } from '@/shared/lib/format-date';
import { buttonClasses } from './button';

interface JournalIssueCardProps {
  issue: JournalIssue;
  /** The heading level that fits the page's outline. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
}

/** A journal issue: cover, title, month, description and its PDF (new tab); the latest is flagged. */
export function JournalIssueCard({ issue, headingLevel: Heading = 'h2', className }: JournalIssueCardProps) {
  const headingId = `issue-${issue.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-xl border bg-white shadow-sm',
        issue.isLatest ? 'border-indigo-400 ring-2 ring-indigo-200' : 'border-slate-200',
        className,
      )}
    >
      <img src={issue.coverImage} alt={`Cover of ${issue.title}`} width={300} height={400} className="aspect-[3/4] w-full object-cover" />
      <div className="flex flex-1 flex-col p-5">
        {issue.isLatest && (
          <p className="mb-2 w-fit rounded-full bg-indigo-700 px-2.5 py-0.5 text-xs font-semibold text-white">Latest Issue</p>
        )}
        <Heading id={headingId} className="text-lg font-semibold text-slate-900">
          {issue.title}
        </Heading>
        <p className="text-sm text-slate-600">
          <time dateTime={issue.publishDate}>{formatMonth(issue.publishDate)}</time>
        </p>
        <p className="mt-2 text-sm text-slate-700">{issue.description}</p>
        <div className="mt-auto pt-4">
          <a
            href={issue.pdfUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('primary', 'sm')}
            aria-label={`Download PDF of ${issue.title} (opens in a new tab)`}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download PDF
          </a>
        </div>
      </div>
    </article>
  );
}
