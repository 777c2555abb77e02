import { AppException } from '../../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../../common/http/error-code.js';
import { formatByteLimit, type UploadPolicy } from './upload-policy.js';

/** The upload pipeline's cases; the messages name the policy's limits and part. */
const UPLOAD_ERRORS = {
  invalidFileType: { status: 415, code: ErrorCode.InvalidFileType, message: 'The file is not of an accepted type.' },
  fileTooLarge: { status: 413, code: ErrorCode.FileTooLarge, message: 'The file is too large.' },
  notMultipart: { status: 415, code: ErrorCode.UnsupportedMediaType, message: 'Send the form as multipart/form-data.' },
  /** The form is wrong in shape: a missing or extra file, an unknown part, a field too long or repeated. */
  uploadRefused: { status: 400, code: ErrorCode.ValidationFailed, message: 'The form is not as expected.' },
} as const satisfies Record<string, ErrorCase>;

export type UploadError = keyof typeof UPLOAD_ERRORS;

export class UploadException extends AppException {
  constructor(
    readonly error: UploadError,
    message?: string,
  ) {
    super(UPLOAD_ERRORS[error], message);
  }
}

export class InvalidFileTypeException extends UploadException {
  constructor(policy: UploadPolicy) {
    super('invalidFileType', policy.messages.wrongType);
  }
}

export class FileTooLargeException extends UploadException {
  constructor(policy: UploadPolicy) {
    super('fileTooLarge', `Please upload a file smaller than ${formatByteLimit(policy.maxBytes)}.`);
  }
}

export class NotMultipartException extends UploadException {
  constructor(policy: UploadPolicy) {
    super('notMultipart', `Send the form as multipart/form-data, with ${policy.noun} in the file part '${policy.field}'.`);
  }
}

export class UploadRefusedException extends UploadException {
  constructor(message: string) {
    super('uploadRefused', message);
  }
}
