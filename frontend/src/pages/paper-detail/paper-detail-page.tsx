import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { AdminActions } from '@/features/admin';
import { DiscussionPanel } from '@/features/comments';
import { PaperDetailView, StatusTimeline, useGetPaperQuery } from '@/features/papers';
import { PaperReviewCard } from '@/features/review';
import { ReviewRounds } from '@/features/revisions';
import { PaperVersionsList, UpdatedPaperUpload } from '@/features/submission';
import { paths } from '@/shared/config/paths';
import { PageContainer } from '@/shared/ui';

export function PaperDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  // Same cache entry as PaperDetailView's: one request. `access` says what the caller may do.
  // Only the API's answer counts: the server sends this page with 404 for a paper it cannot show a
  // visitor (not published, unknown), and an owner or an admin still sees an unpublished one here.
  const { data: paper } = useGetPaperQuery(id);
  const current = paper?.id === id ? paper : undefined;
  const access = current?.access;
  const actions = current?.actions;
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
      {access && actions && (access.uploadVersion || access.discuss || access.changeStatus) && (
        <div className="mx-auto mt-8 grid max-w-3xl gap-8">
          {access.changeStatus && current && <AdminActions key={`actions-${id}`} paperId={id} status={current.status} />}
          {/* Only those who may read every review (the editors) see the paper's review here. */}
          {actions.readReviews && <PaperReviewCard key={`review-${id}`} paperId={id} />}
          {/* The rounds as each reads them: the editors all of it, the author what was shared. */}
          {(actions.readReviews || access.owner) && <ReviewRounds key={`rounds-${id}`} paperId={id} viewer={actions.readReviews ? 'editor' : 'author'} />}
          {access.uploadVersion ? (
            <UpdatedPaperUpload key={`upload-${id}`} paperId={id} published={current?.status === 'published'} uploadWindow={actions.versionUpload} />
          ) : (
            actions.approveVersion && (
              <section aria-label="Paper versions" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <PaperVersionsList key={`versions-${id}`} paperId={id} canApprove />
              </section>
            )
          )}
          {actions.readHistory && <StatusTimeline key={`timeline-${id}`} paperId={id} viewerIsOwner={access.owner} />}
          {access.discuss && <DiscussionPanel key={`discussion-${id}`} paperId={id} />}
        </div>
      )}
    </PageContainer>
  );
}
