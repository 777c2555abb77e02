// Public face of the review feature: pages and app/ import from here only.
export { PaperReviewCard } from './components/paper-review-card';
export { PaperReviewersPanel } from './components/paper-reviewers-panel';
export { ReviewAssignments } from './components/review-assignments';
export { ReviewEditor } from './components/review-editor';
export { ReviewerDashboard } from './components/reviewer-dashboard';
export { RubricEditor } from './components/rubric-editor';
export { useGetAssignableReviewersQuery, useGetPaperReviewQuery } from './api/review-api';
export { useMyReviewOfPaper } from './model/use-my-review-of-paper';
