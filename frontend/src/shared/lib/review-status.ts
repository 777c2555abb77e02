import { type ReviewRecommendation, type ReviewStatus } from '@/shared/api';

// The review lists of the spec (section 4, "Review assignment"), defined once and keyed by the
// API's own enums (as paper-status.ts does), so the two cannot drift. Key order is the spec's.

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  assigned: 'Assigned',
  in_progress: 'In Progress',
  submitted: 'Submitted',
  declined: 'Declined',
};

export const reviewStatuses = Object.keys(reviewStatusLabels) as ReviewStatus[];

export const recommendationLabels: Record<ReviewRecommendation, string> = {
  accept: 'Accept',
  minor_revisions: 'Minor Revisions',
  major_revisions: 'Major Revisions',
  reject: 'Reject',
};

export const recommendations = Object.keys(recommendationLabels) as ReviewRecommendation[];
