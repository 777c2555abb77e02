import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/**
 * One shared Redis connection for rate limits and health checks (BullMQ opens its own).
 * It does not queue commands while disconnected, so a Redis outage fails fast instead of hanging;
 * a Redis that keeps the connection open and never answers (a frozen process, a stalled network)
 * is bounded by the command and connect timeouts instead.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const redis = new Redis(config.redis.url, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          lazyConnect: true,
          commandTimeout: config.redis.commandTimeoutMs,
          connectTimeout: config.redis.commandTimeoutMs,
        });
        // Errors surface through the commands that fail (health says 503); the client keeps reconnecting.
        redis.on('error', () => undefined);
        await redis.connect().catch(() => undefined);
        return redis;
      },
    },
    RedisShutdown,
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule {}
