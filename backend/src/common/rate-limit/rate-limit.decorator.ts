import { SetMetadata } from '@nestjs/common';

/** Named limits; their numbers come from the configuration (see RateLimitGuard). */
export enum RateLimitPolicy {
  /** Per client address and e-mail: brute-forcing one account. */
  SignIn = 'sign-in',
  /** Per client address: sign-up, forgot-password, token links, refresh. */
  AuthAction = 'auth-action',
}

export const RATE_LIMIT_KEY = 'rate-limit:policy';

export const RateLimit = (policy: RateLimitPolicy) => SetMetadata(RATE_LIMIT_KEY, policy);
