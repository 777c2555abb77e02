import { MAX_PDF_SIZE } from '@/shared/config/upload-limits';
import { type ToastInput } from '@/shared/ui/toast';
import { type ApiError, type ApiErrorCode } from './api-error';

/**
 * What the web app says for each error code (spec section 8), in one table:
 * - `toast`: the spec's toast for this code, whatever the action;
 * - `title`: a title of its own over the API's message (`orElse` when there is none);
 * - `description`: a fixed text of the spec under the action's title;
 * - `server`: the API's message is written for people, shown under the action's title;
 * - `fallback`: nothing worth showing, the action's own fallback toast.
 * Keyed by the generated `ErrorCode`, so a code added to the API fails the type-check here
 * until it has an entry.
 */
type ErrorPresentation =
  | { toast: ToastInput }
  | { title: string; orElse: string }
  | { description: string }
  | 'server'
  | 'fallback';

/** 'Authentication Error': a sign-in that came back broken, by e-mail link or by ORCID. */
export const AUTHENTICATION_ERROR_TOAST: ToastInput = {
  title: 'Authentication Error',
  description: 'Failed to complete authentication. Please try again.',
  variant: 'destructive',
};

export const STORAGE_MISSING = 'Storage bucket not found. Please contact administrator.';

/** The spec's words for its 10MB limit, said the same way for the limit this build checks. */
const FILE_TOO_LARGE_TEXT = 'Please upload a file smaller than 10MB.'.replace('10MB', MAX_PDF_SIZE);

/** The spec's toast of a code (title / description), the same whatever the action; the file
 * checks in the browser show the file codes' toasts before the API would answer them. */
export const codeToasts = {
  PAYMENT_REQUIRED: {
    title: 'Payment Required',
    description: 'Please complete the $100 submission fee before submitting your paper.',
    variant: 'destructive',
  },
  // A checkout refused because the fee was paid already (in another tab, say).
  PAYMENT_ALREADY_PAID: { title: 'Payment Successful!', description: 'You can now submit your paper for review.' },
  INVALID_FILE_TYPE: { title: 'Invalid File Type', description: 'Please upload a PDF file only.', variant: 'destructive' },
  FILE_TOO_LARGE: { title: 'File Too Large', description: FILE_TOO_LARGE_TEXT, variant: 'destructive' },
  AUTH_INVALID_CREDENTIALS: {
    title: 'Invalid credentials',
    description: 'Please check your email and password and try again.',
    variant: 'destructive',
  },
  AUTH_EMAIL_NOT_CONFIRMED: {
    title: 'Email not confirmed',
    description: 'Please check your email and click the confirmation link before signing in.',
    variant: 'destructive',
  },
  AUTH_RESET_EXPIRED: {
    title: 'Session expired',
    description: 'Your password reset session has expired. Please request a new reset link.',
    variant: 'destructive',
  },
} as const satisfies Partial<Record<ApiErrorCode, ToastInput>>;

export const errorPresentations: Record<ApiErrorCode, ErrorPresentation> = {
  VALIDATION_FAILED: 'server',
  UNAUTHENTICATED: 'server',
  FORBIDDEN: 'server',
  CSRF_REJECTED: 'server',
  NOT_FOUND: 'server',
  CONFLICT: 'server',
  PAYLOAD_TOO_LARGE: 'server',
  UNSUPPORTED_MEDIA_TYPE: 'server',
  RATE_LIMITED: 'server',
  PAYMENT_REQUIRED: { toast: codeToasts.PAYMENT_REQUIRED },
  PAYMENT_ALREADY_PAID: { toast: codeToasts.PAYMENT_ALREADY_PAID },
  PAYMENT_PROVIDER_UNAVAILABLE: 'server',
  WEBHOOK_SIGNATURE_INVALID: 'server',
  // The API's message is the spec's description; the form's own check shows codeToasts' toast.
  INVALID_FILE_TYPE: 'server',
  FILE_TOO_LARGE: 'server',
  // The API names the fault in the driver's words; a missing bucket's are the spec's (STORAGE_MISSING).
  STORAGE_UNAVAILABLE: 'server',
  AUTH_ACCOUNT_EXISTS: { title: 'Account exists', orElse: 'An account with this email already exists. Please sign in instead.' },
  AUTH_INVALID_CREDENTIALS: { toast: codeToasts.AUTH_INVALID_CREDENTIALS },
  AUTH_EMAIL_NOT_CONFIRMED: { toast: codeToasts.AUTH_EMAIL_NOT_CONFIRMED },
  AUTH_REFRESH_INVALID: 'server',
  AUTH_RESET_EXPIRED: { toast: codeToasts.AUTH_RESET_EXPIRED },
  AUTH_RESET_INVALID: 'server',
  AUTH_WEAK_PASSWORD: 'server',
  USER_NOT_FOUND: 'server',
  // The API's messages are the spec's ('A pending invitation already exists for {email}.', 'No valid invitation found').
  INVITATION_PENDING_EXISTS: 'server',
  INVITATION_NOT_FOUND: 'server',
  INVITATION_ACCOUNT_EXISTS: 'server',
  INVITATION_OTHER_ACCOUNT: 'server',
  // The peer review API's messages are written for people (docs/api.md, Peer review).
  REVIEW_ALREADY_ASSIGNED: 'server',
  REVIEW_REVIEWER_ALREADY_ON_PAPER: 'server',
  REVIEW_PAPER_NOT_ASSIGNABLE: 'server',
  REVIEW_REVIEWER_NOT_ASSIGNABLE: 'server',
  REVIEW_SUBMITTED: 'server',
  REVIEW_INCOMPLETE: 'server',
  REVIEW_DECLINED: 'server',
  REVISION_NEEDS_REVIEW: 'server',
  REVISION_ALREADY_REQUESTED: 'server',
  REVISION_NOT_REQUESTED: 'server',
  REVIEW_NOT_SUBMITTED: 'server',
  // Say why a new version cannot be uploaded now, and when it can.
  VERSION_REVISION_REQUESTED: 'server',
  VERSION_IN_REVIEW: 'server',
  // Says when the next reminder may be sent.
  REVIEW_REMINDER_TOO_SOON: 'server',
  // The messaging API's messages are the spec's ('No admin users found. Please contact support at {email}').
  MESSAGE_RECIPIENT_NOT_REVIEWER: 'server',
  MESSAGE_NO_EDITORS: 'server',
  ATTACHMENT_QUOTA_EXCEEDED: 'server',
  INTERNAL_ERROR: 'fallback',
  SERVICE_UNAVAILABLE: 'fallback',
  UNKNOWN: 'fallback',
  NETWORK_ERROR: 'fallback',
  PARSING_ERROR: 'fallback',
};

/**
 * The toast for an action that failed: `title` heads the API's message (or the table's text);
 * `fallback` when the answer has nothing to show.
 */
export function errorToast(error: ApiError, action: { title: string; fallback: ToastInput }): ToastInput {
  // A code newer than this web app is still the API's word, written for people.
  const presentation = (errorPresentations[error.code] as ErrorPresentation | undefined) ?? 'server';
  if (presentation === 'fallback' || (presentation === 'server' && !error.message)) return action.fallback;
  if (presentation === 'server') return { title: action.title, description: error.message, variant: 'destructive' };
  if ('toast' in presentation) return presentation.toast;
  if ('title' in presentation) return { title: presentation.title, description: error.message || presentation.orElse, variant: 'destructive' };
  return { title: action.title, description: presentation.description, variant: 'destructive' };
}
