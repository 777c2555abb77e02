import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The DOIs' cases. */
const DOIS_ERRORS = {
  /** A DOI names a published paper: Crossref is told of it once it is out. */
  depositNotPublished: { status: 409, code: ErrorCode.Conflict, message: 'Only a published paper can be registered with Crossref' },
  depositWithoutPrefix: { status: 409, code: ErrorCode.Conflict, message: 'The journal has no Crossref DOI prefix: set CROSSREF_DOI_PREFIX to give papers DOIs' },
} as const satisfies Record<string, ErrorCase>;

export type DoisError = keyof typeof DOIS_ERRORS;

export class DoisException extends AppException {
  constructor(
    readonly error: DoisError,
    message?: string,
  ) {
    super(DOIS_ERRORS[error], message);
  }
}

export class DepositUnavailableException extends DoisException {
  constructor(reason: 'depositNotPublished' | 'depositWithoutPrefix') {
    super(reason);
  }
}
