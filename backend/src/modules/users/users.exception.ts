import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The users module's codes: its part of the one `ErrorCode` enum. */
export const UsersErrorCode = {
  UserNotFound: ErrorCode.UserNotFound,
} as const;

export type UsersErrorCode = (typeof UsersErrorCode)[keyof typeof UsersErrorCode];

const USERS_ERRORS: { [Code in UsersErrorCode]: ErrorCase & { code: Code } } = {
  [ErrorCode.UserNotFound]: { status: 404, code: ErrorCode.UserNotFound, message: 'No account exists for this e-mail address.' },
};

export class UsersException extends AppException {
  constructor(errorCode: UsersErrorCode, message?: string) {
    super(USERS_ERRORS[errorCode], message);
  }

  is(code: UsersErrorCode): boolean {
    return this.code === code;
  }
}
