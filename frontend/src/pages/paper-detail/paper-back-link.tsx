import { useSession } from '@/features/auth';
import { useMyReviewOfPaper } from '@/features/review';
import { type PaperDetail } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { BackLink } from '@/shared/ui';

interface BackLink {
  to: string;
  label: string;
}

/**
 * Where the reader of a paper's page came from, or would go next: people land here from e-mails,
 * so the way back is their own work on the paper (their review, their submissions, the editors'
 * dashboard) before the public list, which an unpublished paper is not in.
 */
function paperBackLink({
  paper,
  reviewId,
  reviews,
}: {
  paper: Pick<PaperDetail, 'status' | 'access'> | undefined;
  reviewId: string | undefined;
  reviews: boolean;
}): BackLink {
  if (reviewId) return { to: paths.review.getHref(reviewId), label: 'Back to your review' };
  if (paper?.access.owner) return { to: paths.mySubmissions.getHref(), label: 'Back to My Submissions' };
  const published = paper?.status === 'published';
  if (paper?.access.changeStatus && !published) return { to: paths.admin.getHref(), label: 'Back to the admin dashboard' };
  if (paper && !published && reviews) return { to: paths.reviewerDashboard.getHref(), label: 'Back to your reviewer dashboard' };
  return { to: paths.papers.getHref(), label: 'All published papers' };
}

export function PaperBackLink({ paperId, paper, settled }: { paperId: string; paper: PaperDetail | undefined; settled: boolean }) {
  const { hasRole } = useSession();
  const reviews = hasRole('reviewer');
  const { reviewId, isLoading } = useMyReviewOfPaper(paperId, { skip: !reviews });
  // Nothing until the paper (and a reviewer's own assignments) have answered: a link that changes under the pointer is worse than none.
  if (!settled || isLoading) return <div aria-hidden="true" className="mb-6 h-5" />;
  return <BackLink {...paperBackLink({ paper, reviewId, reviews })} />;
}
