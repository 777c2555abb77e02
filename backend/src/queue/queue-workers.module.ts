import { Global, Module } from '@nestjs/common';

/** Present (true) in a process that runs BullMQ workers; see QueueModule. */
export const HOSTS_QUEUE_WORKERS = Symbol('HOSTS_QUEUE_WORKERS');

/**
 * Imported by the worker's root module only. A BullMQ worker waits for jobs with blocking
 * commands (BZPOPMIN) that legitimately outlast any command timeout, so the queue connections of
 * this process get none; the API's, which serve requests, do.
 */
@Global()
@Module({
  providers: [{ provide: HOSTS_QUEUE_WORKERS, useValue: true }],
  exports: [HOSTS_QUEUE_WORKERS],
})
export class QueueWorkersModule {}
