import { type ApiError, AUTHENTICATION_ERROR_TOAST, codeToasts, errorToast, UNEXPECTED_ERROR_MESSAGE } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

// The spec's Authentication toasts; what each API error code says is in the shared table (error-messages.ts).

export const GENERIC_ERROR_TOAST: ToastInput = {
  title: 'Error',
  description: UNEXPECTED_ERROR_MESSAGE,
  variant: 'destructive',
};

export const toasts = {
  signedIn: { title: 'Welcome back!', description: 'Successfully signed in to your account.' },
  signedUp: {
    title: 'Check your email!',
    description: 'We sent you a confirmation link. Please check your email to complete your registration.',
  },
  confirmationResent: { title: 'Confirmation email sent', description: 'Check your inbox for a new confirmation link.' },
  resetEmailSent: { title: 'Reset email sent!', description: 'Check your email for password reset instructions.' },
  passwordUpdated: {
    title: 'Password updated!',
    description: 'Your password has been successfully updated. Please log in with your new password.',
  },
  passwordsDontMatch: {
    title: "Passwords don't match",
    description: 'Please ensure both password fields match.',
    variant: 'destructive',
  },
  passwordTooShort: {
    title: 'Password too short',
    description: 'Password must be at least 6 characters long.',
    variant: 'destructive',
  },
  resetSessionExpired: codeToasts.AUTH_RESET_EXPIRED,
  emailConfirmed: { title: 'Email confirmed!', description: 'Your email has been confirmed. Welcome!' },
  signedOut: { title: 'Signed out', description: 'You have been signed out successfully.' },
  signedOutLocally: { title: 'Signed out', description: 'You have been signed out.' },
} satisfies Record<string, ToastInput>;

export function signInErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Sign in failed', fallback: GENERIC_ERROR_TOAST });
}

export function signUpErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Sign up failed', fallback: GENERIC_ERROR_TOAST });
}

export function forgotPasswordErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Reset failed', fallback: GENERIC_ERROR_TOAST });
}

export function resetPasswordErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Update failed', fallback: GENERIC_ERROR_TOAST });
}

export interface AuthRedirectParams {
  success: string | null;
  error: string | null;
  errorCode: string | null;
  errorDescription: string | null;
}

/**
 * The toast for the query parameters the API's e-mail links redirect to
 * (`/auth?success=email_confirmed`, `/auth?error=...&error_code=...&error_description=...`).
 * null when there is nothing to say.
 */
export function authRedirectToast(params: AuthRedirectParams): ToastInput | null {
  const { success, error, errorCode, errorDescription } = params;
  if (error !== null || errorCode !== null || errorDescription !== null) {
    // An e-mailed link opened while its address was over the limit, or while the journal was down.
    if (errorCode === 'rate_limited') {
      return {
        title: 'Too many attempts',
        description: errorDescription || 'Please wait a minute and open the link again.',
        variant: 'destructive',
      };
    }
    if (errorCode === 'temporarily_unavailable') {
      return {
        title: 'Link not opened',
        description: errorDescription || 'Please try again in a few minutes.',
        variant: 'destructive',
      };
    }
    if (error === 'access_denied' && errorCode === 'otp_expired') {
      return {
        title: 'Reset link expired',
        description: errorDescription || 'The link has expired. Please request a new one.',
        variant: 'destructive',
      };
    }
    if (error === 'access_denied' && errorDescription?.toLowerCase().includes('expired')) {
      return {
        title: 'Email link expired',
        description: errorDescription || 'The link has expired. Please request a new one.',
        variant: 'destructive',
      };
    }
    return {
      title: 'Confirmation failed',
      description: errorDescription || 'There was an error confirming your email.',
      variant: 'destructive',
    };
  }
  if (success === 'email_confirmed') return toasts.emailConfirmed;
  if (success !== null) return AUTHENTICATION_ERROR_TOAST;
  return null;
}
