import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The auth module's codes (docs/api.md): its part of the one `ErrorCode` enum. */
export const AuthErrorCode = {
  AccountExists: ErrorCode.AuthAccountExists,
  InvalidCredentials: ErrorCode.AuthInvalidCredentials,
  EmailNotConfirmed: ErrorCode.AuthEmailNotConfirmed,
  RefreshInvalid: ErrorCode.AuthRefreshInvalid,
  ResetExpired: ErrorCode.AuthResetExpired,
  ResetInvalid: ErrorCode.AuthResetInvalid,
  WeakPassword: ErrorCode.AuthWeakPassword,
} as const;

export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

/** Each code's status and message, mapped once. */
const AUTH_ERRORS: { [Code in AuthErrorCode]: ErrorCase & { code: Code } } = {
  [ErrorCode.AuthAccountExists]: { status: 409, code: ErrorCode.AuthAccountExists, message: 'User already registered' },
  [ErrorCode.AuthInvalidCredentials]: { status: 401, code: ErrorCode.AuthInvalidCredentials, message: 'Invalid login credentials' },
  [ErrorCode.AuthEmailNotConfirmed]: { status: 403, code: ErrorCode.AuthEmailNotConfirmed, message: 'Email not confirmed' },
  [ErrorCode.AuthRefreshInvalid]: {
    status: 401,
    code: ErrorCode.AuthRefreshInvalid,
    message: 'Your session has expired. Please sign in again.',
  },
  [ErrorCode.AuthResetExpired]: {
    status: 400,
    code: ErrorCode.AuthResetExpired,
    message: 'Your password reset session has expired. Please request a new reset link.',
  },
  [ErrorCode.AuthResetInvalid]: {
    status: 400,
    code: ErrorCode.AuthResetInvalid,
    message: 'This password reset link is invalid or has already been used.',
  },
  [ErrorCode.AuthWeakPassword]: { status: 400, code: ErrorCode.AuthWeakPassword, message: 'Password should be at least 6 characters.' },
};

export class AuthException extends AppException {
  constructor(errorCode: AuthErrorCode) {
    super(AUTH_ERRORS[errorCode]);
  }

  is(code: AuthErrorCode): boolean {
    return this.code === code;
  }
}
