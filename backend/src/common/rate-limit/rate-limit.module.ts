import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimits } from './rate-limits.service.js';

/**
 * The limits and the global guard that applies them. Global: services and the upload pipe (which
 * Nest builds in each controller's module) spend per-user limits themselves.
 */
@Global()
@Module({
  providers: [RateLimits, { provide: APP_GUARD, useClass: RateLimitGuard }],
  exports: [RateLimits],
})
export class RateLimitModule {}
