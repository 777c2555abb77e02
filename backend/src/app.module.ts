import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { loggerModule } from './common/logging/logger.module.js';
import { RateLimitGuard } from './common/rate-limit/rate-limit.guard.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { ReadPoolModule } from './database/read-pool.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { PapersModule } from './modules/papers/papers.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { QueueBoardModule } from './modules/notifications/queue-board/queue-board.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { RedisModule } from './redis/redis.module.js';
import { StorageModule } from './modules/storage/storage.module.js';

export { loggerModule };

@Module({
  imports: [ConfigModule, loggerModule, DatabaseModule, ReadPoolModule, RedisModule, StorageModule, HealthModule, NotificationsModule, QueueBoardModule, UsersModule, AuthModule, PapersModule, PaymentsModule],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class AppModule {}
