import { HttpException } from '@nestjs/common';

/**
 * An error with a stable `code` and a message fit for people. Modules define their own code
 * enums (e.g. `AuthErrorCode`) and throw this; the exception filter turns it into the one
 * error shape `{ statusCode, code, message }`.
 */
export class AppException extends HttpException {
  constructor(
    statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super({ statusCode, code, message }, statusCode);
  }
}
