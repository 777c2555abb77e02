import { BookOpenCheck, FilePen, FileText, MessageSquare } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { type SessionUser } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { Card, PageSpinner, PaperStatusBadge, SectionCard, buttonClasses, useToast } from '@/shared/ui';
import { useGetMyDashboardQuery } from '../api/submission-api';
import { SubmissionProgress } from './my-submissions-list';

export const DASHBOARD_LOAD_ERROR = 'Failed to load your data. Please try again.';
export const REVISIONS_TILE = 'Revisions requested of you';

/** First name, else the part of the e-mail before '@', else 'Researcher' (spec, dashboard). */
export function greetingName(user: Pick<SessionUser, 'firstName' | 'email'> | null): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'Researcher';
}

function Tile({ label, value, icon }: { label: string; value: number; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-6">
      <span className="rounded-lg bg-indigo-50 p-3 text-indigo-700">{icon}</span>
      <div>
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-3xl font-bold text-slate-900">{value}</p>
      </div>
    </Card>
  );
}

/** The signed-in author's home (/). */
/** The signed-in author's dashboard; `orcidCard` is the orcid feature's card (the page composes it). */
export function AuthorDashboard({ user, orcidCard }: { user: SessionUser; orcidCard?: ReactNode }) {
  const { toast } = useToast();
  const { data, isLoading, isError } = useGetMyDashboardQuery();

  useEffect(() => {
    if (isError) toast({ title: 'Error', description: DASHBOARD_LOAD_ERROR, variant: 'destructive' });
  }, [isError, toast]);

  if (isLoading) return <PageSpinner />;

  return (
    <div className="grid gap-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome back, {greetingName(user)}!</h1>
          <p className="mt-1 text-slate-600">Track your submissions and conversations with the editorial team.</p>
        </div>
        <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'md')}>
          Submit Your Paper
        </Link>
      </header>

      {isError || !data ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
          {DASHBOARD_LOAD_ERROR}
        </p>
      ) : (
        <>
          <section aria-label="Your numbers" className={data.revisionsRequested > 0 ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4' : 'grid gap-4 sm:grid-cols-3'}>
            <Tile label="Total Submissions" value={data.totalSubmissions} icon={<FileText className="h-6 w-6" aria-hidden="true" />} />
            <Tile label="Published" value={data.published} icon={<BookOpenCheck className="h-6 w-6" aria-hidden="true" />} />
            <Tile label="Comments" value={data.comments} icon={<MessageSquare className="h-6 w-6" aria-hidden="true" />} />
            {/* Only when the editors wait on the author: the spec's three tiles otherwise. */}
            {data.revisionsRequested > 0 && (
              <Tile label={REVISIONS_TILE} value={data.revisionsRequested} icon={<FilePen className="h-6 w-6" aria-hidden="true" />} />
            )}
          </section>

          <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
            <SectionCard
              titleId="recent-submissions-title"
              title="Recent Submissions"
              action={
                <Link to={paths.mySubmissions.getHref()} className={buttonClasses('outline', 'sm')}>
                  View All
                </Link>
              }
            >
              {data.recent.length === 0 ? (
                <div className="text-center text-slate-600">
                  <p>You have not submitted any papers yet.</p>
                  <Link to={paths.submit.getHref()} className={buttonClasses('primary', 'sm', 'mt-4')}>
                    Submit Your First Paper
                  </Link>
                </div>
              ) : (
                <ul className="grid gap-4">
                  {data.recent.slice(0, 5).map((paper) => (
                    <li key={paper.id} className="grid gap-2 rounded-lg border border-slate-200 p-4">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <Link to={paths.paper.getHref(paper.id)} className="font-semibold text-indigo-800 hover:underline">
                          {paper.title}
                        </Link>
                        <PaperStatusBadge status={paper.status} />
                      </div>
                      <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
                        <span>{paper.category}</span>
                        <time dateTime={paper.createdAt}>{formatDate(paper.createdAt)}</time>
                        <span>{paper.commentCount === 1 ? '1 comment' : `${paper.commentCount} comments`}</span>
                      </p>
                      <SubmissionProgress paper={paper} />
                    </li>
                  ))}
                </ul>
              )}
            </SectionCard>
            {orcidCard}
          </div>
        </>
      )}
    </div>
  );
}
