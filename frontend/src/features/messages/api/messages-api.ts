import {
  type MessageList,
  type ReviewerMessage,
  baseApi,
  takeUpload,
  uploadWithProgress,
} from '@/shared/api';

// Badges must move within 30 seconds without a reload: the lists poll at half that (not while the
// tab is in the background), refetch when it regains focus, and at once after the reader acts.
export const MESSAGE_POLLING = { pollingInterval: 15_000, skipPollingIfUnfocused: true, refetchOnFocus: true } as const;

// Sending, replying and opening a message all change the lists (a new row, a cleared badge).
const MESSAGE_LISTS = { type: 'Message', id: 'LIST' } as const;
const messageTag = (id: string) => ({ type: 'Message' as const, id });

const missingJob = { error: { status: 'CUSTOM_ERROR', error: 'Message was not prepared' } } as const;

/** A multipart message prepared with `prepareUpload`; only the job's id enters the store. */
interface PreparedMessage {
  uploadId: string;
}

export const messagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEditorMessages: build.query<MessageList, void>({
      query: () => '/admin/messages',
      providesTags: [MESSAGE_LISTS],
    }),
    getMyMessages: build.query<MessageList, void>({
      query: () => '/messages/mine',
      providesTags: [MESSAGE_LISTS],
    }),
    // The server marks the message read for its reader as it answers, so the badge changes too.
    getMessage: build.query<ReviewerMessage, string>({
      query: (id) => `/messages/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [messageTag(id)],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(messagesApi.util.invalidateTags([MESSAGE_LISTS]));
        } catch {
          // Nothing was marked read.
        }
      },
    }),
    sendToReviewer: build.mutation<ReviewerMessage, PreparedMessage>({
      queryFn: ({ uploadId }, api) => send('/admin/messages', uploadId, api),
      invalidatesTags: (_result, error) => (error ? [] : [MESSAGE_LISTS]),
    }),
    sendToEditors: build.mutation<ReviewerMessage, PreparedMessage>({
      queryFn: ({ uploadId }, api) => send('/messages', uploadId, api),
      invalidatesTags: (_result, error) => (error ? [] : [MESSAGE_LISTS]),
    }),
    replyToMessage: build.mutation<ReviewerMessage, PreparedMessage & { messageId: string }>({
      queryFn: ({ messageId, uploadId }, api) => send(`/messages/${encodeURIComponent(messageId)}/replies`, uploadId, api),
      invalidatesTags: (_result, error) => (error ? [] : [MESSAGE_LISTS]),
    }),
  }),
});

// Images make the body multipart: sent over XMLHttpRequest like the paper uploads, with the same retry on 401.
async function send(path: string, uploadId: string, api: Parameters<typeof uploadWithProgress>[1]) {
  const job = takeUpload(uploadId);
  if (!job) return missingJob;
  return uploadWithProgress<ReviewerMessage>({ path, body: job.body, onProgress: job.onProgress }, api);
}

export const {
  useGetEditorMessagesQuery,
  useGetMyMessagesQuery,
  useGetMessageQuery,
  useSendToReviewerMutation,
  useSendToEditorsMutation,
  useReplyToMessageMutation,
} = messagesApi;
