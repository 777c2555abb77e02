import { useGetMyReviewsQuery } from '../api/review-api';

/**
 * The caller's own assignment on a paper (the newest round's, as /reviews/mine lists newest first),
 * for the pages that lead a reviewer back to it; `skip` for a caller who reviews nothing.
 */
export function useMyReviewOfPaper(paperId: string, { skip }: { skip: boolean }): { reviewId: string | undefined; isLoading: boolean } {
  const { data, isLoading } = useGetMyReviewsQuery(undefined, { skip });
  return { reviewId: data?.assignments.find((assignment) => assignment.paperId === paperId)?.id, isLoading };
}
