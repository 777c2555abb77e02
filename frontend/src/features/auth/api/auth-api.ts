import {
  SESSION_TAG,
  type ForgotPasswordRequest,
  type GradeLevel,
  type MessageResponse,
  type ResendConfirmationRequest,
  type ResetPasswordRequest,
  type SessionResponse,
  type SignInRequest,
  type SignUpRequest,
  baseApi,
  refreshSession,
} from '@/shared/api';

export type { GradeLevel, ResetPasswordRequest, SignInRequest, SignUpRequest };

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<SessionResponse, void>({
      query: () => '/auth/session',
      providesTags: [SESSION_TAG],
    }),
    signIn: build.mutation<SessionResponse, SignInRequest>({
      query: (body) => ({ url: '/auth/sign-in', method: 'POST', body }),
    }),
    signUp: build.mutation<MessageResponse, SignUpRequest>({
      query: (body) => ({ url: '/auth/sign-up', method: 'POST', body }),
    }),
    resendConfirmation: build.mutation<MessageResponse, ResendConfirmationRequest>({
      query: (body) => ({ url: '/auth/resend-confirmation', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordRequest>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<null, ResetPasswordRequest>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: '/auth/sign-out', method: 'POST' }),
    }),
    signOutEverywhere: build.mutation<null, void>({
      query: () => ({ url: '/auth/sign-out-everywhere', method: 'POST' }),
    }),
    /** Proactive refresh before the access cookie expires; shares any refresh already running. */
    refreshSession: build.mutation<SessionResponse, void>({
      queryFn: async (_arg, api) => {
        const result = await refreshSession(api);
        if (result.ok) return { data: result.session };
        return {
          error: {
            status: 'CUSTOM_ERROR',
            error: result.rejected ? 'REFRESH_REJECTED' : 'REFRESH_UNAVAILABLE',
          },
        };
      },
    }),
  }),
});

export const {
  useGetSessionQuery,
  useSignInMutation,
  useSignUpMutation,
  useResendConfirmationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSignOutMutation,
  useSignOutEverywhereMutation,
  useRefreshSessionMutation,
} = authApi;
