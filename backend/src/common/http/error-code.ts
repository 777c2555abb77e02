/** Stable error codes of the API; the web app maps them to the spec's toasts (docs/api.md). */
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
  InternalError = 'INTERNAL_ERROR',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
}

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
}
