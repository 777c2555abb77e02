import { randomUUID } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { createAccount, signIn, sql } from '../support/accounts.js';
import { StripeStub } from '../support/stripe-stub.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Few enough that checkouts holding a connection each while Stripe answers would take them all. */
const POOL_MAX = 3;

/**
 * Checkout records its attempt, then calls Stripe with no transaction open, then records the
 * session (PaymentsService.createCheckout): a slow Stripe holds neither a connection nor a lock.
 */
describe('checkout while Stripe is slow or fails', () => {
  const stub = new StripeStub();
  let testApp: TestApp;
  let observer: pg.Client;

  beforeAll(async () => {
    await stub.start();
    testApp = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_journal_checkout_attempts',
        STRIPE_WEBHOOK_SECRET: 'whsec_test_journal_checkout_attempts',
        STRIPE_API_URL: stub.url,
        PAYMENTS_PROVIDER: undefined,
        DATABASE_POOL_MAX: String(POOL_MAX),
      },
    });
    // Outside the app's pool, so it answers even if the app's connections were all taken.
    observer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await observer.connect();
  });

  afterAll(async () => {
    stub.release();
    await observer.end();
    await testApp.close();
    await stub.stop();
  });

  afterEach(() => {
    stub.release();
    stub.mode = 'up';
  });

  async function author() {
    const account = await createAccount(testApp);
    const { accessToken } = await signIn(testApp, account.email, account.password);
    return { id: account.id, auth: `Bearer ${accessToken}` };
  }

  const checkout = (auth: string) => request(testApp.server).post('/api/payments/checkout').set('Authorization', auth);
  const attemptsOf = (userId: string) => sql<{ id: string }>(testApp.app, 'select id from payment_checkout_attempts where user_id = ?', [userId]);
  const paymentsOf = (userId: string) =>
    sql<{ id: string; provider_session_id: string; status: string }>(testApp.app, 'select id, provider_session_id, status from payments where user_id = ?', [userId]);

  it('holds no transaction, lock or connection while Stripe answers: the authors’ other requests go on', async () => {
    const authors = await Promise.all(Array.from({ length: POOL_MAX }, () => author()));
    stub.hold();
    const checkouts = authors.map((user) => checkout(user.auth).then((response) => response));
    await stub.waitingFor(POOL_MAX);

    const [waiting] = authors;
    await request(testApp.server).get('/api/papers/mine').set('Authorization', waiting.auth).timeout(3_000).expect(200);
    const fee = await request(testApp.server).get('/api/payments/submission-fee').set('Authorization', waiting.auth).timeout(3_000).expect(200);
    expect(fee.body.status).toBe('unpaid');
    const { rows: open } = await observer.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'",
    );
    expect(open[0]?.count).toBe(0);
    const { rows: locks } = await observer.query<{ count: number }>(
      "select count(*)::int as count from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
    );
    expect(locks[0]?.count).toBe(0);
    // What is recorded meanwhile: each author's attempt, no payment yet.
    for (const user of authors) {
      expect(await attemptsOf(user.id)).toHaveLength(1);
      expect(await paymentsOf(user.id)).toHaveLength(0);
    }

    stub.release();
    const responses = await Promise.all(checkouts);
    for (const response of responses) expect(response.status).toBe(201);
    expect(new Set(responses.map((response) => (response.body as { sessionId: string }).sessionId)).size).toBe(POOL_MAX);
    for (const user of authors) {
      expect(await attemptsOf(user.id)).toHaveLength(0);
      expect(await paymentsOf(user.id)).toHaveLength(1);
    }
  });

  it('makes a second checkout of the author wait for the session of the first, not a session of its own', async () => {
    const user = await author();
    const before = stub.created.length;
    stub.hold();
    const first = checkout(user.auth).then((response) => response);
    await stub.waitingFor(1);
    const second = checkout(user.auth).then((response) => response);
    // Long enough for the second to reach Stripe if it were going to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stub.created).toHaveLength(before + 1);
    stub.release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(stub.created).toHaveLength(before + 1);
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it('ends the attempt when Stripe fails, so the next checkout tries again and succeeds', async () => {
    const user = await author();
    stub.mode = 'down';
    await checkout(user.auth).expect(503);
    expect(await attemptsOf(user.id)).toHaveLength(0);
    expect(await paymentsOf(user.id)).toHaveLength(0);

    stub.mode = 'up';
    const response = await checkout(user.auth).expect(201);
    const payments = await paymentsOf(user.id);
    expect(payments).toEqual([{ id: expect.any(String), provider_session_id: response.body.sessionId, status: 'pending' }]);
    expect(stub.idempotencyKeys.at(-1)).toBe(`submission-fee-${payments[0]?.id}`);
    expect(await attemptsOf(user.id)).toHaveLength(0);
  });

  it('takes over the stale attempt of a request that died after Stripe answered, and offers that session', async () => {
    const user = await author();
    const attemptId = randomUUID();
    await sql(testApp.app, "insert into payment_checkout_attempts (user_id, id, started_at) values (?, ?, now() - interval '5 minutes')", [user.id, attemptId]);
    // The dead request had reached Stripe with the attempt's key.
    const earlier = await fetch(`${stub.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `submission-fee-${attemptId}` },
      body: new URLSearchParams({ client_reference_id: user.id, 'line_items[0][price_data][unit_amount]': '10000', 'line_items[0][price_data][currency]': 'usd' }),
    });
    const made = (await earlier.json()) as { id: string };
    const before = stub.created.length;

    const response = await checkout(user.auth).expect(201);
    expect(response.body.sessionId).toBe(made.id);
    expect(stub.created).toHaveLength(before);
    expect(stub.idempotencyKeys.at(-1)).toBe(`submission-fee-${attemptId}`);
    expect(await paymentsOf(user.id)).toEqual([{ id: attemptId, provider_session_id: made.id, status: 'pending' }]);
    expect(await attemptsOf(user.id)).toHaveLength(0);
  });
});
