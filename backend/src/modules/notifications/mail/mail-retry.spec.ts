import { MAIL_RETRY, mailBackoffStrategy, mailRetryDelayMs } from './mail-retry.js';

const HOUR = 60 * 60 * 1000;

describe('mail retry schedule', () => {
  const delays = Array.from({ length: MAIL_RETRY.attempts - 1 }, (_, index) => mailRetryDelayMs(index + 1));

  it('doubles from 10 s', () => {
    expect(delays.slice(0, 5)).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
  });

  it('never waits more than an hour between attempts', () => {
    expect(Math.max(...delays)).toBe(HOUR);
    expect(mailRetryDelayMs(1000)).toBe(HOUR);
  });

  it('keeps trying for at least a day before giving up', () => {
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(24 * HOUR);
    // …and not for weeks: a mail that cannot go out within about a day is reported as failed.
    expect(total).toBeLessThan(48 * HOUR);
  });

  it('is what the worker uses for BullMQ retries', async () => {
    await expect(Promise.resolve(mailBackoffStrategy(3, 'custom'))).resolves.toBe(40_000);
  });
});
