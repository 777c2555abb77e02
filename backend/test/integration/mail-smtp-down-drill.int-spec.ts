import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { signUpBody } from '../support/accounts.js';
import {
  AnswerLog,
  checkExactlyOnce,
  drillEnvironment,
  outageSeconds,
  outboxIdOf,
  type PrivateRedis,
  readiness,
  type RestartableSmtpCatcher,
  sleep,
  startPrivateRedis,
  startRestartableSmtpCatcher,
} from '../support/fault-drills.js';
import { queueSignUpMails } from '../support/mail-drills.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { waitFor } from '../support/smtp-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

// Drill (b): the SMTP server is down for a minute (FAULT_DRILL_SMTP_DOWN_SECONDS, 60 by default)
// while e-mails are being sent and more are queued. The API does not need SMTP, so it stays ready
// and keeps accepting sign-ups; the worker retries with its backoff (10 s, 20 s, 40 s ...); once
// the server is back every outbox row is sent, each e-mail arrives exactly once (by Message-ID;
// only an e-mail the server had taken but not yet answered when it went down may arrive twice,
// with the same Message-ID), no row gives up (status failed), and no request answers 500.
// A database, a Redis and an SMTP server of its own: whole-table counts are this drill's alone.

const DOWN_SECONDS = outageSeconds('FAULT_DRILL_SMTP_DOWN_SECONDS', 60);

interface Row {
  id: string;
  recipient: string;
  status: string;
  attempts: number;
}

