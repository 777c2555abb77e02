import { DiscoveryService } from '@nestjs/core';

export interface RecurringChoreOptions {
  /** The job scheduler's id and the job name in the `chores` queue (Bull Board shows it). */
  name: string;
  everyMs: number;
}

/** A provider the worker runs on a schedule: once per period, however many workers run. */
export interface Chore {
  run(): Promise<unknown>;
}

/**
 * Marks a worker provider (a class implementing `Chore`) as a recurring chore. Adding one is
 * this decorator on a provider of a module the worker imports; `ChoreScheduler` finds it.
 */
export const RecurringChore = DiscoveryService.createDecorator<RecurringChoreOptions>();
