import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The papers module's cases, each mapped once to its code, status and message. */
const PAPERS_ERRORS = {
  /** No such paper, or one the caller may not see: the same answer, so existence is not revealed. */
  paperNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Paper not found' },
  invalidCursor: { status: 400, code: ErrorCode.ValidationFailed, message: 'cursor is not a cursor of this API' },
  /** Visible to the caller, but the action is for the owner (or an admin) only. */
  paperForbidden: { status: 403, code: ErrorCode.Forbidden, message: 'You do not have permission to do this' },
  commentNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Comment not found' },
  versionNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Version not found' },
  /** Only a pending version can be approved; one passed over by a newer version stays as it is. */
  versionNotPending: { status: 409, code: ErrorCode.Conflict, message: 'This version is not waiting for approval' },
  /** A DOI names a published paper: Crossref is told of it once it is out. */
  depositNotPublished: { status: 409, code: ErrorCode.Conflict, message: 'Only a published paper can be registered with Crossref' },
  depositWithoutPrefix: { status: 409, code: ErrorCode.Conflict, message: 'The journal has no Crossref DOI prefix: set CROSSREF_DOI_PREFIX to give papers DOIs' },
} as const satisfies Record<string, ErrorCase>;

export type PapersError = keyof typeof PAPERS_ERRORS;

export class PapersException extends AppException {
  constructor(
    readonly error: PapersError,
    message?: string,
  ) {
    super(PAPERS_ERRORS[error], message);
  }
}

export class PaperNotFoundException extends PapersException {
  constructor() {
    super('paperNotFound');
  }
}

export class InvalidCursorException extends PapersException {
  constructor() {
    super('invalidCursor');
  }
}

export class PaperForbiddenException extends PapersException {
  constructor(message?: string) {
    super('paperForbidden', message);
  }
}

export class CommentNotFoundException extends PapersException {
  constructor() {
    super('commentNotFound');
  }
}

export class VersionNotFoundException extends PapersException {
  constructor() {
    super('versionNotFound');
  }
}

export class VersionNotPendingException extends PapersException {
  constructor(version: number) {
    super('versionNotPending', `Version ${version} is not waiting for approval`);
  }
}

export class DepositUnavailableException extends PapersException {
  constructor(reason: 'depositNotPublished' | 'depositWithoutPrefix') {
    super(reason);
  }
}
