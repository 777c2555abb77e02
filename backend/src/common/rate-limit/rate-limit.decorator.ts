import { SetMetadata } from '@nestjs/common';

/** Named limits; their numbers come from the configuration (see RateLimits). */
export enum RateLimitPolicy {
  /**
   * Every attempt per client address and e-mail (one account from one place), plus failed
   * attempts per address across e-mails and per e-mail across addresses.
   */
  SignIn = 'sign-in',
  /** Per client address: sign-up, resend-confirmation, forgot-password, reset-password. */
  AuthAction = 'auth-action',
  /** Per client address: the e-mailed confirmation and reset links. */
  EmailLink = 'email-link',
  /** Per refresh token (a session holds one at a time), under a generous per-address ceiling. */
  Refresh = 'refresh',
  /** Per recipient: password-reset e-mails (counted whether or not the address has an account). */
  ResetMail = 'reset-mail',
  /** Per recipient: confirmation e-mails asked for again. */
  ConfirmationMail = 'confirmation-mail',
  /** Per signed-in user, per minute and per hour: messages and replies, with or without images. */
  Message = 'message',
  /** Per signed-in user, per minute and per hour: comments posted on papers. */
  Comment = 'comment',
  /** Per signed-in user, per hour: PDFs uploaded (a submission, a new version, a revision). */
  Upload = 'upload',
}

export const RATE_LIMIT_KEY = 'rate-limit:policy';

export const RateLimit = (policy: RateLimitPolicy) => SetMetadata(RATE_LIMIT_KEY, policy);
