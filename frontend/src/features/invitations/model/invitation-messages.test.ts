import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/shared/api';
import { inviteErrorToast } from './invitation-messages';

const error = (status: number | null, code: string, message = 'x'): ApiError => ({ status, code, message }) as ApiError;

describe('inviteErrorToast', () => {
  it('names the address that already has a pending invitation', () => {
    expect(inviteErrorToast(error(409, 'INVITATION_PENDING_EXISTS'), 'ada@school.org', true).description).toBe(
      'A pending invitation already exists for ada@school.org.',
    );
  });

  it("says 'Missing auth token' without a session and 'User not authenticated' when the server refused the one held", () => {
    expect(inviteErrorToast(error(401, 'UNAUTHENTICATED'), 'ada@school.org', false)).toMatchObject({ title: 'Error', description: 'Missing auth token' });
    expect(inviteErrorToast(error(401, 'UNAUTHENTICATED'), 'ada@school.org', true)).toMatchObject({ title: 'Error', description: 'User not authenticated' });
  });

  it('falls back to the generic failure for anything else', () => {
    for (const failure of [error(403, 'FORBIDDEN'), error(500, 'INTERNAL_ERROR'), error(null, 'NETWORK_ERROR')]) {
      expect(inviteErrorToast(failure, 'ada@school.org', true).description).toBe('Failed to send reviewer invitation. Please try again.');
    }
  });
});
