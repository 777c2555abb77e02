// Public face of the revisions feature: pages import from here only.
export { ReviewRounds, type RoundsViewer } from './components/review-rounds';
export { useGetReviewRoundsQuery } from './api/revisions-api';
