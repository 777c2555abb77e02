import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { RateLimitGuard } from './common/rate-limit/rate-limit.guard.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { RedisModule } from './redis/redis.module.js';

export const loggerModule = LoggerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({
    pinoHttp: {
      level: config.log.level,
      // Secrets never reach the logs.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      autoLogging: { ignore: (req) => req.url?.startsWith('/api/health') ?? false },
      transport: config.env === 'development' ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
    },
  }),
});

@Module({
  imports: [ConfigModule, loggerModule, DatabaseModule, RedisModule, HealthModule],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class AppModule {}
