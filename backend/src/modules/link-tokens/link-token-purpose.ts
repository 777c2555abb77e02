/** What an e-mailed link is for; a token only ever works for the purpose it was issued for. */
export enum LinkTokenPurpose {
  EmailConfirmation = 'email_confirmation',
  PasswordReset = 'password_reset',
  ReviewerInvitation = 'reviewer_invitation',
}

export const LINK_TOKEN_PURPOSES: readonly LinkTokenPurpose[] = Object.values(LinkTokenPurpose);

/** Whom a link was sent to: an account, or an e-mail address with no account yet (an invitation). */
export type LinkTokenSubject = { userId: string } | { email: string };
