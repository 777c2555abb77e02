import { type ApiError, UNEXPECTED_ERROR_MESSAGE } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

// The spec's Authentication toasts, mapped once from the API's stable error codes.

export const GENERIC_ERROR_TOAST: ToastInput = {
  title: 'Error',
  description: UNEXPECTED_ERROR_MESSAGE,
  variant: 'destructive',
};

export const AUTHENTICATION_ERROR_TOAST: ToastInput = {
  title: 'Authentication Error',
  description: 'Failed to complete authentication. Please try again.',
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
  resetSessionExpired: {
    title: 'Session expired',
    description: 'Your password reset session has expired. Please request a new reset link.',
    variant: 'destructive',
  },
  emailConfirmed: { title: 'Email confirmed!', description: 'Your email has been confirmed. Welcome!' },
  signedOut: { title: 'Signed out', description: 'You have been signed out successfully.' },
  signedOutLocally: { title: 'Signed out', description: 'You have been signed out.' },
} satisfies Record<string, ToastInput>;

export const MIN_PASSWORD_LENGTH = 6;

/** A request that got no answer from the API (network, unexpected) is not the server's word. */
function hasServerAnswer(error: ApiError): boolean {
  return error.status !== null && error.code !== 'UNKNOWN' && error.code !== 'PARSING_ERROR';
}

export function signInErrorToast(error: ApiError): ToastInput {
  switch (error.code) {
    case 'AUTH_EMAIL_NOT_CONFIRMED':
      return {
        title: 'Email not confirmed',
        description: 'Please check your email and click the confirmation link before signing in.',
        variant: 'destructive',
      };
    case 'AUTH_INVALID_CREDENTIALS':
      return {
        title: 'Invalid credentials',
        description: 'Please check your email and password and try again.',
        variant: 'destructive',
      };
    default:
      if (!hasServerAnswer(error)) return GENERIC_ERROR_TOAST;
      return { title: 'Sign in failed', description: error.message, variant: 'destructive' };
  }
}

export function signUpErrorToast(error: ApiError): ToastInput {
  if (error.code === 'AUTH_ACCOUNT_EXISTS') {
    return {
      title: 'Account exists',
      description: error.message || 'An account with this email already exists. Please sign in instead.',
      variant: 'destructive',
    };
  }
  if (!hasServerAnswer(error)) return GENERIC_ERROR_TOAST;
  return { title: 'Sign up failed', description: error.message, variant: 'destructive' };
}

export function forgotPasswordErrorToast(error: ApiError): ToastInput {
  if (!hasServerAnswer(error)) return GENERIC_ERROR_TOAST;
  return { title: 'Reset failed', description: error.message, variant: 'destructive' };
}

export function resetPasswordErrorToast(error: ApiError): ToastInput {
  if (error.code === 'AUTH_RESET_EXPIRED') return toasts.resetSessionExpired;
  if (!hasServerAnswer(error)) return GENERIC_ERROR_TOAST;
  return { title: 'Update failed', description: error.message, variant: 'destructive' };
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
