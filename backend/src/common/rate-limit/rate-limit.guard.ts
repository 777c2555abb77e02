import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RATE_LIMIT_KEY, RateLimitPolicy } from './rate-limit.decorator.js';
import { RateLimitedException } from './rate-limited.exception.js';
import { RateLimits } from './rate-limits.service.js';

/** The refresh cookie (modules/auth/auth-cookies.ts); only its hash is used as a key. */
const REFRESH_TOKEN_COOKIE = 'refresh_token';

/** Routes opt in with `@RateLimit(policy)`; RateLimits decides, this adds `Retry-After`. */
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
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    try {
      await this.limits.admit(policy, {
        ip: request.ip,
        email: (request.body as { email?: unknown } | undefined)?.email,
        refreshToken: request.cookies?.[REFRESH_TOKEN_COOKIE] || undefined,
      });
      return true;
    } catch (error) {
      if (error instanceof RateLimitedException) void http.getResponse<FastifyReply>().header('retry-after', error.retryAfterSeconds);
      throw error;
    }
  }
}
