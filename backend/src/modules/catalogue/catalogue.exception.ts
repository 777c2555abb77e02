import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The catalogue's cases, each mapped once to its code, status and message. */
const CATALOGUE_ERRORS = {
  /** No such paper, or one the caller may not see: the same answer, so existence is not revealed. */
  paperNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Paper not found' },
  invalidCursor: { status: 400, code: ErrorCode.ValidationFailed, message: 'cursor is not a cursor of this API' },
} as const satisfies Record<string, ErrorCase>;

export type CatalogueError = keyof typeof CATALOGUE_ERRORS;

export class CatalogueException extends AppException {
  constructor(readonly error: CatalogueError) {
    super(CATALOGUE_ERRORS[error]);
  }
}

/** Also the manuscripts' and the review's answer for a paper the caller may not see. */
export class PaperNotFoundException extends CatalogueException {
  constructor() {
    super('paperNotFound');
  }
}

export class InvalidCursorException extends CatalogueException {
  constructor() {
    super('invalidCursor');
  }
}
