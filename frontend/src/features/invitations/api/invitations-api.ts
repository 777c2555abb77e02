import {
  SESSION_TAG,
  type AcceptInvitationRequest,
  type Invitation,
  type InvitationAccepted,
  type InvitationListQuery,
  type InvitationVerification,
  type InviteReviewerRequest,
  type MissingRolesCreated,
  type RemoveInvitationsRequest,
  type InvitationsRemoved,
  type ReviewerOverview,
  baseApi,
} from '@/shared/api';

// The lists of the Reviewer Management tab and the Active Reviewers Debug panel, as tags: each
// action names what it changes, so what is on screen refreshes by itself.
const INVITATION_LISTS = { type: 'Invitation', id: 'LIST' } as const;
const REVIEWER_OVERVIEW = { type: 'Invitation', id: 'OVERVIEW' } as const;

export const invitationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInvitations: build.query<Invitation[], InvitationListQuery>({
      query: (params) => ({ url: '/admin/invitations', params }),
      providesTags: [INVITATION_LISTS],
    }),
    inviteReviewer: build.mutation<Invitation, InviteReviewerRequest>({
      query: (body) => ({ url: '/admin/invitations', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [INVITATION_LISTS]),
    }),
    removeInvitations: build.mutation<InvitationsRemoved, RemoveInvitationsRequest>({
      query: (body) => ({ url: '/admin/invitations/remove', method: 'POST', body }),
      // Accepted invitations go too, which the debug panel counts.
      invalidatesTags: (_result, error) => (error ? [] : [INVITATION_LISTS, REVIEWER_OVERVIEW]),
    }),
    getReviewerOverview: build.query<ReviewerOverview, void>({
      query: () => '/admin/reviewers/overview',
      providesTags: [REVIEWER_OVERVIEW],
    }),
    createMissingRoles: build.mutation<MissingRolesCreated, void>({
      query: () => ({ url: '/admin/reviewers/missing-roles', method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [REVIEWER_OVERVIEW]),
    }),
    // A POST because the token is a secret (kept out of URLs and logs); it does not use the link,
    // so it is a query: asked once per token and page visit.
    verifyInvitation: build.query<InvitationVerification, string>({
      query: (token) => ({ url: '/invitations/verify', method: 'POST', body: { token } }),
      keepUnusedDataFor: 0,
    }),
    acceptInvitation: build.mutation<InvitationAccepted, AcceptInvitationRequest>({
      query: (body) => ({ url: '/invitations/accept', method: 'POST', body }),
      // A signed-in invitee gains the reviewer role: the session's roles change with it.
      invalidatesTags: (_result, error) => (error ? [] : [INVITATION_LISTS, REVIEWER_OVERVIEW, SESSION_TAG]),
    }),
  }),
});

export const {
  useGetInvitationsQuery,
  useInviteReviewerMutation,
  useRemoveInvitationsMutation,
  useGetReviewerOverviewQuery,
  useCreateMissingRolesMutation,
  useVerifyInvitationQuery,
  useAcceptInvitationMutation,
} = invitationsApi;
