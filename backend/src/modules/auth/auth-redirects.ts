/** Where the e-mailed links land in the web app (docs/api.md); the /auth page reads these parameters. */
export const AuthRedirect = {
  EmailConfirmed: '/auth?success=email_confirmed',
  // The web app shows 'Email link expired' for an expired confirmation and 'Reset link expired'
  // for `otp_expired`, so the two expired links need different codes.
  ConfirmationExpired: '/auth?error=access_denied&error_code=email_link_expired&error_description=Email+link+has+expired',
  ResetLinkExpired: '/auth?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  ConfirmationInvalid:
    '/auth?error=invalid_request&error_code=bad_token&error_description=This+confirmation+link+is+invalid+or+has+already+been+used.',
  recovery: (token: string) => `/auth?type=recovery#recovery_token=${encodeURIComponent(token)}`,
} as const;

export interface RedirectTarget {
  url: string;
  statusCode: 302;
}

export const redirectTo = (url: string): RedirectTarget => ({ url, statusCode: 302 });
