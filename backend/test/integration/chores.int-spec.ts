import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { CHORES_QUEUE, type ChoresQueue } from '../../src/chores/chore-job.js';
import { ChoreScheduler } from '../../src/chores/chore-scheduler.service.js';
import { ChoresProcessor } from '../../src/chores/chores.processor.js';
import { PURGE_INTERVAL_MS } from '../../src/modules/auth/expired-credentials-purge.service.js';
import { startTestWorker } from '../support/test-worker.js';

const PURGE = 'purge-expired-credentials';
const SHORT_PERIOD_MS = 400;

describe('recurring chores (BullMQ job schedulers)', () => {
  let workers: [INestApplicationContext, INestApplicationContext];

  beforeAll(async () => {
    workers = [await startTestWorker(), await startTestWorker()];
  });

  afterAll(async () => {
    // Later suites' workers find the hourly schedule, as a deployment would.
    await workers[0].get(ChoreScheduler).schedule(PURGE, PURGE_INTERVAL_MS);
    for (const worker of workers) await worker.close();
  });

  it('keeps one schedule for the purge however many workers upserted it', async () => {
    const queue = workers[0].get<ChoresQueue>(getQueueToken(CHORES_QUEUE));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.filter((scheduler) => scheduler.key === PURGE)).toEqual([expect.objectContaining({ name: PURGE, every: PURGE_INTERVAL_MS })]);
  });

  it('runs the purge once per period with two workers, on whichever takes the job', async () => {
    // Each finished job of the purge, from both workers' own events: its period is the time at the
    // end of its id (repeat:<scheduler>:<ms>). Waits for the runs, not for a stretch of the clock,
    // so a slow machine makes the test slower, never wrong.
    const runs: { worker: number; id: string; period: number }[] = [];
    const wanted = 4;
    const enough = new Promise<void>((resolve) => {
      workers.forEach((worker, index) => {
        worker.get(ChoresProcessor).worker.on('completed', (job) => {
          if (job.name !== PURGE || !job.id) return;
          runs.push({ worker: index, id: job.id, period: Number(job.id.split(':').pop()) });
          if (runs.length >= wanted) resolve();
        });
      });
    });
    // Both workers upsert the same schedule with a short period, as both did at boot with the hour.
    await Promise.all(workers.map((worker) => worker.get(ChoreScheduler).schedule(PURGE, SHORT_PERIOD_MS)));
    await enough;

    const periods = runs.map((run) => run.period).sort((a, b) => a - b);
    expect(periods.every(Number.isFinite)).toBe(true);
    // One run per period: no job twice, and no two runs less than a period apart (a schedule per
    // worker would start a second series a few milliseconds after the first).
    expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
    for (let i = 1; i < periods.length; i += 1) expect(periods[i] - periods[i - 1]).toBeGreaterThanOrEqual(SHORT_PERIOD_MS);
  });
});
