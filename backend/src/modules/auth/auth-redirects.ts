/** Where the e-mailed links land in the web app (docs/api.md); the /auth page reads these parameters. */
export const AuthRedirect = {
  EmailConfirmed: '/auth?success=email_confirmed',
  // The web app shows 'Email link expired' for an expired confirmation and 'Reset link expired'
  // for `otp_expired`, so the two expired links need different codes.
  ConfirmationExpired: '/auth?error=access_denied&error_code=email_link_expired&error_description=Email+link+has+expired',
  ResetLinkExpired: '/auth?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  ConfirmationInvalid:
    '/auth?error=invalid_request&error_code=bad_token&error_description=This+confirmation+link+is+invalid+or+has+already+been+used.',
  /** An e-mailed link opened while its address is over the limit (the web app says 'Too many attempts'). */
  TooManyAttempts:
    '/auth?error=too_many_requests&error_code=rate_limited&error_description=Too+many+attempts.+Please+wait+a+minute+and+open+the+link+again.',
  /** Anything else that kept a link from being opened (the database or Redis down). */
  LinkUnavailable:
    '/auth?error=server_error&error_code=temporarily_unavailable&error_description=The+journal+could+not+open+this+link+right+now.+Please+try+again+in+a+few+minutes.',
  recovery: (token: string) => `/auth?type=recovery#recovery_token=${encodeURIComponent(token)}`,
} as const;

export interface RedirectTarget {
  url: string;
  statusCode: 302;
}

export const redirectTo = (url: string): RedirectTarget => ({ url, statusCode: 302 });
