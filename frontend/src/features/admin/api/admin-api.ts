import {
  ADMIN_PAPERS_TAG,
  PUBLISHED_PAPERS_TAG,
  SUBMISSIONS_TAG,
  type AdminPaperPage,
  type ChangeStatusRequest,
  type EmailOutboxSummary,
  type PaperStageName,
  type PaperStatus,
  type StatusChanged,
  type StatusCounts,
  baseApi,
  paperTag,
  statusHistoryTag,
} from '@/shared/api';

export interface AdminPapersArgs {
  /** One of the five statuses, or null for every paper. */
  status: PaperStatus | null;
  /** Search words (title, author name or e-mail); empty for every paper. */
  q?: string;
  /** One of the stages (issue 27), or null (or absent) for every stage. */
  stage?: PaperStageName | null;
}

/** Page size of the admin papers table; the API allows 1-100 (default 25). */
export const ADMIN_PAPERS_PAGE_SIZE = 25;

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Every paper, newest first; "Load more" follows the server's keyset cursor.
    getAdminPapers: build.infiniteQuery<AdminPaperPage, AdminPapersArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/admin/papers',
        params: {
          status: queryArg.status ?? undefined,
          q: queryArg.q || undefined,
          stage: queryArg.stage ?? undefined,
          cursor: pageParam ?? undefined,
          limit: ADMIN_PAPERS_PAGE_SIZE,
        },
      }),
      providesTags: [ADMIN_PAPERS_TAG],
    }),
    getStatusCounts: build.query<StatusCounts, void>({
      query: () => '/admin/papers/status-counts',
      providesTags: ['AdminStats'],
    }),
    // Counted when the dashboard opens, not cached: the queue changes by the second.
    getEmailOutboxSummary: build.query<EmailOutboxSummary, void>({
      query: () => '/admin/email-outbox/summary',
      keepUnusedDataFor: 0,
    }),
    changePaperStatus: build.mutation<StatusChanged, { paperId: string } & ChangeStatusRequest>({
      query: ({ paperId, ...body }) => ({
        url: `/papers/${encodeURIComponent(paperId)}/status`,
        method: 'PATCH',
        body,
      }),
      // The paper, every list (admin table, published list, the author's submissions), the
      // counts and the paper's timeline all show the status.
      invalidatesTags: (_result, error, { paperId }) =>
        error
          ? []
          : [
              paperTag(paperId),
              PUBLISHED_PAPERS_TAG,
              ADMIN_PAPERS_TAG,
              statusHistoryTag(paperId),
              'AdminStats',
              SUBMISSIONS_TAG,
            ],
    }),
  }),
});

export const { useGetAdminPapersInfiniteQuery, useGetStatusCountsQuery, useGetEmailOutboxSummaryQuery, useChangePaperStatusMutation } = adminApi;
