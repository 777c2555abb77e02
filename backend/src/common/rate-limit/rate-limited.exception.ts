import { AppException } from '../http/app.exception.js';
import { ErrorCode } from '../http/error-code.js';

/** A 429 that knows when the caller may try again (the guard turns it into `Retry-After`). */
export class RateLimitedException extends AppException {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ErrorCode.RateLimited, 'Too many attempts. Please wait a minute and try again.');
  }
}
