import { type ApiError, errorToast } from '@/shared/api';
import { invitationPageText } from './invitation-messages';

/** What the reviewer invitation page shows for its token. */
export type InvitationCheck =
  | { state: 'verifying' }
  | { state: 'error'; message: string }
  | { state: 'not-found' }
  | { state: 'valid'; email: string; accountExists: boolean };

export type VerifyOutcome =
  | { status: 'pending' }
  | { status: 'answered'; body: unknown }
  | { status: 'failed'; error: ApiError };

/**
 * The page's state from the token in its URL and the verification's outcome: a link without a
 * token, or an answer that is not what the API promises, is an error said in the spec's words; a
 * link the server does not know (invalid, expired, used or removed) is 'No Invitation Found'.
 */
export function invitationCheck(token: string | null, outcome: VerifyOutcome): InvitationCheck {
  if (!token) return { state: 'error', message: invitationPageText.noToken };
  switch (outcome.status) {
    case 'pending':
      return { state: 'verifying' };
    case 'failed': {
      if (outcome.error.code === 'INVITATION_NOT_FOUND') return { state: 'not-found' };
      // The server's message when it wrote one for people; a crash or no answer is the spec's fallback.
      const shown = errorToast(outcome.error, {
        title: invitationPageText.errorTitle,
        fallback: { title: invitationPageText.errorTitle, description: invitationPageText.verifyFailed },
      });
      return { state: 'error', message: shown.description ?? invitationPageText.verifyFailed };
    }
    case 'answered':
      return isVerification(outcome.body)
        ? { state: 'valid', email: outcome.body.email, accountExists: outcome.body.accountExists }
        : { state: 'error', message: invitationPageText.invalidResponse };
  }
}

function isVerification(body: unknown): body is { email: string; accountExists: boolean } {
  if (typeof body !== 'object' || body === null) return false;
  const { email, accountExists } = body as Record<string, unknown>;
  return typeof email === 'string' && email !== '' && typeof accountExists === 'boolean';
}