describe('e-mail when the SMTP server is down for a while', () => {
  const run = randomUUID().slice(0, 8);
  const own = scratchDatabase(`smtp_drill_${run}`);
  let redis: PrivateRedis;
  let smtp: RestartableSmtpCatcher;
  let api: TestApp;
  let worker: INestApplicationContext;
  let environment: { restore(): void } | undefined;

  beforeAll(async () => {
    await own.create();
    redis = await startPrivateRedis();
    // Slow enough that e-mails are still waiting when the server goes down.
    smtp = await startRestartableSmtpCatcher({ replyDelayMs: 50 });
    environment = drillEnvironment({
      DATABASE_URL: own.url.toString(),
      REDIS_URL: redis.url,
      REDIS_PREFIX: `drill-smtp-${run}`,
      SMTP_URL: smtp.url,
      // The relay looks for lost jobs every second: it must not send anything twice either.
      MAIL_RELAY_INTERVAL_SECONDS: '1',
      MAIL_STALE_AFTER_SECONDS: '5',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    });
    api = await startTestApp();
    worker = await startTestWorker();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
    await redis?.stop();
    environment?.restore();
    await own.drop();
  }, 60_000);

  it('sends every e-mail exactly once after the outage, while the API stays ready and answers no 500', async () => {
    const orm = api.app.get(MikroORM);
    const rows = () => orm.em.getConnection().execute<Row[]>('select id, recipient, status, attempts from outbox_mails');
    const answers = new AnswerLog();
    const accepted: string[] = [];
    let queued = 0;

    // Ten e-mails to a transaction, so they go in batch jobs; a failure hands each to a job of its own.
    const queue = async (count: number) => {
      for (let done = 0; done < count; done += 10) {
        const people = Array.from({ length: Math.min(10, count - done) }, () => {
          queued += 1;
          return { to: `smtp-${run}-${queued}@example.org`, firstName: `Student ${queued}` };
        });
        await queueSignUpMails(api, people);
      }
    };
    const signUp = async (phase: string) => {
      const body = signUpBody();
      const response = answers.record(phase, 'sign-up', await request(api.server).post('/api/auth/sign-up').send(body));
      if (response.status === 201) accepted.push(body.email.toLowerCase());
    };

    smtp.holdRepliesAfter(20); // the relay stalls: e-mails are unsent at the stop on any machine
    await queue(150);
    for (let index = 0; index < 3; index += 1) await signUp('before');
    await waitFor(() => smtp.messages.length >= 20, 30_000, 'the first e-mails to go out');

    await smtp.stop();
    const stoppedAt = Date.now();
    const unsentAtTheStop = (await rows()).filter((row) => row.status !== 'sent').length;

    // Down: the API does not depend on SMTP, so it stays ready and keeps taking sign-ups.
    const during = await readiness(api);
    expect(during).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'up', redis: 'up', storage: 'up' } } });
    await queue(100);
    for (let index = 0; index < 3; index += 1) await signUp('during');
    const rest = stoppedAt + DOWN_SECONDS * 1000 - Date.now();
    if (rest > 0) await sleep(rest);
    const retried = (await rows()).filter((row) => row.status !== 'sent' && row.attempts >= 2).length;
    const failedDuring = (await rows()).filter((row) => row.status === 'failed').length;

    await smtp.start();
    const restartedAt = Date.now();
    // The backoff's longest wait that can straddle the end of a 60 s outage is 40 s.
    await waitFor(async () => (await rows()).every((row) => row.status === 'sent'), 150_000, 'every outbox row to be sent').catch(async (error: unknown) => {
      const left = await orm.em
        .getConnection()
        .execute(`select status, attempts, last_error, next_attempt_at, last_attempt_at from outbox_mails where status <> 'sent' order by next_attempt_at limit 5`);
      console.log(`Unsent after the restart (${smtp.messages.length} copies caught):`, JSON.stringify(left, null, 1));
      throw error;
    });
    const drainedSeconds = (Date.now() - restartedAt) / 1000;

    for (let index = 0; index < 3; index += 1) await signUp('after');
    answers.record('after', 'readiness', await request(api.server).get('/api/health'));
    answers.record('after', 'papers', await request(api.server).get('/api/papers'));
    await waitFor(async () => (await rows()).every((row) => row.status === 'sent'), 60_000, 'the last sign-ups to be sent');
    await sleep(2000); // a copy sent twice would show up by now

    const all = await rows();
    // Read now, not at the stop: a copy still being parsed when the server stopped is caught after
    // it, unanswered, and was in flight all the same (a relay started again answers every copy).
    const inFlight = new Set(smtp.messages.filter((message) => !message.acknowledged).map((message) => outboxIdOf(message.messageId) ?? ''));
    const delivery = checkExactlyOnce(
      all.map((row) => row.id),
      smtp.messages,
      inFlight,
    );
    console.log(
      `SMTP drill: down ${DOWN_SECONDS} s, ${all.length} e-mails, ${unsentAtTheStop} unsent at the stop, ${retried} retried during the outage, ` +
        `all sent ${drainedSeconds.toFixed(1)} s after the restart, ${smtp.messages.length} copies caught, ${delivery.repeatedInFlight.length} repeated (in flight)`,
    );
    expect(delivery).toEqual({ missing: [], tooMany: [], strangers: [], repeatedInFlight: expect.any(Array) as unknown });
    expect(all).toHaveLength(queued + accepted.length);
    expect(failedDuring).toBe(0);
    // The drill means something only if the outage held e-mails back and the worker met it.
    expect(unsentAtTheStop).toBeGreaterThan(0);
    expect(retried).toBeGreaterThan(0);

    // Every accepted sign-up is there, with its confirmation e-mail.
    expect(answers.answers.filter((answer) => answer.what === 'sign-up').every((answer) => answer.status === 201)).toBe(true);
    const users = await orm.em.getConnection().execute<{ email: string }[]>('select email from users');
    expect(users.map((user) => user.email).sort()).toEqual([...accepted].sort());
    for (const email of accepted) expect(smtp.messages.filter((message) => message.envelopeTo.includes(email)).length).toBeGreaterThanOrEqual(1);
    expect(answers.inPhase('after').map((answer) => answer.status)).toEqual([201, 201, 201, 200, 200]);
  }, (DOWN_SECONDS + 300) * 1000);
});
