import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { REDIS_CLIENT } from '../../redis/redis.module.js';
import type { OrcidFlow } from './orcid.exception.js';

/** What the server keeps of a started flow until ORCID sends the browser back (the browser holds none of it). */
export interface OrcidFlowState {
  flow: OrcidFlow;
  /** The hash of the browser's binding cookie: only the browser that started the flow may finish it. */
  bindingHash: string;
  /** PKCE: proves to ORCID's token endpoint that the code is redeemed by whoever asked for it. */
  codeVerifier: string;
  /** Linking: the account and the session that started it. */
  userId?: string;
  sessionId?: string;
  /** Sign-in: the page of this site to open afterwards (`safeReturnPath`), when the sign-in page had one. */
  returnTo?: string;
}

/** States and binding cookies are 43 base64url characters (32 random bytes); anything else is not one of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isFlowToken = (value: unknown): value is string => typeof value === 'string' && TOKEN_PATTERN.test(value);

export const hashFlowToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * Started flows in Redis, each under the hash of its state with a short life
 * (ORCID_STATE_TTL_SECONDS), taken with GETDEL: every copy of the API sees the same states, and
 * a state is used once however many callbacks race for it.
 */
@Injectable()
export class OrcidStateStore {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async save(state: string, value: OrcidFlowState, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.keyOf(state), JSON.stringify(value), 'EX', ttlSeconds);
  }

  /** The flow the state names, removed in the same step; null when it is unknown, expired or used. */
  async take(state: unknown): Promise<OrcidFlowState | null> {
    if (!isFlowToken(state)) return null;
    const stored = await this.redis.getdel(this.keyOf(state));
    return stored === null ? null : (JSON.parse(stored) as OrcidFlowState);
  }

  private keyOf(state: string): string {
    return `${this.config.redis.prefix}:orcid-state:${hashFlowToken(state)}`;
  }
}
