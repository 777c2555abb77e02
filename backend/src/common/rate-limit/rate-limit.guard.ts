import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { REDIS_CLIENT } from '../../redis/redis.module.js';
import { AppException } from '../http/app.exception.js';
import { ErrorCode } from '../http/error-code.js';
import { RATE_LIMIT_KEY, RateLimitPolicy } from './rate-limit.decorator.js';

/**
 * Counts attempts in Redis, so a limit holds across every copy of the API. Routes opt in
 * with `@RateLimit(policy)`.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters: Record<RateLimitPolicy, RateLimiterRedis>;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS_CLIENT) redis: Redis,
  ) {
    const keyPrefix = `${config.redis.prefix}:rate-limit`;
    this.limiters = {
      [RateLimitPolicy.SignIn]: new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}:${RateLimitPolicy.SignIn}`,
        points: config.rateLimit.signInPerMinute,
        duration: 60,
      }),
      [RateLimitPolicy.AuthAction]: new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}:${RateLimitPolicy.AuthAction}`,
        points: config.rateLimit.authPerMinute,
        duration: 60,
      }),
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<RateLimitPolicy | undefined>(RATE_LIMIT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!policy) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    try {
      await this.limiters[policy].consume(this.keyFor(policy, request));
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        void http.getResponse<FastifyReply>().header('retry-after', Math.ceil(rejection.msBeforeNext / 1000));
        throw new AppException(429, ErrorCode.RateLimited, 'Too many attempts. Please wait a minute and try again.');
      }
      throw new AppException(503, ErrorCode.ServiceUnavailable, 'The service is temporarily unavailable. Please try again.');
    }
  }

  private keyFor(policy: RateLimitPolicy, request: FastifyRequest): string {
    switch (policy) {
      case RateLimitPolicy.SignIn: {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${request.ip}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      }
      case RateLimitPolicy.AuthAction:
        return request.ip;
    }
  }
}
