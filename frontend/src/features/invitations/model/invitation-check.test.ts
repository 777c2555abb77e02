import { invitationCheck } from './invitation-check';

const answered = (body: unknown) => invitationCheck('token', { status: 'answered', body });
const invalid = { state: 'error', message: 'Invalid response from verification service' };

describe('invitationCheck', () => {
  it('takes only the shape the API promises: a non-empty e-mail and whether an account exists', () => {
    expect(answered({ email: 'a@example.org', accountExists: false })).toEqual({ state: 'valid', email: 'a@example.org', accountExists: false });
    expect(answered({ email: 'a@example.org', accountExists: true })).toEqual({ state: 'valid', email: 'a@example.org', accountExists: true });
    expect(answered({ email: 'a@example.org', accountExists: 'no' })).toEqual(invalid);
    expect(answered({ email: 'a@example.org' })).toEqual(invalid);
    expect(answered({ email: '', accountExists: false })).toEqual(invalid);
    expect(answered({ email: 42, accountExists: false })).toEqual(invalid);
    expect(answered(null)).toEqual(invalid);
    expect(answered('ok')).toEqual(invalid);
  });

  it('is an error without a token, whatever else is known', () => {
    expect(invitationCheck('', { status: 'pending' })).toEqual({ state: 'error', message: 'No invitation token provided' });
    expect(invitationCheck(null, { status: 'answered', body: { email: 'a@example.org', accountExists: false } })).toEqual({
      state: 'error',
      message: 'No invitation token provided',
    });
  });

  it('says the server’s words, or the spec’s fallback when there are none to show', () => {
    const failed = (code: 'RATE_LIMITED' | 'INTERNAL_ERROR' | 'NETWORK_ERROR' | 'INVITATION_NOT_FOUND', message: string) =>
      invitationCheck('token', { status: 'failed', error: { status: 500, code, message } });
    expect(failed('RATE_LIMITED', 'Slow down.')).toEqual({ state: 'error', message: 'Slow down.' });
    expect(failed('RATE_LIMITED', '')).toEqual({ state: 'error', message: 'Failed to verify invitation. Please try again.' });
    expect(failed('INTERNAL_ERROR', 'boom')).toEqual({ state: 'error', message: 'Failed to verify invitation. Please try again.' });
    expect(failed('NETWORK_ERROR', 'Could not reach the server.')).toEqual({ state: 'error', message: 'Failed to verify invitation. Please try again.' });
    expect(failed('INVITATION_NOT_FOUND', 'No valid invitation found')).toEqual({ state: 'not-found' });
  });
});
