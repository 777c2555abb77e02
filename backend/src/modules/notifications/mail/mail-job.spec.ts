import { MAIL_JOB_OPTIONS, type MailJob, mailJobId, toMailJob } from './mail-job.js';
import { isMailTemplate, MailTemplate } from './mail-template.js';
import { isPermanentSmtpError } from './mail.processor.js';
import { MAIL_RETRY } from './mail-retry.js';
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
});
