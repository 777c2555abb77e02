import { AUTHENTICATION_ERROR_TOAST } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

// The spec's words for ORCID (section 8, "ORCID linking" and "Authentication"). The API sends the
// browser back with `?orcid=linked`, `?orcid=signed_in` or `?orcid=error&message={code}`.

export const orcidToasts = {
  linked: { title: 'ORCID iD linked successfully!' },
  signedIn: { title: 'Welcome!', description: 'Successfully signed in with ORCID.' },
  unlinked: { title: 'ORCID iD unlinked', description: 'Your ORCID iD is no longer linked to your account.' },
  unlinkFailed: { title: 'Error', description: 'Failed to unlink ORCID iD. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

/** Each linking code's words; anything else is 'An error occurred while linking ORCID iD.' */
const LINK_ERRORS: Readonly<Record<string, string>> = {
  authentication_required: 'Authentication required. Please sign in and try again.',
  user_not_found: 'User not found. Please sign in and try again.',
  link_failed: 'Failed to link ORCID iD. Please try again.',
  already_linked: 'This ORCID iD is already linked to another account.',
  invalid_token: 'Invalid authentication token. Please sign in again.',
  invalid_state: 'Invalid linking session. Please try again.',
  start_failed: 'Failed to start ORCID linking process.',
};
const LINK_ERROR_UNKNOWN = 'An error occurred while linking ORCID iD.';

/** An iD no account has linked: ORCID never makes an account (one starts with a confirmed e-mail). */
export const NOT_LINKED_MESSAGE =
  'No account is linked to this ORCID iD. Sign in with your email and password, then link your ORCID iD from your dashboard.';

export type OrcidResult =
  | { kind: 'linked' }
  | { kind: 'signed-in' }
  | { kind: 'link-error'; code: string }
  | { kind: 'sign-in-error'; code: string };

/**
 * What the parameters the API sent the browser back with say, or null when there are none. A
 * failed sign-in returns to /auth; a failed link returns to the dashboard.
 */
export function readOrcidResult(params: URLSearchParams, pathname: string): OrcidResult | null {
  const outcome = params.get('orcid');
  if (outcome === 'linked') return { kind: 'linked' };
  if (outcome === 'signed_in') return { kind: 'signed-in' };
  if (outcome !== 'error') return null;
  const code = params.get('message') ?? '';
  return pathname === '/auth' ? { kind: 'sign-in-error', code } : { kind: 'link-error', code };
}

export function orcidResultToast(result: OrcidResult): ToastInput {
  switch (result.kind) {
    case 'linked':
      return orcidToasts.linked;
    case 'signed-in':
      return orcidToasts.signedIn;
    case 'link-error':
      return { title: 'Error', description: LINK_ERRORS[result.code] ?? LINK_ERROR_UNKNOWN, variant: 'destructive' };
    case 'sign-in-error':
      return result.code === 'not_linked' ? { ...AUTHENTICATION_ERROR_TOAST, description: NOT_LINKED_MESSAGE } : AUTHENTICATION_ERROR_TOAST;
  }
}

/** The parameters the result came in, removed from the address bar once it is said. */
export const ORCID_RESULT_PARAMS = ['orcid', 'message'] as const;

/** The public page of an iD. */
export const orcidProfileUrl = (orcidId: string) => `https://orcid.org/${orcidId}`;
