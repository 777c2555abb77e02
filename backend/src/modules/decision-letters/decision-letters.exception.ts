import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The decision letter's cases. */
const DECISION_LETTERS_ERRORS = {
  /** A decision letter quotes only what the editors could share: a submitted review of the round being decided. */
  reviewNotShareable: {
    status: 400,
    code: ErrorCode.ValidationFailed,
    message: "A shared review must be a submitted review of the paper's current round",
  },
} as const satisfies Record<string, ErrorCase>;

export type DecisionLettersError = keyof typeof DECISION_LETTERS_ERRORS;

export class DecisionLettersException extends AppException {
  constructor(
    readonly error: DecisionLettersError,
    message?: string,
  ) {
    super(DECISION_LETTERS_ERRORS[error], message);
  }
}
