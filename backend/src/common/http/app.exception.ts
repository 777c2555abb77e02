import { HttpException } from '@nestjs/common';
import { type ErrorCase, type ErrorCode } from './error-code.js';

/**
 * An error with a stable `code` (one of `ErrorCode`) and a message fit for people. Modules state
 * their cases once, as a table of `ErrorCase`s in their `x.exception.ts`, and throw from it; the
 * exception filter turns this into the one error shape `{ statusCode, code, message }`.
 */
export class AppException extends HttpException {
  readonly code: ErrorCode;
  /**
   * What the operator needs and the client must not see (a path, a bucket, a driver's error):
   * when set, the exception filter logs it as an error whatever the status, so a 503 that means
   * an outage is not lost among the expected ones.
   */
  operatorDetail?: Record<string, unknown>;

  /** A case of a module's table; `message` replaces the table's where the case needs a detail. */
  constructor(errorCase: ErrorCase, message?: string);
  constructor(statusCode: number, code: ErrorCode, message: string);
  constructor(first: ErrorCase | number, second?: ErrorCode | string, third?: string) {
    const { status, code, message } =
      typeof first === 'number'
        ? { status: first, code: second as ErrorCode, message: third ?? '' }
        : { ...first, message: second ?? first.message };
    super({ statusCode: status, code, message }, status);
    this.code = code;
  }
}
