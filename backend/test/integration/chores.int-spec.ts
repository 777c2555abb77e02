import { jest } from '@jest/globals';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { CHORES_QUEUE, type ChoresQueue } from '../../src/chores/chore-job.js';
import { ChoreScheduler } from '../../src/chores/chore-scheduler.service.js';
import { ExpiredCredentialsPurge, PURGE_INTERVAL_MS } from '../../src/modules/auth/expired-credentials-purge.service.js';
import { startTestWorker } from '../support/test-worker.js';

const PURGE = 'purge-expired-credentials';
const SHORT_PERIOD_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const runs: number[] = [];
    workers.forEach((worker, index) => {
      const purge = worker.get(ExpiredCredentialsPurge);
      const run = purge.run.bind(purge);
      jest.spyOn(purge, 'run').mockImplementation(() => {
        runs.push(index);
        return run();
      });
    });
    // Both workers upsert the same schedule with a short period, as both did at boot with the hour.
    await Promise.all(workers.map((worker) => worker.get(ChoreScheduler).schedule(PURGE, SHORT_PERIOD_MS)));
    const started = Date.now();
    await sleep(SHORT_PERIOD_MS * 8);
    const periods = (Date.now() - started) / SHORT_PERIOD_MS;

    expect(runs.length).toBeGreaterThanOrEqual(4);
    // Twice per period (each worker on its own timer or schedule) would be about 16.
    expect(runs.length).toBeLessThanOrEqual(Math.floor(periods) + 1);
  });
});
