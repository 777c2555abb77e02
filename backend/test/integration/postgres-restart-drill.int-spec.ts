import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { createPerson, type Person, signUpBody } from '../support/accounts.js';
import {
  AnswerLog,
  checkExactlyOnce,
  drillEnvironment,
  outageSeconds,
  type PrivatePostgres,
  type PrivateRedis,
  sleep,
  startPrivatePostgres,
  startPrivateRedis,
  waitForReadiness,
} from '../support/fault-drills.js';
import { queueSignUpMails } from '../support/mail-drills.js';
import { pdfBytes, submissionFields } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { type SmtpCatcher, startSmtpCatcher, waitFor } from '../support/smtp-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

// Drill (d): PostgreSQL restarts (a fast shutdown, which ends every session, then a start on
// the same data) while e-mails are being sent and people are signing up, paying, submitting,
// reviewing, commenting and writing messages. A PostgreSQL cluster of its own (initdb on a free
// port), a Redis and an SMTP catcher of its own; the API and the worker are not restarted.
// Readiness answers 503 (database down) while it is down and 200 after; no request answers 500
// (503 while it is down, 2xx after); every write answered 2xx is still there afterwards; every
// outbox row is sent and arrives exactly once, by Message-ID.

const DOWN_SECONDS = outageSeconds('FAULT_DRILL_POSTGRES_DOWN_SECONDS', 10);

interface Accepted {
  users: string[];
  payments: string[];
  papers: string[];
  reviews: string[];
  comments: string[];
  messages: string[];
}

