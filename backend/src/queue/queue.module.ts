import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { HOSTS_QUEUE_WORKERS } from './queue-workers.module.js';

/**
 * The one BullMQ connection setup for every queue of the API and the worker. The prefix keeps
 * each deployment's (and each test run's) queues apart in a shared Redis. In the API, queue
 * commands (adding e-mails, Bull Board) time out like the shared client's, so a frozen Redis
 * cannot hold a request; the worker's connections block by design and get no timeout
 * (QueueWorkersModule).
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG, { token: HOSTS_QUEUE_WORKERS, optional: true }],
      useFactory: (config: AppConfig, hostsWorkers?: boolean) => ({
        connection: { url: config.redis.url, ...(hostsWorkers ? {} : { commandTimeout: config.redis.commandTimeoutMs }) },
        prefix: config.redis.prefix,
      }),
    }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
