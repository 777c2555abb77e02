import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { CHORES_QUEUE } from './chore-job.js';
import { ChoreScheduler } from './chore-scheduler.service.js';

/** Runs each chore job on the worker that took it; one at a time per worker is plenty. */
@Processor(CHORES_QUEUE, { concurrency: 1 })
export class ChoresProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ChoresProcessor.name);

  constructor(private readonly scheduler: ChoreScheduler) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    const chore = this.scheduler.find(job.name);
    if (!chore) throw new UnrecoverableError(`No chore is called ${job.name}`);
    try {
      return await chore.run();
    } catch (error) {
      this.logger.warn(`Chore ${job.name} failed; it runs again next period: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  /** Lets a running chore finish before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
