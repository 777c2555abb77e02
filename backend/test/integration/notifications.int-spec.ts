import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { createServer } from 'node:net';
import { MAIL_QUEUE, type MailQueue } from '../../src/modules/notifications/mail/mail-job.js';
import { MailTemplate } from '../../src/modules/notifications/mail/mail-template.js';
import { NotificationsService } from '../../src/modules/notifications/notifications.service.js';
import { OutboxMail } from '../../src/modules/notifications/outbox/outbox-mail.entity.js';
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

  /** What a service does inside its request: record the e-mail and commit. */
  async function recordMail(to: string, firstName = 'Ada'): Promise<OutboxMail> {
    const em = orm.em.fork();
    const mail = await em.transactional((tx) =>
      notifications.queueMail(tx, {
        template: MailTemplate.ConfirmEmail,
        to,
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
    await relay.relayPending();
    expect((await reload(mail.id)).status).toBe('pending');

    await orm.em.fork().nativeUpdate(OutboxMail, { id: mail.id }, { createdAt: new Date(Date.now() - 60_000) });
    await expect(relay.relayPending()).resolves.toBeGreaterThanOrEqual(1);
    await smtp.waitForMessagesTo(to);
    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');
  });

  it('keeps the row pending when Redis is unreachable, so the relay sends it later', async () => {
    const closedPort = await unusedPort();
    const unreachable: MailQueue = new Queue(MAIL_QUEUE, { connection: { host: '127.0.0.1', port: closedPort }, prefix: process.env.REDIS_PREFIX });
    unreachable.on('error', () => undefined);
    try {
      const offline = new NotificationsService(unreachable, orm.em);
      const to = address('offline');
      const mail = await recordMail(to);
      const started = Date.now();
      await expect(offline.dispatch([mail])).resolves.toBe(false);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await reload(mail.id)).status).toBe('pending');

      await orm.em.fork().nativeUpdate(OutboxMail, { id: mail.id }, { createdAt: new Date(Date.now() - 60_000) });
      await worker.get(OutboxRelayService).relayPending();
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

    await waitFor(async () => (await reload(mail.id)).attempts === 1, 5000, 'the first attempt');
    const job = await queue.getJob(mail.id);
    expect(await job?.getState()).toBe('delayed');
    const row = await reload(mail.id);
    expect(row.status).toBe('queued');
    expect(row.lastError).toContain('451');

    // Instead of waiting for the backoff, run the retry now.
    await job?.promote();
    await smtp.waitForMessagesTo(to);
    await waitFor(async () => (await reload(mail.id)).status === 'sent', 5000, 'the row to be marked sent');
    expect(await reload(mail.id)).toMatchObject({ attempts: 2, lastError: null });
  });
});
