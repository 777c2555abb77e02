import {
  ADMIN_PAPERS_TAG,
  PUBLISHED_PAPERS_TAG,
  SUBMISSIONS_TAG,
  SUBMISSION_FEE_TAG,
  type MyDashboard,
  type MySubmission,
  type PaperDetail,
  type PaperVersion,
  type VersionApproved,
  baseApi,
  paperTag,
  paperVersionsTag,
  takeUpload,
  uploadWithProgress,
} from '@/shared/api';

const missingJob = { error: { status: 'CUSTOM_ERROR', error: 'Upload was not prepared' } } as const;

export const submissionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // multipart with upload progress: fetch cannot report it, so this runs over XMLHttpRequest.
    submitPaper: build.mutation<PaperDetail, { uploadId: string }>({
      queryFn: async ({ uploadId }, api) => {
        const job = takeUpload(uploadId);
        if (!job) return missingJob;
        return uploadWithProgress<PaperDetail>({ path: '/papers', body: job.body, onProgress: job.onProgress }, api);
      },
      // The paid fee is used up by the submission, so the fee status changes too.
      invalidatesTags: [SUBMISSIONS_TAG, SUBMISSION_FEE_TAG],
    }),
    getMySubmissions: build.query<MySubmission[], void>({
      query: () => '/papers/mine',
      providesTags: [SUBMISSIONS_TAG],
    }),
    getMyDashboard: build.query<MyDashboard, void>({
      query: () => '/papers/mine/dashboard',
      // A new comment invalidates the submissions too, as the dashboard counts comments.
      providesTags: [SUBMISSIONS_TAG],
    }),
    getPaperVersions: build.query<PaperVersion[], string>({
      query: (paperId) => `/papers/${encodeURIComponent(paperId)}/versions`,
      providesTags: (_result, _error, paperId) => [paperVersionsTag(paperId)],
    }),
    uploadPaperVersion: build.mutation<PaperVersion, { paperId: string; uploadId: string }>({
      queryFn: async ({ paperId, uploadId }, api) => {
        const job = takeUpload(uploadId);
        if (!job) return missingJob;
        return uploadWithProgress<PaperVersion>({
          path: `/papers/${encodeURIComponent(paperId)}/versions`,
          body: job.body,
          onProgress: job.onProgress,
        }, api);
      },
      invalidatesTags: (_result, error, { paperId }) =>
        error ? [] : [paperTag(paperId), paperVersionsTag(paperId), SUBMISSIONS_TAG],
    }),
    // An editor makes a pending version the paper's PDF (admins only; the server decides).
    approvePaperVersion: build.mutation<VersionApproved, { paperId: string; version: number }>({
      query: ({ paperId, version }) => ({
        url: `/papers/${encodeURIComponent(paperId)}/versions/${version}/approve`,
        method: 'POST',
      }),
      invalidatesTags: (_result, error, { paperId }) =>
        error ? [] : [paperTag(paperId), paperVersionsTag(paperId), PUBLISHED_PAPERS_TAG, ADMIN_PAPERS_TAG],
    }),
  }),
});

export const {
  useSubmitPaperMutation,
  useGetMySubmissionsQuery,
  useGetMyDashboardQuery,
  useGetPaperVersionsQuery,
  useUploadPaperVersionMutation,
  useApprovePaperVersionMutation,
} = submissionApi;
