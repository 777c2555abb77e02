import { SUBMISSIONS_TAG, type CommentPosted, type PaperComment, baseApi } from '@/shared/api';

export const commentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getComments: build.query<PaperComment[], string>({
      query: (paperId) => `/papers/${encodeURIComponent(paperId)}/comments`,
      providesTags: (_result, _error, paperId) => [{ type: 'Comment', id: paperId }],
    }),
    addComment: build.mutation<CommentPosted, { paperId: string; comment: string }>({
      query: ({ paperId, comment }) => ({
        url: `/papers/${encodeURIComponent(paperId)}/comments`,
        method: 'POST',
        body: { comment },
      }),
      // Comment counts show on the author's dashboard and lists too.
      invalidatesTags: (_result, error, { paperId }) => (error ? [] : [{ type: 'Comment', id: paperId }, SUBMISSIONS_TAG]),
    }),
    updateComment: build.mutation<PaperComment, { paperId: string; commentId: string; comment: string }>({
      query: ({ paperId, commentId, comment }) => ({
        url: `/papers/${encodeURIComponent(paperId)}/comments/${encodeURIComponent(commentId)}`,
        method: 'PATCH',
        body: { comment },
      }),
      invalidatesTags: (_result, error, { paperId }) => (error ? [] : [{ type: 'Comment', id: paperId }]),
    }),
  }),
});

export const { useGetCommentsQuery, useAddCommentMutation, useUpdateCommentMutation } = commentsApi;
