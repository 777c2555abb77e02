import { type ApiError, type ApiErrorCode } from './api-error';
import { codeToasts, errorToast, STORAGE_MISSING } from './error-messages';

const action = { title: 'Submission failed', fallback: { title: 'Submission failed', description: 'An error occurred.' } };
const failure = (code: ApiErrorCode, message = 'The server says why.', status: number | null = 400): ApiError => ({ status, code, message });

describe('errorToast (the one code → toast table)', () => {
  it("gives a code's own toast whatever the action", () => {
    expect(errorToast(failure('AUTH_RESET_EXPIRED'), action)).toBe(codeToasts.AUTH_RESET_EXPIRED);
    expect(errorToast(failure('PAYMENT_REQUIRED', 'x', 402), action)).toBe(codeToasts.PAYMENT_REQUIRED);
  });

  it("shows the API's message under the action's title", () => {
    expect(errorToast(failure('VALIDATION_FAILED', 'title must be at most 300 characters'), action)).toEqual({
      title: 'Submission failed',
      description: 'title must be at most 300 characters',
      variant: 'destructive',
    });
  });

  it('shows the storage fault the API names: the spec text for a missing bucket, the driver\'s words for the rest', () => {
    expect(errorToast(failure('STORAGE_UNAVAILABLE', STORAGE_MISSING, 503), action).description).toBe(STORAGE_MISSING);
    expect(errorToast(failure('STORAGE_UNAVAILABLE', 'Storage is full. Please contact administrator.', 503), action).description).toBe(
      'Storage is full. Please contact administrator.',
    );
  });

  it('gives a title of its own over the message, or its own text without one', () => {
    expect(errorToast(failure('AUTH_ACCOUNT_EXISTS', 'User already registered', 409), action)).toMatchObject({
      title: 'Account exists',
      description: 'User already registered',
    });
    expect(errorToast(failure('AUTH_ACCOUNT_EXISTS', '', 409), action).description).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
  });

  it("falls back to the action's toast when the answer has nothing to show", () => {
    expect(errorToast(failure('INTERNAL_ERROR', 'boom', 500), action)).toBe(action.fallback);
    expect(errorToast(failure('NETWORK_ERROR', 'offline', null), action)).toBe(action.fallback);
    expect(errorToast(failure('VALIDATION_FAILED', ''), action)).toBe(action.fallback);
  });

  it('shows the message of a code newer than this web app', () => {
    const newer = { status: 400, code: 'SOMETHING_NEW', message: 'Explained.' } as unknown as ApiError;
    expect(errorToast(newer, action).description).toBe('Explained.');
  });
});
