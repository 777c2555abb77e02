import type { BackoffStrategy } from 'bullmq';

/**
 * How long the worker keeps trying an e-mail that a mail server refuses for now (4xx, network
 * errors): like mail servers themselves, for more than a day, with an interval that doubles from
 * 10 s and is capped at an hour, so an SMTP outage of hours costs nothing but delay.
 */
export const MAIL_RETRY = {
  firstDelayMs: 10_000,
  maxDelayMs: 60 * 60 * 1000,
  /** 10 s … 2560 s (9 doublings, 1 h 25 min in all), then 26 hourly retries: about 27 h. */
  attempts: 36,
} as const;

/** The `backoff.type` of mail jobs, answered by `mailBackoffStrategy` in the worker. */
export const MAIL_BACKOFF_TYPE = 'custom';

/** The wait after the `failedAttempts`-th failed attempt (1 for the first failure). */
export function mailRetryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  // 2^exponent overflows to Infinity long after the cap applies; Math.min handles it.
  return Math.min(MAIL_RETRY.firstDelayMs * 2 ** exponent, MAIL_RETRY.maxDelayMs);
}

/**
 * BullMQ's `settings.backoffStrategy` for the mail worker: it receives the job's attempts made so
 * far; an e-mail handed on from its batch for a retry (`afterBatch`) failed once before its job.
 */
export const mailBackoffStrategy: BackoffStrategy = (attemptsMade, _type, _error, job) => {
  const handedOn = (job?.data as { afterBatch?: { final: boolean } } | undefined)?.afterBatch;
  return mailRetryDelayMs(attemptsMade + (handedOn && !handedOn.final ? 1 : 0));
};
