import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { CHORE_JOB_OPTIONS, CHORES_QUEUE, type ChoresQueue } from './chore-job.js';
import { type Chore, RecurringChore, type RecurringChoreOptions } from './recurring-chore.decorator.js';

interface DiscoveredChore extends RecurringChoreOptions {
  chore: Chore;
}

/**
 * Turns every `@RecurringChore` provider into one BullMQ job scheduler. The scheduler lives in
 * Redis under the chore's name, so every worker upserting it at boot leaves one schedule, and
 * each period makes one job (its id is the scheduler's and the period's), which one worker runs.
 */
@Injectable()
export class ChoreScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChoreScheduler.name);
  private discovered: Map<string, DiscoveredChore> | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    @InjectQueue(CHORES_QUEUE) private readonly queue: ChoresQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const { name, everyMs } of this.chores().values()) await this.schedule(name, everyMs);
    // A chore renamed or removed in this release: its old schedule would only make failing jobs.
    for (const scheduler of await this.queue.getJobSchedulers()) {
      if (!this.chores().has(scheduler.key)) await this.queue.removeJobScheduler(scheduler.key);
    }
  }

  /**
   * Creates or updates the chore's schedule. The first run is one period after the schedule is
   * created; upserting it again with the same period keeps its next run where it was.
   */
  async schedule(name: string, everyMs: number): Promise<void> {
    await this.queue.upsertJobScheduler(name, { every: everyMs, startDate: Date.now() + everyMs }, { name, data: {}, opts: CHORE_JOB_OPTIONS });
    this.logger.log(`Chore ${name} runs every ${Math.round(everyMs / 1000)} s`);
  }

  /** The chore behind a job name, for the processor. */
  find(name: string): Chore | undefined {
    return this.chores().get(name)?.chore;
  }

  private chores(): Map<string, DiscoveredChore> {
    this.discovered ??= new Map(
      this.discovery
        .getProviders({ metadataKey: RecurringChore.KEY })
        .filter((wrapper) => wrapper.instance)
        .map((wrapper) => {
          const options = this.discovery.getMetadataByDecorator(RecurringChore, wrapper);
          if (!options?.name) throw new Error(`${wrapper.name} is a @RecurringChore without a name`);
          return [options.name, { ...options, chore: wrapper.instance as Chore }];
        }),
    );
    return this.discovered;
  }
}
