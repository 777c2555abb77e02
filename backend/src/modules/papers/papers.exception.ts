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

/** Visible to the caller, but the action is for the owner (or an admin) only. */
export class PaperForbiddenException extends AppException {
  constructor(message = 'You do not have permission to do this') {
    super(403, ErrorCode.Forbidden, message);
  }
}

export class CommentNotFoundException extends AppException {
  constructor() {
    super(404, ErrorCode.NotFound, 'Comment not found');
  }
}

export class InvalidFileTypeException extends AppException {
  constructor() {
    super(415, ErrorCode.InvalidFileType, 'Please upload a PDF file only.');
  }
}

export class FileTooLargeException extends AppException {
  constructor() {
    super(413, ErrorCode.FileTooLarge, 'Please upload a file smaller than 10MB.');
  }
}

export class NotMultipartException extends AppException {
  constructor() {
    super(415, ErrorCode.UnsupportedMediaType, "Send the form as multipart/form-data, with the PDF in the file part 'pdf'.");
  }
}

export class UploadRefusedException extends AppException {
  constructor(message: string) {
    super(400, ErrorCode.ValidationFailed, message);
  }
}
