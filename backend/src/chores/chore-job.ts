import type { JobsOptions, Queue } from 'bullmq';

export const CHORES_QUEUE = 'chores';

export type ChoresQueue = Queue<Record<string, never>, unknown, string>;

/**
 * A chore that fails is not retried: the next period runs it again. A few finished jobs stay
 * for Bull Board.
 */
export const CHORE_JOB_OPTIONS = {
  attempts: 1,
  removeOnComplete: { count: 50 },
  removeOnFail: { count: 50 },
} as const satisfies JobsOptions;
