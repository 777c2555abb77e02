import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { createServer } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { MailBatchOwners } from '../../src/modules/notifications/mail/mail-batch-owners.js';
import { MAIL_QUEUE, type MailQueue, toMailBatchJob } from '../../src/modules/notifications/mail/mail-job.js';
import { MAIL_RETRY, mailBackoffStrategy, mailRetryDelayMs } from '../../src/modules/notifications/mail/mail-retry.js';
import { MailProcessor } from '../../src/modules/notifications/mail/mail.processor.js';
import { MailTemplate } from '../../src/modules/notifications/mail/mail-template.js';
import { NotificationsService } from '../../src/modules/notifications/notifications.service.js';
import { OutboxMail } from '../../src/modules/notifications/entities/outbox-mail.entity.js';
import { OutboxRelayService } from '../../src/modules/notifications/outbox/outbox-relay.service.js';
import { type SmtpCatcher, startSmtpCatcher, waitFor } from '../support/smtp-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

describe('e-mail pipeline (outbox → BullMQ → worker → SMTP)', () => {
  let smtp: SmtpCatcher;
  let api: TestApp;
  let worker: INestApplicationContext;
  let notifications: NotificationsService;
  let orm: MikroORM;
  let queue: MailQueue;
  const previousSmtpUrl = process.env.SMTP_URL;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    process.env.SMTP_URL = smtp.url; // read when the modules build their configuration
    api = await startTestApp();
    worker = await startTestWorker();
    notifications = api.app.get(NotificationsService);
    orm = api.app.get(MikroORM);
    queue = api.app.get<MailQueue>(getQueueToken(MAIL_QUEUE));
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
    if (previousSmtpUrl === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previousSmtpUrl;
  });

  /**
   * The first half of what `NotificationsService.inTransaction` does: the e-mail's row is
   * committed, and the test decides when (and whether) it is dispatched.
   */
  async function recordMail(to: string, firstName = 'Ada'): Promise<OutboxMail> {
    const em = orm.em.fork();
    const mail = await em.transactional((tx) =>
      tx.create(OutboxMail, {
        template: MailTemplate.ConfirmEmail,
        recipient: to,
        data: { firstName, confirmUrl: `https://journal.example/api/auth/confirm?token=${randomUUID()}` },
        dedupeKey: `confirm-email:${randomUUID()}`,
      }),
    );
    return mail;
  }

  async function reload(id: string): Promise<OutboxMail> {
    return orm.em.fork().findOneOrFail(OutboxMail, { id });
  }

  /** A loopback port nothing listens on. */
  async function unusedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

  it('delivers a dispatched e-mail once, with its subject and both parts', async () => {
    const to = address('ada');
    const mail = await recordMail(to, 'Ada <b>');
    expect((await reload(mail.id)).status).toBe('pending');

    await expect(notifications.dispatch([mail])).resolves.toBe(true);
    const [caught] = await smtp.waitForMessagesTo(to);

    expect(caught.envelopeTo).toEqual([to]);
    expect(caught.mail.to).toMatchObject({ text: to });
    expect(caught.mail.from?.text).toContain('editor@youngscientistsjournal.org');
    expect(caught.mail.subject).toBe('Confirm your email for Young Scientists Journal');
    // RFC 3834: sent by a program, so out-of-office and other automatic replies leave it alone.
    expect(caught.mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(caught.mail.text).toContain('Hi Ada <b>,');
    expect(caught.mail.text).toContain('https://journal.example/api/auth/confirm?token=');
    expect(caught.mail.html).toContain('Hi Ada &lt;b&gt;,');
    expect(caught.mail.html).toContain('href="https://journal.example/api/auth/confirm?token=');

    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');
    const row = await reload(mail.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.data).toEqual({}); // the link is not kept once delivered
    expect(row.queuedAt).toBeInstanceOf(Date);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('delivers once when the same row is dispatched again (a retried request)', async () => {
    const to = address('retry');
    const mail = await recordMail(to);
    const results = await Promise.all([notifications.dispatch([mail]), notifications.dispatch([mail])]);
    expect(results).toEqual([true, true]);
    await smtp.waitForMessagesTo(to);
    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');

    // Later retries: with the completed job still in Redis, and after it has been cleaned up.
    await expect(notifications.dispatch([mail])).resolves.toBe(true);
    await queue.remove(mail.id);
    await expect(notifications.dispatch([mail])).resolves.toBe(true);
    await waitFor(async () => (await queue.getJob(mail.id))?.finishedOn !== undefined, 5000, 'the re-added job to finish');

    expect(smtp.messagesTo(to)).toHaveLength(1);
    expect((await reload(mail.id)).status).toBe('sent');
  });

  it('relays an e-mail recorded but never dispatched', async () => {
    const to = address('relay');
    const mail = await recordMail(to);
    const relay = worker.get(OutboxRelayService);

    // A fresh row is left to the request that wrote it.
    await relay.relayDue();
    expect((await reload(mail.id)).status).toBe('pending');

    await orm.em.fork().nativeUpdate(OutboxMail, { id: mail.id }, { nextAttemptAt: new Date(Date.now() - 120_000) });
    await expect(relay.relayDue()).resolves.toBeGreaterThanOrEqual(1);
    await smtp.waitForMessagesTo(to);
    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');
  });

  it('keeps the row pending when Redis is unreachable, so the relay sends it later', async () => {
    const closedPort = await unusedPort();
    const unreachable: MailQueue = new Queue(MAIL_QUEUE, { connection: { host: '127.0.0.1', port: closedPort }, prefix: process.env.REDIS_PREFIX });
    unreachable.on('error', () => undefined);
    try {
      const offline = new NotificationsService(unreachable, orm.em, api.app.get<AppConfig>(APP_CONFIG));
      const to = address('offline');
      const mail = await recordMail(to);
      // Gives up instead of waiting for Redis (the suite's timeout is the hang guard, not a speed goal).
      await expect(offline.dispatch([mail])).resolves.toBe(false);
      expect((await reload(mail.id)).status).toBe('pending');

      await orm.em.fork().nativeUpdate(OutboxMail, { id: mail.id }, { nextAttemptAt: new Date(Date.now() - 120_000) });
      await worker.get(OutboxRelayService).relayDue();
      await smtp.waitForMessagesTo(to);
      await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');
    } finally {
      await unreachable.close();
    }
  });

  it('fails for good on a permanent SMTP error, keeping the job and the error', async () => {
    const to = address('unknown');
    smtp.reject(to, 550, 'No such user here');
    const mail = await recordMail(to);
    await notifications.dispatch([mail]);

    await waitFor(async () => (await queue.getJob(mail.id))?.failedReason !== undefined, 5000, 'the job to fail');
    const job = await queue.getJob(mail.id);
    expect(await job?.getState()).toBe('failed');
    expect(job?.failedReason).toContain('No such user here');

    await waitFor(async () => (await reload(mail.id)).status === 'failed', 5000, 'the row to be marked failed');
    const row = await reload(mail.id);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('550');
    expect(smtp.messagesTo(to)).toHaveLength(0);
  });

  it('records a temporary SMTP error and retries with backoff', async () => {
    const to = address('busy');
    smtp.reject(to, 451, 'Try again later', 1);
    const mail = await recordMail(to);
    await notifications.dispatch([mail]);

    await waitFor(async () => (await queue.getJob(mail.id))?.attemptsMade === 1, 5000, 'the first attempt to fail');
    const job = await queue.getJob(mail.id);
    expect(await job?.getState()).toBe('delayed');
    expect((await reload(mail.id)).attempts).toBe(1);
    const row = await reload(mail.id);
    expect(row.status).toBe('queued');
    expect(row.lastError).toContain('451');

    // Instead of waiting for the backoff, run the retry now.
    await job?.promote();
    await smtp.waitForMessagesTo(to);
    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');
    expect(await reload(mail.id)).toMatchObject({ attempts: 2, lastError: null });
  });

  /** Runs SQL as the test, outside the application's unit of work. */
  async function sql(query: string, params: unknown[] = []): Promise<void> {
    await orm.em.getConnection().execute(query, params);
  }

  it('keeps retrying while SMTP is down, on the day-long schedule, counting every attempt', async () => {
    const to = address('smtp-down');
    smtp.reject(to, 421, 'Service not available, closing transmission channel');
    const mail = await recordMail(to);
    await notifications.dispatch([mail]);

    // Past the five attempts that used to be the end of it: a few minutes' worth of retries.
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      await waitFor(async () => (await reload(mail.id)).attempts === attempt, 5000, `attempt ${attempt}`);
      const job = await queue.getJob(mail.id);
      await waitFor(async () => (await job?.getState()) === 'delayed', 5000, `job delayed after attempt ${attempt}`);
      const row = await reload(mail.id);
      expect(row.status).toBe('queued');
      expect(row.lastError).toContain('421');
      expect(row.lastAttemptAt).toBeInstanceOf(Date);
      // The next attempt is due after the schedule's delay, and the editors' view says when.
      const due = row.nextAttemptAt!.getTime() - row.lastAttemptAt!.getTime();
      expect(due).toBeGreaterThanOrEqual(mailRetryDelayMs(attempt) - 1000);
      expect(due).toBeLessThanOrEqual(mailRetryDelayMs(attempt) + 5000);
      const reloaded = await queue.getJob(mail.id);
      expect(reloaded?.opts).toMatchObject({ attempts: MAIL_RETRY.attempts, backoff: { type: 'custom' } });
      expect(reloaded?.attemptsMade).toBe(attempt);
      await reloaded?.promote(); // instead of waiting for the backoff
    }
    await waitFor(async () => (await queue.getJob(mail.id))?.attemptsMade === 8, 5000, 'attempt 8 to fail');
    expect(await reload(mail.id)).toMatchObject({ status: 'queued', attempts: 8 });
    expect(smtp.messagesTo(to)).toHaveLength(0);

    // SMTP is back: the next retry delivers it.
    smtp.reject(to, 421, 'back', 0);
    await (await queue.getJob(mail.id))?.promote();
    await smtp.waitForMessagesTo(to);
    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');
    expect(await reload(mail.id)).toMatchObject({ attempts: 9, lastError: null, nextAttemptAt: null });
  }, 30_000);

  it('runs the mail worker with short locks, so a killed worker’s jobs come back within about 25 s', () => {
    const { opts } = worker.get(MailProcessor).worker;
    expect(opts.lockDuration).toBe(15_000);
    expect(opts.stalledInterval).toBe(10_000);
    expect(opts.settings?.backoffStrategy).toBe(mailBackoffStrategy);
  });

  it('counts an attempt the database failed once the database answers', async () => {
    const to = address('db-down');
    const mail = await recordMail(to);
    // Every write to this one row fails, as when the database is unreachable for the worker.
    await sql(`alter table outbox_mails add constraint test_db_down check (id <> '${mail.id}') not valid`);
    try {
      await notifications.dispatch([mail]);
      await waitFor(async () => (await queue.getJob(mail.id))?.attemptsMade === 1, 5000, 'the first attempt to fail');
      expect(await (await queue.getJob(mail.id))?.getState()).toBe('delayed');
      expect((await reload(mail.id)).attempts).toBe(0);
    } finally {
      await sql('alter table outbox_mails drop constraint test_db_down');
    }
    await (await queue.getJob(mail.id))?.promote();
    await smtp.waitForMessagesTo(to);
    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');
    // Two attempts: the one the database missed, and the one that sent it.
    expect((await reload(mail.id)).attempts).toBe(2);
    expect(smtp.messagesTo(to)).toHaveLength(1);
  });

  it('counts every attempt through SMTP and database failures alike', async () => {
    const to = address('db-down-smtp');
    smtp.reject(to, 451, 'Greylisted, try again', 1);
    const mail = await recordMail(to);
    await notifications.dispatch([mail]);
    await waitFor(async () => (await reload(mail.id)).attempts === 1, 5000, 'the first attempt');
    await waitFor(async () => (await queue.getJob(mail.id).then((job) => job?.getState())) === 'delayed', 5000, 'the retry');
    await sql(`alter table outbox_mails add constraint test_db_down2 check (id <> '${mail.id}') not valid`);
    try {
      await (await queue.getJob(mail.id))?.promote();
      await waitFor(async () => (await queue.getJob(mail.id))?.attemptsMade === 2, 5000, 'the second attempt to fail');
    } finally {
      await sql('alter table outbox_mails drop constraint test_db_down2');
    }
    // The third attempt catches up on the one the database missed: three attempts, not two.
    smtp.reject(to, 451, 'Greylisted, try again', 1);
    await (await queue.getJob(mail.id))?.promote();
    await waitFor(async () => (await reload(mail.id)).attempts === 3, 5000, 'the third attempt');
    await waitFor(async () => (await queue.getJob(mail.id))?.attemptsMade === 3, 5000, 'the third attempt to fail');
    const row = await reload(mail.id);
    expect(row.status).toBe('queued');
    expect(row.lastError).toContain('451');
  });

  it('sends every copy of a row with the same Message-ID', async () => {
    const to = address('twice');
    const mail = await recordMail(to);
    await notifications.dispatch([mail]);
    await smtp.waitForMessagesTo(to);
    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');

    // The worker died after SMTP accepted, before anything was recorded: the row is unsent, the job gone.
    await sql(`update outbox_mails set status = 'queued', sent_at = null, data = ?, next_attempt_at = now() - interval '1 hour' where id = ?`, [
      JSON.stringify({ firstName: 'Ada', confirmUrl: 'https://journal.example/api/auth/confirm?token=t' }),
      mail.id,
    ]);
    await queue.remove(mail.id);
    await expect(worker.get(OutboxRelayService).relayDue()).resolves.toBeGreaterThanOrEqual(1);

    const copies = await smtp.waitForMessagesTo(to, 2);
    expect(copies.map((copy) => copy.mail.messageId)).toEqual([`<${mail.id}@youngscientistsjournal.org>`, `<${mail.id}@youngscientistsjournal.org>`]);
  }, 15_000);

  it('re-dispatches a queued row whose job vanished, and settles one sent but not recorded without sending again', async () => {
    const lostTo = address('lost');
    const lost = await recordMail(lostTo);
    // Queued, as after a successful dispatch, but Redis lost the job.
    await sql(`update outbox_mails set status = 'queued', queued_at = now(), next_attempt_at = now() - interval '1 hour' where id = ?`, [lost.id]);

    const unrecordedTo = address('unrecorded');
    const unrecorded = await recordMail(unrecordedTo);
    // The database refuses to mark this row sent, as if it went down right after SMTP accepted.
    await sql(`alter table outbox_mails add constraint test_no_sent check (id <> '${unrecorded.id}' or status <> 'sent') not valid`);
    try {
      await notifications.dispatch([unrecorded]);
      await smtp.waitForMessagesTo(unrecordedTo);
      await waitFor(async () => (await queue.getJob(unrecorded.id))?.finishedOn !== undefined, 5000, 'the job to complete');
      expect((await reload(unrecorded.id)).status).toBe('queued');
    } finally {
      await sql('alter table outbox_mails drop constraint test_no_sent');
    }
    await sql(`update outbox_mails set next_attempt_at = now() - interval '1 hour' where id = ?`, [unrecorded.id]);

    await worker.get(OutboxRelayService).relayDue();
    await smtp.waitForMessagesTo(lostTo);
    await waitFor(async () => (await reload(lost.id)).status === 'sent', 5000, 'the lost row to be sent');
    expect(await reload(unrecorded.id)).toMatchObject({ status: 'sent', nextAttemptAt: null });
    expect(smtp.messagesTo(unrecordedTo)).toHaveLength(1);
  });

  describe('batches: e-mails committed together share a job (MAIL_BATCH_SIZE)', () => {
    /** The completed batch job that carried `outboxId`, once there is one. */
    async function completedBatchOf(outboxId: string) {
      let found: Awaited<ReturnType<MailQueue['getJobs']>>[number] | undefined;
      await waitFor(async () => {
        found = (await queue.getJobs(['completed'])).find((job) => job.data.outboxIds?.includes(outboxId));
        return found !== undefined;
      }, 5000, 'the batch job to complete');
      return found!;
    }

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('sends them in one job; a row that fails there is retried in a job of its own, and no row goes twice', async () => {
      const [first, busy, last] = [address('batch-a'), address('batch-busy'), address('batch-b')];
      smtp.reject(busy, 451, 'Try again later', 1);
      const mails = [await recordMail(first), await recordMail(busy), await recordMail(last)];
      await expect(notifications.dispatch(mails)).resolves.toBe(true);

      const batch = await completedBatchOf(mails[0].id);
      expect(batch.name).toBe('confirm-email');
      expect(batch.data.outboxIds).toEqual(mails.map((mail) => mail.id));
      expect(Object.keys(batch.returnvalue.sentAtById ?? {}).sort()).toEqual([mails[0].id, mails[2].id].sort());
      expect(smtp.messagesTo(first)).toHaveLength(1);
      expect(smtp.messagesTo(last)).toHaveLength(1);
      // The rows sent have no job of their own; the failed one has, waiting as a first retry would.
      expect(await queue.getJob(mails[0].id)).toBeUndefined();
      const own = await queue.getJob(mails[1].id);
      expect(await own?.getState()).toBe('delayed');
      expect(own?.data).toMatchObject({ outboxId: mails[1].id, afterBatch: { final: false } });
      const failed = await reload(mails[1].id);
      expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
      expect(failed.lastError).toContain('451');
      expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

      await own?.promote();
      await smtp.waitForMessagesTo(busy);
      await waitFor(async () => (await reload(mails[1].id)).status === 'sent', 5000, 'the retried row to be marked sent');
      expect(await reload(mails[1].id)).toMatchObject({ attempts: 2, lastError: null });
      await pause(300); // a copy sent twice would show up by now
      for (const to of [first, busy, last]) expect(smtp.messagesTo(to)).toHaveLength(1);
    });

    it('sends each row once when the same rows are dispatched twice at once: only the batch that owns a row sends it', async () => {
      const to = [address('twice-1'), address('twice-2'), address('twice-3')];
      const mails = await Promise.all(to.map((recipient) => recordMail(recipient)));
      await expect(Promise.all([notifications.dispatch(mails), notifications.dispatch(mails)])).resolves.toEqual([true, true]);
      for (const mail of mails) await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'every row to be marked sent');
      await waitFor(async () => (await queue.getJobs(['completed'])).filter((job) => job.data.outboxIds?.includes(mails[0].id)).length === 2, 5000, 'both batches to finish');
      await pause(300);
      for (const recipient of to) expect(smtp.messagesTo(recipient)).toHaveLength(1);
      expect(await Promise.all(mails.map(async (mail) => (await reload(mail.id)).attempts))).toEqual([1, 1, 1]);
    });

    it('gives up on a row a batch cannot send (5xx) in a failed job of its own, which can be retried from the board', async () => {
      const [fine, unknown] = [address('batch-fine'), address('batch-unknown')];
      smtp.reject(unknown, 550, 'No such user here', 1);
      const mails = [await recordMail(fine), await recordMail(unknown)];
      await notifications.dispatch(mails);

      await waitFor(async () => (await (await queue.getJob(mails[1].id))?.getState()) === 'failed', 5000, 'the given-up row to have a failed job');
      const own = await queue.getJob(mails[1].id);
      expect(own?.failedReason).toContain('No such user here');
      expect(await reload(mails[1].id)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(smtp.messagesTo(unknown)).toHaveLength(0);
      await completedBatchOf(mails[0].id);
      expect(smtp.messagesTo(fine)).toHaveLength(1);

      // As Bull Board's retry does: the mailbox exists by now, so it is sent, once.
      await own?.retry('failed');
      await smtp.waitForMessagesTo(unknown);
      await waitFor(async () => (await reload(mails[1].id)).status === 'sent', 5000, 'the retried row to be marked sent');
      expect(await reload(mails[1].id)).toMatchObject({ attempts: 2 });
      await pause(300);
      expect(smtp.messagesTo(fine)).toHaveLength(1);
      expect(smtp.messagesTo(unknown)).toHaveLength(1);
    });

    it('leaves the overdue rows of a live batch to it, and relays the rows of a lost batch one by one, each once', async () => {
      const owners = new MailBatchOwners(queue);
      const relay = worker.get(OutboxRelayService);
      const overdue = async (ids: string[]) => {
        for (const id of ids) await sql(`update outbox_mails set status = 'queued', queued_at = now(), next_attempt_at = now() - interval '1 hour' where id = ?`, [id]);
      };

      // A batch still waiting its turn (delayed, so that the worker does not take it yet).
      const waitingTo = [address('live-1'), address('live-2')];
      const waiting = [await recordMail(waitingTo[0]), await recordMail(waitingTo[1])];
      const live = toMailBatchJob(MailTemplate.ConfirmEmail, waiting.map((mail) => mail.id));
      await owners.claim(live.opts.jobId, live.data.outboxIds);
      const liveJob = await queue.add(live.name, live.data, { ...live.opts, delay: 60_000 });
      await overdue(waiting.map((mail) => mail.id));

      // A batch Redis lost: its rows are owned by a job that is not there.
      const lostTo = [address('lost-1'), address('lost-2')];
      const lost = [await recordMail(lostTo[0]), await recordMail(lostTo[1])];
      await owners.claim(`batch-${randomUUID()}`, lost.map((mail) => mail.id));
      await overdue(lost.map((mail) => mail.id));

      await relay.relayDue();
      for (const mail of lost) await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'a lost batch row to be sent');
      expect(await Promise.all(lost.map(async (mail) => (await queue.getJob(mail.id))?.data))).toEqual(lost.map((mail) => ({ outboxId: mail.id })));
      // The live batch's rows were not given jobs of their own, and nothing of them went out.
      expect(await queue.getJob(waiting[0].id)).toBeUndefined();
      expect(smtp.messagesTo(waitingTo[0])).toHaveLength(0);
      // A job of its own added anyway (a row dispatched twice) leaves it to the batch that owns it.
      await notifications.dispatch([waiting[0]], { batchSize: 1 });
      await waitFor(async () => (await queue.getJob(waiting[0].id))?.finishedOn !== undefined, 5000, 'the row’s own job to finish');
      expect((await queue.getJob(waiting[0].id))?.returnvalue).toEqual({ sentAt: null });
      expect(smtp.messagesTo(waitingTo[0])).toHaveLength(0);

      await liveJob.promote();
      for (const mail of waiting) await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the live batch to send its rows');
      await pause(300);
      for (const to of [...waitingTo, ...lostTo]) expect(smtp.messagesTo(to)).toHaveLength(1);
    });

    it('hands a row whose attempt the database refused to a job of its own, which counts the missed attempt', async () => {
      const to = [address('batch-db-a'), address('batch-db-down'), address('batch-db-b')];
      const mails = await Promise.all(to.map((recipient) => recordMail(recipient)));
      // Every write to the middle row fails, as when the database is unreachable for the worker.
      await sql(`alter table outbox_mails add constraint test_batch_db_down check (id <> '${mails[1].id}') not valid`);
      try {
        await notifications.dispatch(mails);
        await completedBatchOf(mails[0].id);
        expect(await (await queue.getJob(mails[1].id))?.getState()).toBe('delayed');
        expect((await reload(mails[1].id)).attempts).toBe(0);
        expect(smtp.messagesTo(to[1])).toHaveLength(0);
      } finally {
        await sql('alter table outbox_mails drop constraint test_batch_db_down');
      }
      await (await queue.getJob(mails[1].id))?.promote();
      await smtp.waitForMessagesTo(to[1]);
      await waitFor(async () => (await reload(mails[1].id)).status === 'sent', 5000, 'the row to be marked sent');
      // Two attempts: the one in the batch the database missed, and the one that sent it.
      expect((await reload(mails[1].id)).attempts).toBe(2);
      await pause(300);
      for (const recipient of to) expect(smtp.messagesTo(recipient)).toHaveLength(1);
    });

    it('takes a row from its batch only once the batch cannot run, and no batch claims it after', async () => {
      const owners = new MailBatchOwners(queue);
      const row = randomUUID(); // ownership lives in Redis alone
      const batch = toMailBatchJob(MailTemplate.ConfirmEmail, [row]);
      await owners.claim(batch.opts.jobId, [row]);
      const waiting = await queue.add(batch.name, batch.data, { ...batch.opts, delay: 60_000 });
      expect(await owners.takeOver(row, batch.opts.jobId)).toBe(false); // still to run
      await waiting.remove();
      expect(await owners.takeOver(row, 'batch-someone-else')).toBe(false); // not the owner the relay saw
      expect(await owners.takeOver(row, batch.opts.jobId)).toBe(true);
      expect(await owners.recordedOwner(row)).toBe(row);
      // A request that claims it late (its commit raced the relay) does not get it.
      const late = toMailBatchJob(MailTemplate.ConfirmEmail, [row]);
      await owners.claim(late.opts.jobId, [row]);
      expect(await owners.ownedBy(late.opts.jobId, [row])).toEqual([]);
      await owners.release([row]);
    });

    it('settles a row its batch sent but could not record from the batch result, without sending it again', async () => {
      const [recordedTo, unrecordedTo] = [address('batch-recorded'), address('batch-unrecorded')];
      const mails = [await recordMail(recordedTo), await recordMail(unrecordedTo)];
      // The database refuses to mark this row sent, as if it went down right after SMTP accepted.
      await sql(`alter table outbox_mails add constraint test_no_sent_in_batch check (id <> '${mails[1].id}' or status <> 'sent') not valid`);
      try {
        await notifications.dispatch(mails);
        const batch = await completedBatchOf(mails[1].id);
        expect(Object.keys(batch.returnvalue.sentAtById ?? {})).toContain(mails[1].id);
        expect((await reload(mails[0].id)).status).toBe('sent');
        expect((await reload(mails[1].id)).status).toBe('queued');
      } finally {
        await sql('alter table outbox_mails drop constraint test_no_sent_in_batch');
      }
      await sql(`update outbox_mails set next_attempt_at = now() - interval '1 hour' where id = ?`, [mails[1].id]);

      await worker.get(OutboxRelayService).relayDue();
      expect(await reload(mails[1].id)).toMatchObject({ status: 'sent', nextAttemptAt: null });
      await pause(500);
      expect(smtp.messagesTo(unrecordedTo)).toHaveLength(1);
      expect(smtp.messagesTo(recordedTo)).toHaveLength(1);
    });
  });
});
