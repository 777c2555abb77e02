import { AppException } from '../../common/http/app.exception.js';
import { ErrorCode } from '../../common/http/error-code.js';

/** No such paper, or one the caller may not see: the same answer, so existence is not revealed. */
export class PaperNotFoundException extends AppException {
  constructor() {
    super(404, ErrorCode.NotFound, 'Paper not found');
  }
}

export class InvalidCursorException extends AppException {
  constructor() {
    super(400, ErrorCode.ValidationFailed, 'cursor is not a cursor of this API');
  }
}
