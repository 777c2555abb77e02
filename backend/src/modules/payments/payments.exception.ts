import { AppException } from '../../common/http/app.exception.js';
import { ErrorCode } from '../../common/http/error-code.js';

/** A submission without an unused paid fee (the spec's toast text). */
export class PaymentRequiredException extends AppException {
  constructor() {
    super(402, ErrorCode.PaymentRequired, 'Please complete the $100 submission fee before submitting your paper.');
  }
}

export class PaymentAlreadyPaidException extends AppException {
  constructor() {
    super(409, ErrorCode.PaymentAlreadyPaid, 'You have already paid the submission fee. You can submit your paper now.');
  }
}

export class PaymentProviderUnavailableException extends AppException {
  constructor() {
    super(503, ErrorCode.PaymentProviderUnavailable, 'The payment provider cannot be reached. Please try again in a moment.');
  }
}

export class WebhookSignatureInvalidException extends AppException {
  constructor() {
    super(400, ErrorCode.WebhookSignatureInvalid, 'Webhook signature verification failed');
  }
}

/** Unknown, someone else's, or not available with this provider: one answer that reveals nothing. */
export class PaymentNotFoundException extends AppException {
  constructor() {
    super(404, ErrorCode.NotFound, 'Not found');
  }
}
