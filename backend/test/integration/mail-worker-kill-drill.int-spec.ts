import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MikroORM } from '@mikro-orm/postgresql';
import { queueSignUpMails, stopProcess } from '../support/mail-drills.js';
import { type SmtpCatcher, startSmtpCatcher, waitFor } from '../support/smtp-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A worker killed with SIGKILL in the middle of sending: its e-mails go out again (BullMQ hands
// the stalled jobs to the next worker once their locks lapse), only those it had in hand can arrive
// twice, every attempt is on the outbox row, and a copy carries the first one's Message-ID. The
// e-mails are committed six at a time, so the kill takes batch jobs with it, half-sent.

const backendDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const workerEntry = join(backendDir, 'dist', 'worker.js');

/** The built worker as its own process (`npm test` builds before it runs the backend's suites). */
async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  if (!existsSync(workerEntry)) throw new Error(`${workerEntry} is missing: run \`npm run build -w backend\` first`);
  const child = spawn(process.execPath, [workerEntry], {
    cwd: backendDir,
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${output.slice(-2000)}`)), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code}:\n${output.slice(-2000)}`));
    });
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('The worker is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
  });
  child.removeAllListeners('exit');
  // Keep draining its output so a chatty worker never blocks on a full pipe.
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.removeAllListeners('data').resume();
  return child;
}

interface OutboxRow {
  id: string;
  recipient: string;
  status: string;
  attempts: number;
  last_attempt_at: Date | null;
}

describe('e-mail when a worker is killed mid-send', () => {
  const COUNT = 60;
  const BATCH = 6;
  const run = randomUUID().slice(0, 8);
  // Its own queue prefix, so no other suite's leftover jobs share the drill's queue.
  const env = { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? 'test'}-kill-${run}` } as Record<string, string>;
  let smtp: SmtpCatcher;
  let api: TestApp;
  let first: ChildProcess | undefined;
  let second: ChildProcess | undefined;

  beforeAll(async () => {
    // Slow enough that the worker always has a full hand (its concurrency) in flight.
    smtp = await startSmtpCatcher({ replyDelayMs: 300 });
    env.SMTP_URL = smtp.url;
    api = await startTestApp({ env });
  });

  afterAll(async () => {
    await stopProcess(first);
    await stopProcess(second, 'SIGTERM');
    await api?.close();
    await smtp?.close();
  }, 30_000);

  it('sends every e-mail again, twice only those in flight, with the same Message-ID and every attempt recorded', async () => {
    const orm = api.app.get(MikroORM);
    const recipient = (index: number) => `kill-${run}-${index}@example.org`;
    const rows = () =>
      orm.em
        .getConnection()
        .execute<OutboxRow[]>(`select id, recipient, status, attempts, last_attempt_at from outbox_mails where recipient like ?`, [`kill-${run}-%`]);

    first = await startWorkerProcess(env);
    // The relay stalls after the first e-mails: the kill finds sends in hand on any machine.
    smtp.holdRepliesAfter(10);
    for (let index = 0; index < COUNT; index += BATCH) {
      const people = Array.from({ length: BATCH }, (_, offset) => ({ to: recipient(index + offset), firstName: `Student ${index + offset}` }));
      await queueSignUpMails(api, people);
    }
    const ours = () => smtp.messages.filter((message) => message.envelopeTo.some((to) => to.startsWith(`kill-${run}-`)));
    await waitFor(() => ours().length >= 10, 60_000, 'the first e-mails to go out');

    await stopProcess(first);
    // What the killed worker had in hand: attempts started and never marked sent.
    const inFlight = (await rows()).filter((row) => row.status !== 'sent' && row.attempts > 0);
    expect(inFlight.length).toBeGreaterThan(0); // the drill means something only if the kill took work with it

    smtp.releaseReplies();
    second = await startWorkerProcess(env);
    await waitFor(async () => (await rows()).every((row) => row.status === 'sent'), 90_000, 'every outbox row to be sent');

    const delivered = ours();
    for (let index = 0; index < COUNT; index += 1) {
      expect(smtp.messagesTo(recipient(index)).length).toBeGreaterThanOrEqual(1);
    }
    const inFlightRecipients = new Set(inFlight.map((row) => row.recipient));
    const duplicated = [...new Set(delivered.flatMap((message) => message.envelopeTo))].filter((to) => smtp.messagesTo(to).length > 1);
    // The slow relay kept what was in hand when the worker died, so copies are expected: only of
    // what was in flight, never more than one, and each with the original's Message-ID.
    expect(duplicated.length).toBeGreaterThan(0);
    for (const to of duplicated) {
      expect(inFlightRecipients.has(to)).toBe(true);
      const copies = smtp.messagesTo(to);
      expect(copies).toHaveLength(2);
      expect(new Set(copies.map((copy) => copy.mail.messageId)).size).toBe(1);
    }
    expect(delivered.length).toBeLessThanOrEqual(COUNT + inFlight.length);
    // The killed attempt is counted, and so is the one that sent it.
    const after = new Map((await rows()).map((row) => [row.id, row]));
    for (const row of inFlight) expect(after.get(row.id)?.attempts).toBeGreaterThanOrEqual(2);
  }, 150_000);
});
