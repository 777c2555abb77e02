import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type request from 'supertest';
import { MAIL_QUEUE, type MailQueue } from '../../src/modules/notifications/mail/mail-job.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { type SmtpCatcher, startSmtpCatcher, waitFor } from '../support/smtp-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

interface OutboxRow {
  id: string;
  template: string;
  recipient: string;
  status: string;
  dedupe_key: string;
  data: { count?: number; messages?: { messageSubject: string }[]; messageSubject?: string };
  created_at: Date;
  next_attempt_at: Date | null;
}

const WINDOW_MINUTES = 5;

/**
 * A reviewer sending 30 messages in seconds (issue 25) gave every editor 30 e-mails. Now each
 * editor gets the first at once and the rest in one digest due when the window closes; the test
 * closes it by promoting the digest's delayed job rather than waiting (no wall clock). Editors are
 * counted over the whole users table, so this suite has a database of its own.
 */
describe('a flood of messages to the editors: one e-mail at once, the rest in one digest per window', () => {
  const own = scratchDatabase('message_floods');
  const previous = { database: process.env.DATABASE_URL, smtp: process.env.SMTP_URL };
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  let worker: INestApplicationContext;
  let queue: MailQueue;
  let editors: Person[];

  beforeAll(async () => {
    await own.create();
    smtp = await startSmtpCatcher();
    // Read when the app's and the worker's configurations are built.
    process.env.DATABASE_URL = own.url.toString();
    process.env.SMTP_URL = smtp.url;
    testApp = await startTestApp({ env: { MESSAGE_EMAIL_WINDOW_MINUTES: String(WINDOW_MINUTES), RATE_LIMIT_MESSAGES_PER_MINUTE: '100' } });
    worker = await startTestWorker();
    queue = testApp.app.get<MailQueue>(getQueueToken(MAIL_QUEUE));
    editors = await Promise.all([createPerson(testApp, 'admin'), createPerson(testApp, 'admin')]);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await testApp?.close();
    await smtp?.close();
    process.env.DATABASE_URL = previous.database;
    process.env.SMTP_URL = previous.smtp;
    await own.drop();
  });

  const send = (who: Person, subject: string): request.Test =>
    actingAs(testApp, who).post('/api/messages').field('subject', subject).field('body', `About ${subject}.`);

  const mailsTo = (editor: Person, template?: string) =>
    sql<OutboxRow>(
      testApp.app,
      `select id, template, recipient, status, dedupe_key, data, created_at, next_attempt_at from outbox_mails
        where recipient = ? and template in ('message-received', 'message-digest') ${template ? 'and template = ?' : ''} order by created_at`,
      template ? [editor.email, template] : [editor.email],
    );

  const textOf = (editor: Person) => smtp.messagesTo(editor.email).map((caught) => caught.mail.text ?? '');

  it('e-mails each editor twice for 30 messages, every message in one of the two, the digest held until its window closes', async () => {
    const flooder = await createPerson(testApp, 'reviewer');
    const subjects = Array.from({ length: 30 }, (_, index) => `Flood ${index + 1}`);
    const first = (await send(flooder, subjects[0]).expect(201)).body as { id: string };
    // The rest at once, in parallel, as a script would: the window rows serialise them.
    const responses = await Promise.all(subjects.slice(1).map((subject) => send(flooder, subject)));
    expect(responses.map((response) => response.status)).toEqual(subjects.slice(1).map(() => 201));

    for (const editor of editors) {
      const rows = await mailsTo(editor);
      expect(rows.map((row) => row.template)).toEqual(['message-received', 'message-digest']);
      // The first one's data is gone once it is sent: its key names its message.
      const [atOnce, digest] = rows;
      expect(atOnce.dedupe_key).toBe(`message:${first.id}:${editor.id}`);
      expect(digest.data.count).toBe(29);
      expect(digest.data.messages!.map((message) => message.messageSubject).sort()).toEqual(subjects.slice(1).sort());
      // Due a window after the first e-mail, and its job waits until then.
      const dueAfterMs = new Date(digest.next_attempt_at!).getTime() - new Date(atOnce.created_at).getTime();
      expect(dueAfterMs).toBeGreaterThan((WINDOW_MINUTES - 1) * 60_000);
      expect(dueAfterMs).toBeLessThanOrEqual((WINDOW_MINUTES + 1) * 60_000);
      expect(await queue.getJobState(digest.id)).toBe('delayed');
    }

    // The first e-mail goes out now; the digest when the window closes, brought forward here.
    await Promise.all(editors.map((editor) => smtp.waitForMessagesTo(editor.email, 1)));
    for (const editor of editors) {
      const [digest] = await mailsTo(editor, 'message-digest');
      await (await queue.getJob(digest.id))!.promote();
    }
    await Promise.all(editors.map((editor) => smtp.waitForMessagesTo(editor.email, 2)));
    for (const editor of editors) {
      const [atOnce, digestText] = textOf(editor);
      expect(atOnce).toContain(subjects[0]);
      expect(digestText).toContain('sent you 29 more messages');
      for (const subject of subjects.slice(1)) expect(digestText).toContain(`${subject}\n`);
      expect(textOf(editor)).toHaveLength(2);
    }
  });

  it('puts a message written after the digest went out into a new digest a window later, and leaves other senders alone', async () => {
    const [flooder, other] = await Promise.all([createPerson(testApp, 'reviewer'), createPerson(testApp, 'reviewer')]);
    const [editor] = editors;
    await send(flooder, 'Burst one').expect(201);
    await send(flooder, 'Burst two').expect(201);
    const [firstDigest] = await mailsTo(editor, 'message-digest').then((rows) => rows.filter((row) => row.data.messages?.[0].messageSubject === 'Burst two'));
    await (await queue.getJob(firstDigest.id))!.promote();
    await waitFor(async () => (await sql<{ status: string }>(testApp.app, 'select status from outbox_mails where id = ?', [firstDigest.id]))[0].status === 'sent', 10_000, 'the digest sent');
    expect(textOf(editor).some((text) => text.includes('sent you 1 more messages') && text.includes('Burst two'))).toBe(true);

    await send(flooder, 'Burst three').expect(201);
    const next = (await mailsTo(editor, 'message-digest')).find((row) => row.data.messages?.some((message) => message.messageSubject === 'Burst three'))!;
    expect(next.id).not.toBe(firstDigest.id);
    expect(next.data.messages!.map((message) => message.messageSubject)).toEqual(['Burst three']);
    expect(await queue.getJobState(next.id)).toBe('delayed');
    expect(new Date(next.next_attempt_at!).getTime() - new Date(firstDigest.next_attempt_at!).getTime()).toBe(WINDOW_MINUTES * 60_000);

    // Another reviewer's first message reaches the editor at once.
    await send(other, 'Unrelated').expect(201);
    const fromOther = (await mailsTo(editor, 'message-received')).filter((row) => row.data.messageSubject === 'Unrelated');
    expect(fromOther).toHaveLength(1);
  });
});
