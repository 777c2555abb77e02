import { AppException } from '../http/app.exception.js';
import { ErrorCode } from '../http/error-code.js';

/** "about 40 seconds", "about 12 minutes": the wait as people read it. */
function waitOf(seconds: number): string {
  if (seconds < 90) return `about ${seconds} second${seconds === 1 ? '' : 's'}`;
  return `about ${Math.ceil(seconds / 60)} minutes`;
}

/**
 * A 429 that knows when the caller may try again: `Retry-After`, added by the guard or by the
 * exception filter when a service refuses. `reason` (a per-user limit's) is followed by the wait.
 */
export class RateLimitedException extends AppException {
  constructor(
    readonly retryAfterSeconds: number,
    reason?: string,
  ) {
    super(429, ErrorCode.RateLimited, reason ? `${reason} Please try again in ${waitOf(retryAfterSeconds)}.` : 'Too many attempts. Please wait a minute and try again.');
  }
}
