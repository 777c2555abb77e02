import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The payments module's cases, each mapped once to its code, status and message. */
const PAYMENTS_ERRORS = {
  /** A submission without an unused paid fee (the spec's toast text). */
  paymentRequired: {
    status: 402,
    code: ErrorCode.PaymentRequired,
    message: 'Please complete the $100 submission fee before submitting your paper.',
  },
  alreadyPaid: {
    status: 409,
    code: ErrorCode.PaymentAlreadyPaid,
    message: 'You have already paid the submission fee. You can submit your paper now.',
  },
  providerUnavailable: {
    status: 503,
    code: ErrorCode.PaymentProviderUnavailable,
    message: 'The payment provider cannot be reached. Please try again in a moment.',
  },
  webhookSignatureInvalid: { status: 400, code: ErrorCode.WebhookSignatureInvalid, message: 'Webhook signature verification failed' },
  /** Unknown, someone else's, or not available with this provider: one answer that reveals nothing. */
  paymentNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Not found' },
} as const satisfies Record<string, ErrorCase>;

export type PaymentsError = keyof typeof PAYMENTS_ERRORS;

export class PaymentsException extends AppException {
  constructor(readonly error: PaymentsError) {
    super(PAYMENTS_ERRORS[error]);
  }
}

export class PaymentRequiredException extends PaymentsException {
  constructor() {
    super('paymentRequired');
  }
}

export class PaymentAlreadyPaidException extends PaymentsException {
  constructor() {
    super('alreadyPaid');
  }
}

export class PaymentProviderUnavailableException extends PaymentsException {
  constructor() {
    super('providerUnavailable');
  }
}

export class WebhookSignatureInvalidException extends PaymentsException {
  constructor() {
    super('webhookSignatureInvalid');
  }
}

export class PaymentNotFoundException extends PaymentsException {
  constructor() {
    super('paymentNotFound');
  }
}
