import { FileText } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { type MySubmission } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { paperProgress } from '@/shared/lib/paper-status';
import { Card, PageSpinner, PaperStageLine, PaperStatusBadge, ProgressBar, buttonClasses, useToast } from '@/shared/ui';
import { useGetMySubmissionsQuery } from '../api/submission-api';

export const SUBMISSIONS_LOAD_ERROR = 'Failed to load your submissions. Please try again.';

/** The status's progress (the spec's numbers) with the stage's words above it (issue 27). */
export function SubmissionProgress({ paper }: { paper: Pick<MySubmission, 'status' | 'progress' | 'stage'> }) {
  // The server sends the progress; the shared table is the fallback for an older server.
  const value = Number.isFinite(paper.progress) ? paper.progress : paperProgress(paper.status);
  return (
    <div className="grid gap-1">
      <PaperStageLine stage={paper.stage} />
      <div className="flex justify-between text-xs text-slate-600">
        <span>Review progress</span>
        <span>{value}%</span>
      </div>
      <ProgressBar value={value} label="Review progress" />
    </div>
  );
}

/** /my-submissions: the author's own papers, newest first. */
export function MySubmissionsList() {
  const { toast } = useToast();
  const { data: papers, isLoading, isError } = useGetMySubmissionsQuery();

  useEffect(() => {
    if (isError) toast({ title: 'Error', description: SUBMISSIONS_LOAD_ERROR, variant: 'destructive' });
  }, [isError, toast]);

  if (isLoading) return <PageSpinner />;
  if (isError || !papers) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
        {SUBMISSIONS_LOAD_ERROR}
      </p>
    );
  }
  if (papers.length === 0) {
    return (
      <Card className="p-10 text-center">
        <FileText className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        <p className="mt-4 text-slate-700">You have not submitted any papers yet.</p>
        <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'md', 'mt-6')}>
          Submit Your First Paper
        </Link>
      </Card>
    );
  }
  return (
    <ul aria-label="Your submissions" className="grid gap-4">
      {papers.map((paper) => (
        <li key={paper.id}>
          <Card className="grid gap-3 p-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h2 className="text-lg font-semibold text-slate-900">
                <Link to={paths.paper.getHref(paper.id)} className="hover:underline">
                  {paper.title}
                </Link>
              </h2>
              <PaperStatusBadge status={paper.status} />
            </div>
            <p className="text-sm text-slate-600">{paper.category}</p>
            <SubmissionProgress paper={paper} />
            <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-sm text-slate-700">
              <dt>Submitted</dt>
              <dd>
                <time dateTime={paper.createdAt}>{formatDate(paper.createdAt)}</time>
              </dd>
              <dt>Last updated</dt>
              <dd>
                <time dateTime={paper.updatedAt}>{formatDate(paper.updatedAt)}</time>
              </dd>
            </dl>
            {paper.status === 'published' && (
              <div>
                <Link to={paths.paper.getHref(paper.id)} className={buttonClasses('outline', 'sm')}>
                  View Published Paper
                </Link>
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