describe('the journal when PostgreSQL restarts mid-flight', () => {
  const run = randomUUID().slice(0, 8);
  const studentsFrom = (start: number, count: number) =>
    Array.from({ length: count }, (_, offset) => ({ to: `pg-${run}-${start + offset}@example.org`, firstName: `Student ${start + offset}` }));
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let smtp: SmtpCatcher;
  let api: TestApp;
  let worker: INestApplicationContext;
  let environment: { restore(): void } | undefined;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    await postgres.createDatabase('journal');
    redis = await startPrivateRedis();
    // A slow relay, so that e-mails are still going out when PostgreSQL stops.
    smtp = await startSmtpCatcher({ replyDelayMs: 100 });
    environment = drillEnvironment({
      DATABASE_URL: postgres.url('journal'),
      REDIS_URL: redis.url,
      REDIS_PREFIX: `drill-pg-${run}`,
      SMTP_URL: smtp.url,
      MAIL_RELAY_INTERVAL_SECONDS: '1',
      MAIL_STALE_AFTER_SECONDS: '5',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      PAYMENTS_PROVIDER: 'test',
      // The reviewer's messages of each round reach the editors at once, not in a digest due five
      // minutes later: the drill waits for every outbox row to be sent.
      MESSAGE_EMAIL_WINDOW_MINUTES: '0',
      // A read replica configured for the run would be the machine's PostgreSQL, not the drill's.
      ...(process.env.DATABASE_READ_URL ? { DATABASE_READ_URL: postgres.url('journal') } : {}),
    });
    api = await startTestApp();
    worker = await startTestWorker();
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await smtp?.close();
    await redis?.stop();
    await postgres?.close();
    environment?.restore();
  }, 60_000);

  it('answers 503 while it is down, then recovers: nothing accepted is lost, no 500, every e-mail exactly once', async () => {
    const orm = api.app.get(MikroORM);
    const query = <T>(sql: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(sql, params);
    const answers = new AnswerLog();
    const accepted: Accepted = { users: [], payments: [], papers: [], reviews: [], comments: [], messages: [] };

    const admin = await createPerson(api, 'admin');
    const reviewer = await createAssignableReviewer(api, admin.token);
    const author = await createPerson(api);
    // Read while the database is up: the rubric does not change during the drill.
    const criteria = await rubricScores(api);
    const as = (who: Person) => ({
      get: (url: string) => request(api.server).get(url).set('Authorization', `Bearer ${who.token}`),
      post: (url: string) => request(api.server).post(url).set('Authorization', `Bearer ${who.token}`),
    });
    const ok = (status: number) => status >= 200 && status < 300;

    /** One of each write, through the API as people make them; what is answered 2xx is remembered. */
    const writeRound = async (phase: string) => {
      const body = signUpBody();
      const signUp = answers.record(phase, 'sign-up', await request(api.server).post('/api/auth/sign-up').send(body));
      if (ok(signUp.status)) accepted.users.push(body.email.toLowerCase());

      const checkout = answers.record(phase, 'checkout', await as(author).post('/api/payments/checkout'));
      let paid = false;
      if (ok(checkout.status)) {
        const { sessionId } = checkout.body as { sessionId: string };
        const complete = answers.record(phase, 'test checkout', await as(author).post(`/api/payments/test-checkout/${sessionId}/complete`));
        const verify = answers.record(phase, 'verify payment', await as(author).post('/api/payments/verify').send({ sessionId }));
        paid = ok(complete.status) && ok(verify.status) && (verify.body as { verified: boolean }).verified;
        if (paid) accepted.payments.push(sessionId);
      }
      if (!paid) return;

      let submit = as(author).post('/api/papers');
      for (const [name, value] of Object.entries(submissionFields())) submit = submit.field(name, value);
      const paper = answers.record(phase, 'submission', await submit.attach('pdf', pdfBytes(4096), { filename: 'paper.pdf', contentType: 'application/pdf' }));
      if (!ok(paper.status)) return;
      const paperId = (paper.body as { id: string }).id;
      accepted.papers.push(paperId);

      const comment = answers.record(phase, 'comment', await as(author).post(`/api/papers/${paperId}/comments`).send({ comment: `Data for ${phase}` }));
      if (ok(comment.status)) accepted.comments.push((comment.body as { comment: { id: string } }).comment.id);

      const assignment = answers.record(phase, 'assign reviewer', await as(admin).post('/api/admin/reviews').send({ paperId, reviewerId: reviewer.id }));
      if (ok(assignment.status)) {
        const reviewId = (assignment.body as { id: string }).id;
        const review = answers.record(phase, 'review', await as(reviewer).post(`/api/reviews/${reviewId}/submit`).send({ text: `Sound (${phase}).`, recommendation: 'accept', criteria }));
        if (ok(review.status)) accepted.reviews.push(reviewId);
      }

      const message = answers.record(phase, 'message', await as(reviewer).post('/api/messages').field('subject', `A question (${phase})`).field('body', 'Is the data in?'));
      if (ok(message.status)) accepted.messages.push((message.body as { id: string }).id);
    };

    // Before: writes and a stream of e-mails, slow enough that some are in flight at the stop.
    await writeRound('before');
    expect(answers.inPhase('before').every((answer) => ok(answer.status))).toBe(true);
    smtp.holdRepliesAfter(20); // the relay stalls: e-mails are on their way at the stop on any machine
    // Ten to a transaction, so they go in batch jobs (MAIL_BATCH_SIZE), as a decision's or a bulk write's would.
    for (let start = 0; start < 150; start += 10) await queueSignUpMails(api, studentsFrom(start, 10));
    await waitFor(() => smtp.messages.length >= 20, 30_000, 'the first e-mails to go out');

    const queuedAtTheStop = Number((await query<{ n: number }>('select count(*)::int as n from outbox_mails'))[0]?.n);
    await postgres.stop('fast');
    const stoppedAt = Date.now();
    const caughtAtTheStop = smtp.messages.length;
    const down = await waitForReadiness(api, 503, 10_000);
    expect(down.body).toEqual({ status: 'error', checks: { database: 'down', redis: 'up', storage: 'up' } });
    // While it is down, requests fail with 503 (never 500) and record nothing half-done.
    await writeRound('during');
    answers.record('during', 'public list', await request(api.server).get('/api/papers'));
    answers.record('during', 'sign-in', await request(api.server).post('/api/auth/sign-in').send({ email: author.email, password: 'correct-horse-1' }));
    const rest = stoppedAt + DOWN_SECONDS * 1000 - Date.now();
    if (rest > 0) await sleep(rest);
    const stillDown = await waitForReadiness(api, 503, 5_000);

    await postgres.start();
    const restartedAt = Date.now();
    // The API and the worker recover by themselves: neither is restarted.
    await waitForReadiness(api, 200, 30_000);
    const readyAfterSeconds = (Date.now() - restartedAt) / 1000;
    smtp.releaseReplies();

    // After: the first requests meet the pools' connections from before the restart.
    await writeRound('after');
    for (let index = 0; index < 10; index += 1) {
      answers.record('after', 'public list', await request(api.server).get('/api/papers'));
      answers.record('after', 'own papers', await as(author).get('/api/papers/mine'));
      answers.record('after', 'session', await as(author).get('/api/auth/session'));
    }
    await writeRound('after');
    for (let start = 150; start < 200; start += 10) await queueSignUpMails(api, studentsFrom(start, 10));

    const unsent = async () => Number((await query<{ n: number }>(`select count(*)::int as n from outbox_mails where status <> 'sent'`))[0]?.n);
    await waitFor(async () => (await unsent()) === 0, 120_000, 'every outbox row to be sent');
    const drainedSeconds = (Date.now() - restartedAt) / 1000;
    await sleep(2000); // a copy sent twice would show up by now

    const rows = await query<{ id: string; status: string }>('select id, status from outbox_mails');
    const delivery = checkExactlyOnce(
      rows.map((row) => row.id),
      smtp.messages.map((message) => ({ messageId: message.mail.messageId })),
    );
    const during = answers.inPhase('during');
    console.log(
      `PostgreSQL drill: down ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s, ready again ${readyAfterSeconds.toFixed(1)} s after the start, ` +
        `${rows.length} e-mails all sent ${drainedSeconds.toFixed(1)} s after the start, ${smtp.messages.length} copies caught (${caughtAtTheStop} of ${queuedAtTheStop} at the stop); ` +
        `answers while down: ${during.map((answer) => `${answer.what} ${answer.status}`).join(', ')}`,
    );

    expect(stillDown.status).toBe(503);
    // The drill means something only if e-mails were still on their way when PostgreSQL stopped.
    expect(caughtAtTheStop).toBeLessThan(queuedAtTheStop);
    // No 500 at any time; while down, only 503 (or 401 for a session the API could not look up: none here).
    expect(answers.serverErrors()).toEqual([]);
    expect(during.filter((answer) => answer.status !== 503)).toEqual([]);
    // After the restart, everything works again.
    expect(answers.inPhase('after').filter((answer) => !ok(answer.status))).toEqual([]);

    // Every write answered 2xx is there.
    const count = async (sql: string, ids: string[]) => (ids.length === 0 ? 0 : Number((await query<{ n: number }>(sql, [JSON.stringify(ids)]))[0]?.n));
    expect(await count('select count(*)::int as n from users where email in (select jsonb_array_elements_text(?::jsonb))', accepted.users)).toBe(accepted.users.length);
    expect(await count(`select count(*)::int as n from payments where provider_session_id in (select jsonb_array_elements_text(?::jsonb)) and status = 'paid'`, accepted.payments)).toBe(accepted.payments.length);
    expect(await count(`select count(*)::int as n from research_papers where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`, accepted.papers)).toBe(accepted.papers.length);
    expect(await count(`select count(*)::int as n from paper_comments where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`, accepted.comments)).toBe(accepted.comments.length);
    expect(await count(`select count(*)::int as n from paper_reviews where id in (select jsonb_array_elements_text(?::jsonb)::uuid) and submitted_at is not null`, accepted.reviews)).toBe(accepted.reviews.length);
    expect(await count(`select count(*)::int as n from reviewer_messages where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`, accepted.messages)).toBe(accepted.messages.length);
    expect(accepted.papers.length).toBe(3); // one before, two after

    // Every e-mail, exactly once (no e-mail was sent twice: no worker died, only its database).
    expect(delivery).toEqual({ missing: [], tooMany: [], strangers: [], repeatedInFlight: [] });
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  }, (DOWN_SECONDS + 300) * 1000);
});
