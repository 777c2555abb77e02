import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The invitations module's cases, each mapped once to its code, status and message (the spec's words where it has them). */
const INVITATIONS_ERRORS = {
  /** The message names the address; see `pendingExists`. */
  pendingExists: { status: 409, code: ErrorCode.InvitationPendingExists, message: 'A pending invitation already exists for this email.' },
  /** Unknown, expired, used or removed: one answer, so a link reveals nothing about why. */
  notFound: { status: 404, code: ErrorCode.InvitationNotFound, message: 'No valid invitation found' },
  accountExists: {
    status: 409,
    code: ErrorCode.InvitationAccountExists,
    message: 'An account already exists for this email. Please sign in, then open the invitation link again.',
  },
  otherAccount: {
    status: 403,
    code: ErrorCode.InvitationOtherAccount,
    message: 'This invitation is for another email address. Sign out, then open the invitation link again.',
  },
  /** A visitor creates an account, so the sign-up fields are needed (signed in, the token alone is). */
  signUpFieldsRequired: { status: 400, code: ErrorCode.ValidationFailed, message: 'First name, last name and password are required' },
} as const satisfies Record<string, ErrorCase>;

export type InvitationsError = keyof typeof INVITATIONS_ERRORS;

export class InvitationsException extends AppException {
  constructor(
    readonly error: InvitationsError,
    message?: string,
  ) {
    super(INVITATIONS_ERRORS[error], message);
  }

  /** The spec's toast: 'A pending invitation already exists for {email}.' (the address as the admin typed it). */
  static pendingExists(email: string): InvitationsException {
    return new InvitationsException('pendingExists', `A pending invitation already exists for ${email}.`);
  }
}
