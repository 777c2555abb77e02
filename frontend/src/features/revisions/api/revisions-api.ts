import {
  REVIEW_LISTS_TAG,
  SUBMISSIONS_TAG,
  type RequestRevisionsRequest,
  type ReviewRounds,
  type RevisionRequest,
  baseApi,
  paperTag,
  paperVersionsTag,
  statusHistoryTag,
  takeUpload,
  uploadWithProgress,
} from '@/shared/api';

// A paper's rounds change when the editors ask for revisions and when the author answers; the
// answer also changes the paper (its PDF, its status), its versions and the assignable papers.
const roundsTag = (paperId: string) => ({ type: 'ReviewRound' as const, id: paperId });
const missingJob = { error: { status: 'CUSTOM_ERROR', error: 'The upload was not prepared' } } as const;

export const revisionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviewRounds: build.query<ReviewRounds, string>({
      query: (paperId) => `/papers/${encodeURIComponent(paperId)}/rounds`,
      providesTags: (_result, _error, paperId) => [roundsTag(paperId)],
    }),
    requestRevisions: build.mutation<RevisionRequest, { paperId: string } & RequestRevisionsRequest>({
      query: ({ paperId, ...body }) => ({ url: `/papers/${encodeURIComponent(paperId)}/revision-requests`, method: 'POST', body }),
      invalidatesTags: (_result, error, { paperId }) => (error ? [] : [roundsTag(paperId)]),
    }),
    submitRevision: build.mutation<RevisionRequest, { paperId: string; uploadId: string }>({
      queryFn: async ({ paperId, uploadId }, api) => {
        const job = takeUpload(uploadId);
        if (!job) return missingJob;
        return uploadWithProgress<RevisionRequest>({ path: `/papers/${encodeURIComponent(paperId)}/revisions`, body: job.body, onProgress: job.onProgress }, api);
      },
      invalidatesTags: (_result, error, { paperId }) =>
        error
          ? []
          : [
              roundsTag(paperId),
              paperTag(paperId),
              paperVersionsTag(paperId),
              statusHistoryTag(paperId),
              REVIEW_LISTS_TAG,
              SUBMISSIONS_TAG,
            ],
    }),
  }),
});

export const { useGetReviewRoundsQuery, useRequestRevisionsMutation, useSubmitRevisionMutation } = revisionsApi;
