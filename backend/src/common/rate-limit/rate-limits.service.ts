import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { REDIS_CLIENT } from '../../redis/redis.module.js';
import { AppException } from '../http/app.exception.js';
import { ErrorCode } from '../http/error-code.js';
import { RateLimitPolicy } from './rate-limit.decorator.js';
import { RateLimitedException } from './rate-limited.exception.js';

/** What a limit may be keyed on. */
export interface RateLimitSubject {
  ip?: string;
  email?: unknown;
  refreshToken?: string;
  /** The signed-in user: the per-user policies' key, given by the service that knows who acts. */
  userId?: string;
}

interface Rule {
  limiter: RateLimiterRedis;
  /** null: the rule does not apply to this request (e.g. no refresh cookie). */
  key: (subject: RateLimitSubject) => string | null;
  /**
   * `attempts`: every request spends a point. `failures`: only `recordFailure` spends, and a
   * request is refused once the failures reach the limit, so a classroom signing in
   * successfully behind one address never gets near it.
   */
  counts: 'attempts' | 'failures';
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const normalizedEmail = (subject: RateLimitSubject): string | null =>
  typeof subject.email === 'string' && subject.email.trim() !== '' ? subject.email.trim().toLowerCase() : null;

const address = (subject: RateLimitSubject): string => subject.ip ?? 'unknown';

/** A per-user policy admitted without its user would count nobody: a mistake of the caller, not a visitor's. */
const user = (subject: RateLimitSubject): string => {
  if (!subject.userId) throw new Error('A per-user rate limit needs the signed-in user');
  return subject.userId;
};

/** What a per-user refusal says (the sign-in and e-mail limits keep the generic words). */
const REFUSALS: Partial<Record<RateLimitPolicy, string>> = {
  [RateLimitPolicy.Message]: 'You have sent many messages in a short time.',
  [RateLimitPolicy.Comment]: 'You have posted many comments in a short time.',
  [RateLimitPolicy.Upload]: 'You have uploaded many files in a short time.',
};

/** The cookie itself is a secret: Redis only ever sees its hash. */
const tokenKey = (subject: RateLimitSubject): string | null =>
  subject.refreshToken ? createHash('sha256').update(subject.refreshToken).digest('base64url') : null;

/**
 * Every limit of the API, counted in Redis so it holds across every copy of the API. The
 * numbers are in the configuration (README, RATE_LIMIT_*); docs/operations.md explains them.
 */
@Injectable()
export class RateLimits {
  private readonly rules: Record<RateLimitPolicy, Rule[]>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS_CLIENT) redis: Redis) {
    const limits = config.rateLimit;
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${config.redis.prefix}:rate-limit:${name}`, points, duration });
    this.rules = {
      [RateLimitPolicy.SignIn]: [
        {
          limiter: limiter(RateLimitPolicy.SignIn, limits.signInPerMinute, MINUTE),
          key: (subject) => `${address(subject)}:${normalizedEmail(subject) ?? ''}`,
          counts: 'attempts',
        },
        {
          limiter: limiter('sign-in-failures-address', limits.signInFailuresPerAddressPerHour, HOUR),
          key: address,
          counts: 'failures',
        },
        {
          limiter: limiter('sign-in-failures-account', limits.signInFailuresPerAccountPerHour, HOUR),
          key: normalizedEmail,
          counts: 'failures',
        },
      ],
      [RateLimitPolicy.AuthAction]: [
        { limiter: limiter(RateLimitPolicy.AuthAction, limits.authPerMinute, MINUTE), key: address, counts: 'attempts' },
      ],
      [RateLimitPolicy.EmailLink]: [
        { limiter: limiter(RateLimitPolicy.EmailLink, limits.emailLinksPerMinute, MINUTE), key: address, counts: 'attempts' },
      ],
      [RateLimitPolicy.Refresh]: [
        {
          limiter: limiter('refresh-session', limits.refreshPerSessionPerMinute, MINUTE),
          key: tokenKey,
          counts: 'attempts',
        },
        {
          limiter: limiter('refresh-address', limits.refreshPerAddressPerMinute, MINUTE),
          key: address,
          counts: 'attempts',
        },
      ],
      [RateLimitPolicy.ResetMail]: [
        { limiter: limiter(RateLimitPolicy.ResetMail, limits.mailsPerInboxPerHour, HOUR), key: normalizedEmail, counts: 'attempts' },
      ],
      [RateLimitPolicy.ConfirmationMail]: [
        {
          limiter: limiter(RateLimitPolicy.ConfirmationMail, limits.mailsPerInboxPerHour, HOUR),
          key: normalizedEmail,
          counts: 'attempts',
        },
      ],
      // Per user rather than per address: a classroom shares one address, and a flood comes from one account.
      [RateLimitPolicy.Message]: [
        { limiter: limiter('message-minute', limits.messagesPerMinute, MINUTE), key: user, counts: 'attempts' },
        { limiter: limiter('message-hour', limits.messagesPerHour, HOUR), key: user, counts: 'attempts' },
      ],
      [RateLimitPolicy.Comment]: [
        { limiter: limiter('comment-minute', limits.commentsPerMinute, MINUTE), key: user, counts: 'attempts' },
        { limiter: limiter('comment-hour', limits.commentsPerHour, HOUR), key: user, counts: 'attempts' },
      ],
      [RateLimitPolicy.Upload]: [{ limiter: limiter(RateLimitPolicy.Upload, limits.uploadsPerHour, HOUR), key: user, counts: 'attempts' }],
    };
  }

  /**
   * Lets the request through or throws RateLimitedException (429); a Redis failure is a 503,
   * since a limit that cannot be counted cannot be enforced.
   */
  async admit(policy: RateLimitPolicy, subject: RateLimitSubject): Promise<void> {
    let waitMs = 0;
    for (const rule of this.rules[policy]) {
      const key = rule.key(subject);
      if (key === null) continue;
      waitMs = Math.max(waitMs, await guarded(() => (rule.counts === 'attempts' ? spend(rule, key) : check(rule, key))));
    }
    if (waitMs > 0) throw new RateLimitedException(Math.max(1, Math.ceil(waitMs / 1000)), REFUSALS[policy]);
  }

  /** Counts a failed attempt against the policy's failure limits. */
  async recordFailure(policy: RateLimitPolicy, subject: RateLimitSubject): Promise<void> {
    for (const rule of this.rules[policy]) {
      const key = rule.key(subject);
      if (rule.counts === 'failures' && key !== null) await guarded(() => spend(rule, key));
    }
  }

  /** For quotas that are not a request's to refuse (e-mails): true while the allowance lasts. */
  async take(policy: RateLimitPolicy, subject: RateLimitSubject): Promise<boolean> {
    try {
      await this.admit(policy, subject);
      return true;
    } catch (error) {
      if (error instanceof RateLimitedException) return false;
      throw error;
    }
  }
}

/** Spends a point; the milliseconds to wait when the limit was already reached, else 0. */
async function spend(rule: Rule, key: string): Promise<number> {
  try {
    await rule.limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, rejection.msBeforeNext);
    throw rejection;
  }
}

/** Spends nothing: the milliseconds to wait when the failures already reached the limit, else 0. */
async function check(rule: Rule, key: string): Promise<number> {
  const state = await rule.limiter.get(key);
  return state && state.consumedPoints >= rule.limiter.points ? Math.max(1, state.msBeforeNext) : 0;
}

async function guarded(count: () => Promise<number>): Promise<number> {
  try {
    return await count();
  } catch {
    throw new AppException(503, ErrorCode.ServiceUnavailable, 'The service is temporarily unavailable. Please try again.');
  }
}
