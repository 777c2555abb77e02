import {
  ADMIN_PAPERS_TAG,
  REVIEW_LISTS_TAG,
  REVIEW_ROUNDS_TAG,
  type AssignReviewRequest,
  type AssignablePaper,
  type AssignableReviewer,
  type DeclineReviewRequest,
  type MyReviews,
  type ReminderSent,
  type Review,
  type ReplaceRubricRequest,
  type ReviewAssignment,
  type RubricCriterion,
  type SaveReviewDraftRequest,
  type SubmitReviewRequest,
  baseApi,
  paperTag,
  statusHistoryTag,
} from '@/shared/api';
import { env } from '@/shared/config/env';

// Every assignment change moves a paper in or out of the assignable list and changes the
// reviewer's dashboard, so one list tag covers them; a review has a tag of its own id.
const REVIEW_LISTS = REVIEW_LISTS_TAG;
const reviewTag = (id: string) => ({ type: 'Review' as const, id });
const paperReviewTag = (paperId: string) => ({ type: 'Review' as const, id: `paper:${paperId}` });
const RUBRIC = { type: 'Review', id: 'RUBRIC' } as const;
// Assigning or withdrawing a reviewer moves the paper's stage (its page, the admin table), writes its
// status history and changes its rounds, wherever the editor did it.
const paperReviewersChanged = (paperId: string) =>
  [paperReviewTag(paperId), paperTag(paperId), statusHistoryTag(paperId), ADMIN_PAPERS_TAG, REVIEW_ROUNDS_TAG] as const;

export const reviewApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAssignablePapers: build.query<AssignablePaper[], void>({
      query: () => '/admin/reviews/assignable-papers',
      providesTags: [REVIEW_LISTS],
    }),
    getAssignableReviewers: build.query<AssignableReviewer[], void>({
      query: () => '/admin/reviews/assignable-reviewers',
      providesTags: [REVIEW_LISTS],
    }),
    getReviewAssignments: build.query<ReviewAssignment[], void>({
      query: () => '/admin/reviews',
      providesTags: [REVIEW_LISTS],
    }),
    assignReview: build.mutation<ReviewAssignment, AssignReviewRequest>({
      query: (body) => ({ url: '/admin/reviews', method: 'POST', body }),
      invalidatesTags: (_result, error, { paperId }) => (error ? [] : [REVIEW_LISTS, ...(paperId ? paperReviewersChanged(paperId) : [])]),
    }),
    changeReviewDueDate: build.mutation<ReviewAssignment, { id: string } & Pick<ReviewAssignment, 'dueAt'>>({
      query: ({ id, ...body }) => ({ url: `/admin/reviews/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      // The lists show the date; the review itself shows it too.
      invalidatesTags: (result, error, { id }) =>
        error ? [] : [REVIEW_LISTS, reviewTag(id), ...(result ? [paperReviewTag(result.paperId)] : [])],
    }),
    withdrawReview: build.mutation<void, Pick<ReviewAssignment, 'id' | 'paperId'>>({
      query: ({ id }) => ({ url: `/admin/reviews/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { id, paperId }) => (error ? [] : [REVIEW_LISTS, reviewTag(id), ...paperReviewersChanged(paperId)]),
    }),
    sendReviewReminder: build.mutation<ReminderSent, string>({
      query: (id) => ({ url: `/admin/reviews/${encodeURIComponent(id)}/reminders`, method: 'POST' }),
      // The list shows when the reviewer was last reminded.
      invalidatesTags: (_result, error) => (error ? [] : [REVIEW_LISTS]),
    }),
    getMyReviews: build.query<MyReviews, void>({
      query: () => '/reviews/mine',
      providesTags: [REVIEW_LISTS],
    }),
    getReview: build.query<Review, string>({
      query: (id) => `/reviews/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [reviewTag(id)],
    }),
    saveReviewDraft: build.mutation<Review, { id: string } & SaveReviewDraftRequest>({
      query: ({ id, ...body }) => ({ url: `/reviews/${encodeURIComponent(id)}/draft`, method: 'PUT', body }),
      invalidatesTags: (result, error, { id }) =>
        error ? [] : [REVIEW_LISTS, reviewTag(id), ...(result ? [paperReviewTag(result.paper.id)] : [])],
    }),
    submitReview: build.mutation<Review, { id: string } & SubmitReviewRequest>({
      query: ({ id, ...body }) => ({ url: `/reviews/${encodeURIComponent(id)}/submit`, method: 'POST', body }),
      invalidatesTags: (result, error, { id }) =>
        error ? [] : [REVIEW_LISTS, reviewTag(id), ...(result ? [paperReviewTag(result.paper.id)] : [])],
    }),
    // The review is gone for its reviewer afterwards (404), and the paper is assignable again.
    declineReview: build.mutation<void, { id: string } & DeclineReviewRequest>({
      query: ({ id, ...body }) => ({ url: `/reviews/${encodeURIComponent(id)}/decline`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [REVIEW_LISTS, reviewTag(id)]),
    }),
    getRubric: build.query<RubricCriterion[], void>({
      query: () => '/rubric',
      providesTags: [RUBRIC],
    }),
    replaceRubric: build.mutation<RubricCriterion[], ReplaceRubricRequest>({
      query: (body) => ({ url: '/admin/rubric', method: 'PUT', body }),
      // A draft and the rounds show the current rubric: every review read may change, not only the list.
      invalidatesTags: (_result, error) => (error ? [] : ['Review', REVIEW_ROUNDS_TAG]),
    }),
    getPaperReview: build.query<Review, string>({
      query: (paperId) => `/papers/${encodeURIComponent(paperId)}/review`,
      providesTags: (_result, _error, paperId) => [paperReviewTag(paperId)],
    }),
  }),
});

export const {
  useGetAssignablePapersQuery,
  useGetAssignableReviewersQuery,
  useGetReviewAssignmentsQuery,
  useAssignReviewMutation,
  useWithdrawReviewMutation,
  useChangeReviewDueDateMutation,
  useSendReviewReminderMutation,
  useGetMyReviewsQuery,
  useGetReviewQuery,
  useSaveReviewDraftMutation,
  useSubmitReviewMutation,
  useDeclineReviewMutation,
  useGetPaperReviewQuery,
  useGetRubricQuery,
  useReplaceRubricMutation,
} = reviewApi;

/** A submitted review's certificate, as a file (cookie-authenticated like a paper's PDF). */
export function reviewCertificateHref(id: string): string {
  return `${env.API_BASE_URL}/reviews/${encodeURIComponent(id)}/certificate`;
}
