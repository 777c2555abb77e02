import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * The one BullMQ connection setup for every queue of the API and the worker. The prefix keeps
 * each deployment's (and each test run's) queues apart in a shared Redis.
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.redis.url },
        prefix: config.redis.prefix,
      }),
    }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
