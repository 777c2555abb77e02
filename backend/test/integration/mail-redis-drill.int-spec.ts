import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { signUpBody } from '../support/accounts.js';
import { checkExactlyOnce, waitForReadiness } from '../support/fault-drills.js';
import { queueSignUpMail, queueSignUpMails, stopProcess } from '../support/mail-drills.js';
import { type SmtpCatcher, startSmtpCatcher, waitFor } from '../support/smtp-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

/** A loopback port nothing listens on. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real Redis without persistence, as `npm start` and many hosts run it: a restart empties it. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return child;
}

describe('e-mail when Redis restarts empty mid-flight', () => {
  const COUNT = 240;
  const variables = { MAIL_RELAY_INTERVAL_SECONDS: '1', MAIL_STALE_AFTER_SECONDS: '2' } as Record<string, string>;
  const saved: Record<string, string | undefined> = {};
  let port: number;
  let redis: ChildProcess;
  let smtp: SmtpCatcher;
  let api: TestApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    port = await unusedPort();
    redis = await startRedis(port);
    smtp = await startSmtpCatcher();
    Object.assign(variables, { REDIS_URL: `redis://127.0.0.1:${port}`, SMTP_URL: smtp.url });
    for (const [key, value] of Object.entries(variables)) {
      saved[key] = process.env[key];
      process.env[key] = value; // read when the modules build their configuration
    }
    api = await startTestApp();
    worker = await startTestWorker();
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
    if (redis) await stopProcess(redis);
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }, 30_000);

  it('delivers every e-mail and marks every row sent', async () => {
    const orm = api.app.get(MikroORM);
    const run = randomUUID().slice(0, 8);
    const recipient = (index: number) => `drill-${run}-${index}@example.org`;

    const signUpMail = (index: number) => queueSignUpMail(api, recipient(index), `Student ${index}`);

    const delivered = () => new Set(smtp.messages.flatMap((message) => message.envelopeTo).filter((to) => to.startsWith(`drill-${run}-`))).size;
    const unsent = async () =>
      Number((await orm.em.getConnection().execute<{ n: number }[]>(`select count(*)::int as n from outbox_mails where recipient like ? and status <> 'sent'`, [`drill-${run}-%`]))[0]?.n);

    const first = COUNT * 0.75;
    const ids: string[] = [];
    // The relay stalls after the first e-mails, so Redis dies with work in hand on any machine.
    smtp.holdRepliesAfter(COUNT / 8);
    // Before the crash, ten e-mails to a transaction (batch jobs); while Redis is down, one each.
    for (let index = 0; index < first; index += 10) {
      const people = Array.from({ length: 10 }, (_, offset) => ({ to: recipient(index + offset), firstName: `Student ${index + offset}` }));
      ids.push(...(await queueSignUpMails(api, people)).map((mail) => mail.id));
    }
    await waitFor(() => delivered() >= COUNT / 8, 30_000, 'the first e-mails to go out');

    await stopProcess(redis);
    const unsentAtTheCrash = await unsent();
    // What was on its way when Redis died: only these may arrive twice (same Message-ID).
    const inFlight = new Set(
      (await orm.em.getConnection().execute<{ id: string }[]>(`select id from outbox_mails where recipient like ? and status <> 'sent'`, [`drill-${run}-%`])).map((row) => row.id),
    );
    // Readiness says so while it is down.
    const down = await waitForReadiness(api, 503, 10_000);
    expect(down.body).toEqual({ status: 'error', checks: { database: 'up', redis: 'down', storage: 'up' } });
    // While Redis is down, sign-ups still commit (each waits out the dispatch timeout); their e-mails wait in the outbox.
    const during = await Promise.all(Array.from({ length: COUNT - first }, (_, offset) => signUpMail(first + offset)));
    ids.push(...during.map((mail) => mail.id));
    redis = await startRedis(port);
    // The API reconnects by itself (no restart): ready again, and its requests answer no 500.
    await waitForReadiness(api, 200, 30_000);
    const after = [
      await request(api.server).post('/api/auth/sign-up').send(signUpBody()),
      await request(api.server).get('/api/papers'),
      await request(api.server).get('/api/health/live'),
    ].map((response) => response.status);
    expect(after).toEqual([201, 200, 200]);
    smtp.releaseReplies();

    await waitFor(async () => (await unsent()) === 0, 90_000, 'every outbox row to be sent');
    expect(delivered()).toBe(COUNT);
    for (let index = 0; index < COUNT; index += 1) expect(smtp.messagesTo(recipient(index)).length).toBeGreaterThanOrEqual(1);
    // Exactly once by Message-ID, but for what was in flight at the crash (at most twice, same Message-ID).
    const ours = smtp.messages.filter((message) => message.envelopeTo.some((to) => to.startsWith(`drill-${run}-`)));
    const delivery = checkExactlyOnce(ids, ours.map((message) => ({ messageId: message.mail.messageId })), inFlight);
    expect(delivery).toEqual({ missing: [], tooMany: [], strangers: [], repeatedInFlight: expect.any(Array) as unknown });
    // The drill means something only if Redis took work with it.
    expect(unsentAtTheCrash).toBeGreaterThan(0);
  }, 120_000);
});
