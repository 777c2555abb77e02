/**
 * Every stable error code the API answers with, in one enum. It is published in the OpenAPI
 * document (`ErrorResponseDto`), so the web app's generated types carry it and its toast table
 * fails the type-check until a new code has a message. Modules map their cases to these codes
 * once, in their `x.exception.ts`.
 */
export enum ErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  CsrfRejected = 'CSRF_REJECTED',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited = 'RATE_LIMITED',
  PaymentRequired = 'PAYMENT_REQUIRED',
  PaymentAlreadyPaid = 'PAYMENT_ALREADY_PAID',
  PaymentProviderUnavailable = 'PAYMENT_PROVIDER_UNAVAILABLE',
  WebhookSignatureInvalid = 'WEBHOOK_SIGNATURE_INVALID',
  InvalidFileType = 'INVALID_FILE_TYPE',
  FileTooLarge = 'FILE_TOO_LARGE',
  StorageUnavailable = 'STORAGE_UNAVAILABLE',
  AuthAccountExists = 'AUTH_ACCOUNT_EXISTS',
  AuthInvalidCredentials = 'AUTH_INVALID_CREDENTIALS',
  AuthEmailNotConfirmed = 'AUTH_EMAIL_NOT_CONFIRMED',
  AuthRefreshInvalid = 'AUTH_REFRESH_INVALID',
  AuthResetExpired = 'AUTH_RESET_EXPIRED',
  AuthResetInvalid = 'AUTH_RESET_INVALID',
  AuthWeakPassword = 'AUTH_WEAK_PASSWORD',
  UserNotFound = 'USER_NOT_FOUND',
  InvitationPendingExists = 'INVITATION_PENDING_EXISTS',
  InvitationNotFound = 'INVITATION_NOT_FOUND',
  InvitationAccountExists = 'INVITATION_ACCOUNT_EXISTS',
  InvitationOtherAccount = 'INVITATION_OTHER_ACCOUNT',
  ReviewAlreadyAssigned = 'REVIEW_ALREADY_ASSIGNED',
  ReviewReviewerAlreadyOnPaper = 'REVIEW_REVIEWER_ALREADY_ON_PAPER',
  ReviewPaperNotAssignable = 'REVIEW_PAPER_NOT_ASSIGNABLE',
  ReviewReviewerNotAssignable = 'REVIEW_REVIEWER_NOT_ASSIGNABLE',
  ReviewSubmitted = 'REVIEW_SUBMITTED',
  ReviewIncomplete = 'REVIEW_INCOMPLETE',
  ReviewDeclined = 'REVIEW_DECLINED',
  RevisionNeedsReview = 'REVISION_NEEDS_REVIEW',
  RevisionAlreadyRequested = 'REVISION_ALREADY_REQUESTED',
  RevisionNotRequested = 'REVISION_NOT_REQUESTED',
  ReviewNotSubmitted = 'REVIEW_NOT_SUBMITTED',
  VersionRevisionRequested = 'VERSION_REVISION_REQUESTED',
  VersionInReview = 'VERSION_IN_REVIEW',
  ReviewReminderTooSoon = 'REVIEW_REMINDER_TOO_SOON',
  MessageRecipientNotReviewer = 'MESSAGE_RECIPIENT_NOT_REVIEWER',
  MessageNoEditors = 'MESSAGE_NO_EDITORS',
  AttachmentQuotaExceeded = 'ATTACHMENT_QUOTA_EXCEEDED',
  InternalError = 'INTERNAL_ERROR',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
}

const ERROR_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODES.has(value);
}

export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
}

/** How a module states each of its cases once: the code, the HTTP status and the message for people. */
export interface ErrorCase {
  status: number;
  code: ErrorCode;
  message: string;
}
