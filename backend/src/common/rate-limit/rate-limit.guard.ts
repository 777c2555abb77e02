import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { RATE_LIMIT_KEY, RateLimitPolicy } from './rate-limit.decorator.js';
import { RateLimits } from './rate-limits.service.js';

/** The refresh cookie (modules/auth/auth-cookies.ts); only its hash is used as a key. */
const REFRESH_TOKEN_COOKIE = 'refresh_token';

/** Routes opt in with `@RateLimit(policy)`; RateLimits decides; the exception filters add `Retry-After` to the 429. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<RateLimitPolicy | undefined>(RATE_LIMIT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    await this.limits.admit(policy, {
      ip: request.ip,
      email: (request.body as { email?: unknown } | undefined)?.email,
      refreshToken: request.cookies?.[REFRESH_TOKEN_COOKIE] || undefined,
    });
    return true;
  }
}
