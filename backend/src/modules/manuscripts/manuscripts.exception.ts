import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/**
 * The manuscripts' cases, each mapped once to its code, status and message. A paper the caller may
 * not see is the catalogue's PaperNotFoundException, the one answer for it everywhere.
 */
const MANUSCRIPTS_ERRORS = {
  /** Visible to the caller, but the action is for the owner (or an admin) only. */
  paperForbidden: { status: 403, code: ErrorCode.Forbidden, message: 'You do not have permission to do this' },
  commentNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Comment not found' },
  versionNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Version not found' },
  /** Only a pending version can be approved; one passed over by a newer version stays as it is. */
  versionNotPending: { status: 409, code: ErrorCode.Conflict, message: 'This version is not waiting for approval' },
  /** While the editors' revision request is open, a new PDF is the revision's, which opens the next round. */
  versionRevisionRequested: {
    status: 409,
    code: ErrorCode.VersionRevisionRequested,
    message: 'The editors have asked for revisions: send your revised paper with the "Submit Your Revision" form, which opens the next round of review.',
  },
  /** The reviewer reads the version the round names; it may not change under them. */
  versionInReview: {
    status: 409,
    code: ErrorCode.VersionInReview,
    message: 'Your paper is being reviewed; you can upload a new version once the review is in or the editors ask for revisions.',
  },
} as const satisfies Record<string, ErrorCase>;

export type ManuscriptsError = keyof typeof MANUSCRIPTS_ERRORS;

export class ManuscriptsException extends AppException {
  constructor(
    readonly error: ManuscriptsError,
    message?: string,
  ) {
    super(MANUSCRIPTS_ERRORS[error], message);
  }
}

export class PaperForbiddenException extends ManuscriptsException {
  constructor(message?: string) {
    super('paperForbidden', message);
  }
}

export class CommentNotFoundException extends ManuscriptsException {
  constructor() {
    super('commentNotFound');
  }
}

export class VersionNotFoundException extends ManuscriptsException {
  constructor() {
    super('versionNotFound');
  }
}

export class VersionNotPendingException extends ManuscriptsException {
  constructor(version: number) {
    super('versionNotPending', `Version ${version} is not waiting for approval`);
  }
}

export class VersionUploadClosedException extends ManuscriptsException {
  constructor(reason: 'versionRevisionRequested' | 'versionInReview') {
    super(reason);
  }
}
