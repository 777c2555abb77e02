import { type ApiError, errorToast, hasSessionHint } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

// The spec's words for invitations (section 8, "Invitations, assignment and messages", and the
// reviewer invitation page); what each API error code says is in the shared table (error-messages.ts).

export const invitationToasts = {
  invitationRemoved: {
    title: 'All Invitations Removed',
    description: 'All invitations for this email have been successfully removed.',
  },
  removeFailed: { title: 'Error', description: 'Failed to remove invitations. Please try again.', variant: 'destructive' },
  rolesCreated: { title: 'Reviewer roles updated', description: 'Missing reviewer roles have been created successfully.' },
  rolesFailed: { title: 'Error', description: 'Failed to create missing reviewer roles. Please try again.', variant: 'destructive' },
  inviteFailed: { title: 'Error', description: 'Failed to send reviewer invitation. Please try again.', variant: 'destructive' },
  createAccountFailed: { title: 'Error', description: 'Failed to create account. Please try again.', variant: 'destructive' },
  acceptFailed: { title: 'Error', description: 'Failed to accept the invitation. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

/** Said only once the server has recorded the e-mail with the invitation (its 201). */
export function invitationSentToast(email: string): ToastInput {
  return { title: 'Invitation sent', description: `Email delivered to ${email}.` };
}

/**
 * The spec's words for each refusal. A 401 means the editor must sign in again: 'Missing auth
 * token' when this browser holds no session at all, 'User not authenticated' when it held one the
 * server no longer accepts.
 */
export function inviteErrorToast(error: ApiError, email: string, hasSession: boolean = hasSessionHint()): ToastInput {
  if (error.code === 'INVITATION_PENDING_EXISTS') {
    return { title: 'Error', description: `A pending invitation already exists for ${email}.`, variant: 'destructive' };
  }
  if (error.status === 401) {
    return { title: 'Error', description: hasSession ? 'User not authenticated' : 'Missing auth token', variant: 'destructive' };
  }
  return invitationToasts.inviteFailed;
}

/** The server's message when it has one for people (a weak password, say), else the spec's fallback. */
export function createAccountErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: invitationToasts.createAccountFailed });
}

export function acceptErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: invitationToasts.acceptFailed });
}

export const invitationPageText = {
  verifying: 'Verifying invitation...',
  errorTitle: 'Invitation Error',
  notFoundTitle: 'No Invitation Found',
  notFoundDescription: 'This invitation link is invalid, has expired, or has already been used.',
  noToken: 'No invitation token provided',
  verifyFailed: 'Failed to verify invitation. Please try again.',
  invalidResponse: 'Invalid response from verification service',
  accept: 'Accept Invitation & Create Account',
  accepting: 'Creating Account...',
  created: 'Your account has been created successfully!',
} as const;
