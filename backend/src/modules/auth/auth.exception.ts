import { AppException } from '../../common/http/app.exception.js';

/** Stable codes of the auth module (docs/api.md); the web app maps them to the spec's toasts. */
export enum AuthErrorCode {
  AccountExists = 'AUTH_ACCOUNT_EXISTS',
  InvalidCredentials = 'AUTH_INVALID_CREDENTIALS',
  EmailNotConfirmed = 'AUTH_EMAIL_NOT_CONFIRMED',
  RefreshInvalid = 'AUTH_REFRESH_INVALID',
  ResetExpired = 'AUTH_RESET_EXPIRED',
  ResetInvalid = 'AUTH_RESET_INVALID',
  WeakPassword = 'AUTH_WEAK_PASSWORD',
}

/** Each code's status and message, mapped once. */
const AUTH_ERRORS: Record<AuthErrorCode, { status: number; message: string }> = {
  [AuthErrorCode.AccountExists]: { status: 409, message: 'User already registered' },
  [AuthErrorCode.InvalidCredentials]: { status: 401, message: 'Invalid login credentials' },
  [AuthErrorCode.EmailNotConfirmed]: { status: 403, message: 'Email not confirmed' },
  [AuthErrorCode.RefreshInvalid]: { status: 401, message: 'Your session has expired. Please sign in again.' },
  [AuthErrorCode.ResetExpired]: {
    status: 400,
    message: 'Your password reset session has expired. Please request a new reset link.',
  },
  [AuthErrorCode.ResetInvalid]: { status: 400, message: 'This password reset link is invalid or has already been used.' },
  [AuthErrorCode.WeakPassword]: { status: 400, message: 'Password should be at least 6 characters.' },
};

export class AuthException extends AppException {
  constructor(errorCode: AuthErrorCode) {
    const { status, message } = AUTH_ERRORS[errorCode];
    super(status, errorCode, message);
  }

  is(code: AuthErrorCode): boolean {
    return this.code === (code as string);
  }
}
