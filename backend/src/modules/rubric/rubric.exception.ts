import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The rubric's cases. A review's scores that do not meet the rubric keep the review's code: to a client it is the review that is incomplete. */
const RUBRIC_ERRORS = {
  incomplete: { status: 400, code: ErrorCode.ReviewIncomplete, message: 'Score every criterion of the rubric before submitting the review.' },
} as const satisfies Record<string, ErrorCase>;

export type RubricError = keyof typeof RUBRIC_ERRORS;

export class RubricException extends AppException {
  constructor(
    readonly error: RubricError,
    message?: string,
  ) {
    super(RUBRIC_ERRORS[error], message);
  }
}
