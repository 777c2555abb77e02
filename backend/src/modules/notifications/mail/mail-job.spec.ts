import { isMailBatch, MAIL_JOB_OPTIONS, type MailJob, mailJobId, sentAtIn, toMailBatchJob, toMailJob, toMailJobAfterBatch } from './mail-job.js';
import { isMailTemplate, MailTemplate } from './mail-template.js';
import { isPermanentSmtpError } from './mail.processor.js';
import { MAIL_RETRY, mailBackoffStrategy, mailRetryDelayMs } from './mail-retry.js';
import { MailRenderError } from './mail-renderer.js';

describe('mail jobs', () => {
  it('names the job after the template and uses the outbox id as the job id', () => {
    const id = '6f1c9a4e-8a57-4d38-9a0e-2f3b0b8f1c11';
    const job = toMailJob({ id, template: MailTemplate.ResetPassword });
    expect(job).toEqual({ name: 'reset-password', data: { outboxId: id }, opts: { jobId: id } });
    // The same row always gives the same job id, so BullMQ keeps one job for it.
    expect(toMailJob({ id, template: MailTemplate.ResetPassword }).opts.jobId).toBe(mailJobId(id));
  });

  it('keys the payload type by the template', () => {
    const job: MailJob = { name: MailTemplate.ConfirmEmail, data: { outboxId: 'x' } };
    expect(job.name).toBe('confirm-email');
    // @ts-expect-error a job name must be a template
    const wrong: MailJob = { name: 'newsletter', data: { outboxId: 'x' } };
    expect(wrong).toBeDefined();
  });

  it('retries on the capped schedule for more than a day and keeps failed jobs', () => {
    expect(MAIL_JOB_OPTIONS).toMatchObject({ attempts: MAIL_RETRY.attempts, backoff: { type: 'custom' }, removeOnFail: false, removeOnComplete: { age: 86400, count: 1000 } });
  });

  it('recognises the templates', () => {
    expect(isMailTemplate('confirm-email')).toBe(true);
    expect(isMailTemplate('newsletter')).toBe(false);
  });

  it('treats SMTP 5xx answers and render errors as final, everything else as worth a retry', () => {
    expect(isPermanentSmtpError(Object.assign(new Error('550 no such user'), { responseCode: 550 }))).toBe(true);
    expect(isPermanentSmtpError(new MailRenderError('bad data'))).toBe(true);
    expect(isPermanentSmtpError(Object.assign(new Error('451 try later'), { responseCode: 451 }))).toBe(false);
    expect(isPermanentSmtpError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBe(false);
  });

  it('names a batch after its template, with an id of its own that no row has', () => {
    const batch = toMailBatchJob(MailTemplate.PaperPublished, ['a', 'b'], 'f00');
    expect(batch).toEqual({ name: 'paper-published', data: { outboxIds: ['a', 'b'] }, opts: { jobId: 'batch-f00' } });
    expect(isMailBatch(batch.data)).toBe(true);
    expect(isMailBatch(toMailJob({ id: 'a', template: MailTemplate.PaperPublished }).data)).toBe(false);
    // Every batch gets a fresh id: a finished batch can never make a new one a no-op.
    expect(toMailBatchJob(MailTemplate.PaperPublished, ['a']).opts.jobId).not.toBe(toMailBatchJob(MailTemplate.PaperPublished, ['a']).opts.jobId);
  });

  it('gives an e-mail that failed in a batch its own job, which goes on as its first retry would', async () => {
    const mail = { id: 'r1', template: MailTemplate.PaperPublished };
    const retry = toMailJobAfterBatch(mail, { error: '451 later', final: false });
    expect(retry).toEqual({
      name: 'paper-published',
      data: { outboxId: 'r1', afterBatch: { error: '451 later', final: false } },
      opts: { jobId: 'r1', attempts: MAIL_RETRY.attempts - 1, delay: mailRetryDelayMs(1) },
    });
    // Its own failures continue the schedule after the batch's: its first failure is the e-mail's second.
    await expect(Promise.resolve(mailBackoffStrategy(1, 'custom', undefined, { data: retry.data } as never))).resolves.toBe(mailRetryDelayMs(2));
    await expect(Promise.resolve(mailBackoffStrategy(1, 'custom', undefined, { data: { outboxId: 'x' } } as never))).resolves.toBe(mailRetryDelayMs(1));
    // Given up in the batch: no waiting, it only has to fail where Bull Board shows it; that
    // failed run stands in for the batch's attempt, so a retry from there is not shifted again.
    const givenUp = toMailJobAfterBatch(mail, { error: '550 no such user', final: true });
    expect(givenUp.opts.delay).toBe(0);
    await expect(Promise.resolve(mailBackoffStrategy(2, 'custom', undefined, { data: givenUp.data } as never))).resolves.toBe(mailRetryDelayMs(2));
  });

  it('reads when a row was sent from a single job’s or a batch’s result', () => {
    expect(sentAtIn({ sentAt: '2026-11-25T00:00:00.000Z' }, 'a')).toBe('2026-11-25T00:00:00.000Z');
    expect(sentAtIn({ sentAt: null }, 'a')).toBeUndefined();
    expect(sentAtIn({ sentAtById: { a: '2026-11-25T00:00:00.000Z' } }, 'a')).toBe('2026-11-25T00:00:00.000Z');
    expect(sentAtIn({ sentAtById: { a: '2026-11-25T00:00:00.000Z' } }, 'b')).toBeUndefined();
    expect(sentAtIn(null, 'a')).toBeUndefined();
  });
});
