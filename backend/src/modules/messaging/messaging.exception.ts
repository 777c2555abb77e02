import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';
import { formatByteLimit } from '../storage/upload/upload-policy.js';

/** The messaging module's cases, each mapped once to its code, status and message (the spec's words where it has them). */
const MESSAGING_ERRORS = {
  /** Unknown, or not the caller's to see: one answer. */
  notFound: { status: 404, code: ErrorCode.NotFound, message: 'Message not found' },
  attachmentNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Attachment not found' },
  recipientNotReviewer: {
    status: 409,
    code: ErrorCode.MessageRecipientNotReviewer,
    message: 'Messages go to active reviewers only: an accepted invitation and the reviewer role.',
  },
  /** The spec's words, with the journal's contact address; see `noEditors`. */
  noEditors: { status: 409, code: ErrorCode.MessageNoEditors, message: 'No admin users found. Please contact support.' },
  /** The sender's stored images and the new ones over ATTACHMENT_QUOTA_MB_PER_USER; see `quotaExceeded`. */
  quotaExceeded: { status: 413, code: ErrorCode.AttachmentQuotaExceeded, message: 'Your message images would exceed your storage allowance.' },
} as const satisfies Record<string, ErrorCase>;

export type MessagingError = keyof typeof MESSAGING_ERRORS;

export class MessagingException extends AppException {
  constructor(
    readonly error: MessagingError,
    message?: string,
  ) {
    super(MESSAGING_ERRORS[error], message);
  }

  /** 'No admin users found. Please contact support at {email}' (spec section 8). */
  static noEditors(contactEmail: string): MessagingException {
    return new MessagingException('noEditors', `No admin users found. Please contact support at ${contactEmail}`);
  }

  /** Names the allowance and what is used of it, so the sender knows whether smaller images would do. */
  static quotaExceeded(quotaBytes: number, usedBytes: number): MessagingException {
    const used = `${(usedBytes / (1024 * 1024)).toFixed(1)}MB`;
    return new MessagingException(
      'quotaExceeded',
      `Your message images may take ${formatByteLimit(quotaBytes)} of storage in all and ${used} is used: send fewer or smaller images, or none.`,
    );
  }
}
