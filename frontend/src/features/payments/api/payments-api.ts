import {
  SUBMISSION_FEE_TAG,
  type CheckoutSession,
  type SubmissionFee,
  type TestCheckout,
  type TestCheckoutRedirect,
  type VerifyPaymentResult,
  baseApi,
} from '@/shared/api';

export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubmissionFee: build.query<SubmissionFee, void>({
      query: () => '/payments/submission-fee',
      providesTags: [SUBMISSION_FEE_TAG],
    }),
    // The server returns the same open session to a double click; the button is disabled too.
    createCheckout: build.mutation<CheckoutSession, void>({
      query: () => ({ url: '/payments/checkout', method: 'POST' }),
    }),
    verifyPayment: build.mutation<VerifyPaymentResult, { sessionId: string }>({
      query: (body) => ({ url: '/payments/verify', method: 'POST', body }),
      invalidatesTags: (result) => (result?.verified ? [SUBMISSION_FEE_TAG] : []),
    }),
    getTestCheckout: build.query<TestCheckout, string>({
      query: (sessionId) => `/payments/test-checkout/${encodeURIComponent(sessionId)}`,
      providesTags: (_result, _error, sessionId) => [{ type: 'Payment', id: `TEST-${sessionId}` }],
    }),
    completeTestCheckout: build.mutation<TestCheckoutRedirect, string>({
      query: (sessionId) => ({ url: `/payments/test-checkout/${encodeURIComponent(sessionId)}/complete`, method: 'POST' }),
    }),
    cancelTestCheckout: build.mutation<TestCheckoutRedirect, string>({
      query: (sessionId) => ({ url: `/payments/test-checkout/${encodeURIComponent(sessionId)}/cancel`, method: 'POST' }),
    }),
  }),
});

export const {
  useGetSubmissionFeeQuery,
  useCreateCheckoutMutation,
  useVerifyPaymentMutation,
  useGetTestCheckoutQuery,
  useCompleteTestCheckoutMutation,
  useCancelTestCheckoutMutation,
} = paymentsApi;
