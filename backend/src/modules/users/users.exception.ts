import { AppException } from '../../common/http/app.exception.js';

export enum UsersErrorCode {
  UserNotFound = 'USER_NOT_FOUND',
}

const USERS_ERRORS: Record<UsersErrorCode, { status: number; message: string }> = {
  [UsersErrorCode.UserNotFound]: { status: 404, message: 'No account exists for this e-mail address.' },
};

export class UsersException extends AppException {
  constructor(errorCode: UsersErrorCode, message?: string) {
    const { status, message: defaultMessage } = USERS_ERRORS[errorCode];
    super(status, errorCode, message ?? defaultMessage);
  }

  is(code: UsersErrorCode): boolean {
    return this.code === (code as string);
  }
}
