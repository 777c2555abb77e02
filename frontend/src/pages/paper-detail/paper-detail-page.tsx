import { useParams } from 'react-router-dom';
import { AdminActions } from '@/features/admin';
import { useSession } from '@/features/auth';
import { DiscussionPanel } from '@/features/comments';
import { PaperDetailView, StatusTimeline, useGetPaperQuery } from '@/features/papers';
import { PaperReviewCard, PaperReviewersPanel } from '@/features/review';
import { ReviewRounds, useGetReviewRoundsQuery } from '@/features/revisions';
import { PaperVersionsList, UpdatedPaperUpload } from '@/features/submission';
import { useOwnPageHead } from '@/shared/lib/own-page-head';
import { PageContainer, shareableReviewsOf } from '@/shared/ui';
import { PaperBackLink } from './paper-back-link';
import { PaperSignInNote } from './paper-sign-in-note';

export function PaperDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  // Same cache entry as PaperDetailView's: one request. `access` says what the caller may do.
  // Only the API's answer counts: the server sends this page with 404 for a paper it cannot show a
  // visitor (not published, unknown), and an owner or an admin still sees an unpublished one here.
  const { data: paper, isError } = useGetPaperQuery(id);
  const { status: sessionStatus } = useSession();
  const current = paper?.id === id ? paper : undefined;
  const access = current?.access;
  // Named by the paper, as the server names its page (catalogue/pages): a tab, a bookmark, a crawler that follows links.
  useOwnPageHead(current ? { name: current.title, description: current.abstract } : null);
  const actions = current?.actions;
  // The round's submitted reviews, which an acceptance or a rejection may quote (the same cache entry as ReviewRounds').
  const { data: rounds } = useGetReviewRoundsQuery(id, { skip: !actions?.readReviews });
  const ofThisPaper = rounds && current ? rounds : undefined;
  const shareableReviews = ofThisPaper ? shareableReviewsOf(ofThisPaper) : [];
  // With several reviewers in the round, the rounds show them side by side; the one-review card would name only the first.
  const standingInRound = ofThisPaper?.rounds.find((round) => round.round === ofThisPaper.currentRound)?.reviews.filter((review) => review.status !== 'declined').length ?? 0;
  return (
    <PageContainer>
      <PaperBackLink paperId={id} paper={current} settled={current !== undefined || isError} />
      {/* A visitor's 404 may be a paper that is not published yet: its author or an e-mail's recipient signs in to see it. */}
      <PaperDetailView key={id} id={id} notFoundNote={sessionStatus === 'anonymous' ? <PaperSignInNote /> : undefined} />
      {access && actions && (access.uploadVersion || access.discuss || access.changeStatus) && (
        <div className="mx-auto mt-8 grid max-w-3xl gap-8">
          {access.changeStatus && current && <AdminActions key={`actions-${id}`} paperId={id} status={current.status} shareableReviews={shareableReviews} />}
          {/* Where the e-mails about a revised paper or a declined review lead the editors: assign here. */}
          {actions.assignReviewers && <PaperReviewersPanel key={`reviewers-${id}`} paperId={id} />}
          {/* Only those who may read every review (the editors) see the paper's review here. */}
          {actions.readReviews && standingInRound <= 1 && <PaperReviewCard key={`review-${id}`} paperId={id} />}
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
