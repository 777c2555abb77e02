import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';
import { createAccount, signIn, sql } from '../support/accounts.js';
import { StripeStub } from '../support/stripe-stub.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_journal_payments';
const PUBLIC_URL = 'http://journal.test';

/** The Stripe provider, through the real Stripe SDK against a local stub of its Checkout API. */
describe('payments with Stripe', () => {
  const stub = new StripeStub();
  let testApp: TestApp;

  beforeAll(async () => {
    await stub.start();
    testApp = await startTestApp({
      env: {
        PUBLIC_URL,
        STRIPE_SECRET_KEY: 'sk_test_journal_payments',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stub.url,
        PAYMENTS_PROVIDER: undefined,
      },
    });
  });

  afterAll(async () => {
    await testApp.close();
    await stub.stop();
  });

  beforeEach(() => {
    stub.mode = 'up';
  });

  async function author() {
    const account = await createAccount(testApp);
    const { accessToken } = await signIn(testApp, account.email, account.password);
    return { id: account.id, auth: `Bearer ${accessToken}` };
  }

  const checkout = (auth: string, body?: object) => request(testApp.server).post('/api/payments/checkout').set('Authorization', auth).send(body);
  const verify = (auth: string, sessionId: string) =>
    request(testApp.server).post('/api/payments/verify').set('Authorization', auth).send({ sessionId });
  const paymentRows = (sessionId: string) =>
    sql<{ user_id: string; status: string; paper_id: string | null; paid_at: Date | null }>(
      testApp.app,
      'select user_id, status, paper_id, paid_at from payments where provider_session_id = ?',
      [sessionId],
    );

  function webhook(payload: string, signature?: string, body: string = payload) {
    const call = request(testApp.server).post('/api/payments/webhook').set('Content-Type', 'application/json');
    return (signature === undefined ? call : call.set('Stripe-Signature', signature)).send(body);
  }

  function sign(payload: string, timestamp?: number): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...(timestamp !== undefined && { timestamp }) });
  }

  function sessionEvent(type: string, session: Record<string, unknown>): string {
    const event = { id: `evt_${randomUUID()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: { object: 'checkout.session', ...session } } };
    return JSON.stringify(event, null, 2);
  }

  function paidSession(id: string, userId: string, overrides: Record<string, unknown> = {}) {
    return { id, payment_status: 'paid', status: 'complete', amount_total: 10000, currency: 'usd', client_reference_id: userId, metadata: { userId }, ...overrides };
  }

  describe('checkout', () => {
    it('creates one Checkout Session for 10000 usd at Stripe and ignores any price in the body', async () => {
      const user = await author();
      const before = stub.created.length;
      const response = await checkout(user.auth, {}).expect(201);
      expect(response.body).toEqual({ sessionId: expect.stringMatching(/^cs_test_/), url: `https://checkout.stripe.test/c/pay/${response.body.sessionId}` });
      expect(stub.created).toHaveLength(before + 1);
      const sent = stub.created.at(-1)!;
      expect(Object.fromEntries(sent)).toMatchObject({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': '10000',
        'line_items[0][price_data][product_data][name]': expect.stringMatching(/submission fee$/),
        'line_items[0][quantity]': '1',
        client_reference_id: user.id,
        'metadata[userId]': user.id,
        success_url: `${PUBLIC_URL}/submit?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_URL}/submit?payment=canceled`,
      });
      const [row] = await paymentRows(response.body.sessionId);
      expect(row).toMatchObject({ user_id: user.id, status: 'pending', paper_id: null, paid_at: null });

      // A body with a price is not part of the contract: no price ever comes from the client.
      const priced = await author();
      await checkout(priced.auth, { amount: 1, currency: 'eur' }).expect(201);
      expect(stub.created.at(-1)!.get('line_items[0][price_data][unit_amount]')).toBe('10000');
    });

    it('makes one session for a double click, even when both requests arrive at once', async () => {
      const user = await author();
      const before = stub.created.length;
      const [first, second] = await Promise.all([checkout(user.auth), checkout(user.auth)]);
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect(stub.created).toHaveLength(before + 1);
      expect(await sql(testApp.app, 'select 1 from payments where user_id = ?', [user.id])).toHaveLength(1);
      // And later, while the session is open, the same one again.
      expect((await checkout(user.auth).expect(201)).body).toEqual(first.body);
    });

    it('answers 503 PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached, and records nothing', async () => {
      const user = await author();
      stub.mode = 'down';
      const response = await checkout(user.auth).expect(503);
      expect(response.body).toEqual({ statusCode: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: expect.any(String) });
      expect(await sql(testApp.app, 'select 1 from payments where user_id = ?', [user.id])).toHaveLength(0);
    });

    it('refuses a checkout while an unused paid fee exists (409)', async () => {
      const user = await author();
      const { sessionId } = (await checkout(user.auth).expect(201)).body as { sessionId: string };
      stub.setSession(sessionId, { payment_status: 'paid', status: 'complete' });
      expect((await verify(user.auth, sessionId).expect(200)).body).toEqual({ verified: true });
      const response = await checkout(user.auth).expect(409);
      expect(response.body).toMatchObject({ statusCode: 409, code: 'PAYMENT_ALREADY_PAID' });
      const fee = await request(testApp.server).get('/api/payments/submission-fee').set('Authorization', user.auth).expect(200);
      expect(fee.body).toEqual({ status: 'paid', amount: 10000, currency: 'usd', provider: 'stripe' });
    });
  });

  describe('verify', () => {
    async function startedCheckout() {
      const user = await author();
      const { sessionId } = (await checkout(user.auth).expect(201)).body as { sessionId: string };
      return { user, sessionId };
    }

    it('accepts a paid session of the user for the fee, and records the payment as paid', async () => {
      const { user, sessionId } = await startedCheckout();
      stub.setSession(sessionId, { payment_status: 'paid', status: 'complete' });
      expect((await verify(user.auth, sessionId).expect(200)).body).toEqual({ verified: true });
      const [row] = await paymentRows(sessionId);
      expect(row).toMatchObject({ status: 'paid', paper_id: null });
      expect(row?.paid_at).not.toBeNull();
      // Idempotent.
      expect((await verify(user.auth, sessionId).expect(200)).body).toEqual({ verified: true });
      expect(await paymentRows(sessionId)).toHaveLength(1);
    });

    it.each([
      ['unpaid', { payment_status: 'unpaid' as const }],
      ['a wrong amount', { payment_status: 'paid' as const, amount_total: 5000 }],
      ['a wrong currency', { payment_status: 'paid' as const, currency: 'eur' }],
      ['another client reference', { payment_status: 'paid' as const, client_reference_id: randomUUID() }],
    ])('refuses a session that is %s', async (_label, session) => {
      const { user, sessionId } = await startedCheckout();
      stub.setSession(sessionId, { status: 'complete', ...session });
      expect((await verify(user.auth, sessionId).expect(200)).body).toEqual({ verified: false });
      expect((await paymentRows(sessionId))[0]?.status).toBe('pending');
    });

    it("refuses another user's paid session and an unknown id", async () => {
      const { sessionId } = await startedCheckout();
      stub.setSession(sessionId, { payment_status: 'paid', status: 'complete' });
      const other = await author();
      expect((await verify(other.auth, sessionId).expect(200)).body).toEqual({ verified: false });
      expect((await paymentRows(sessionId))[0]?.status).toBe('pending');
      expect((await verify(other.auth, 'cs_test_unknown_session').expect(200)).body).toEqual({ verified: false });
    });

    it('returns false when Stripe no longer knows the session', async () => {
      const { user, sessionId } = await startedCheckout();
      stub.sessions.delete(sessionId);
      expect((await verify(user.auth, sessionId).expect(200)).body).toEqual({ verified: false });
    });

    it('refuses a malformed session id with 400', async () => {
      const user = await author();
      for (const sessionId of ['', 'not a session', 42, 'cs_' + 'x'.repeat(300)]) {
        const response = await request(testApp.server).post('/api/payments/verify').set('Authorization', user.auth).send({ sessionId });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
      }
      const extra = await request(testApp.server).post('/api/payments/verify').set('Authorization', user.auth).send({ sessionId: 'cs_test_x', paid: true });
      expect(extra.status).toBe(400);
    });

    it('answers 503 PAYMENT_PROVIDER_UNAVAILABLE when Stripe cannot be reached', async () => {
      const { user, sessionId } = await startedCheckout();
      stub.mode = 'down';
      const response = await verify(user.auth, sessionId).expect(503);
      expect(response.body).toEqual({ statusCode: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: expect.any(String) });
    });
  });

  describe('webhook', () => {
    it.each([
      ['a missing signature', (payload: string) => webhook(payload)],
      ['a bad signature', (payload: string) => webhook(payload, sign(payload).replace(/v1=[0-9a-f]{4}/, 'v1=0000'))],
      ['a signature with another secret', (payload: string) => webhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }))],
      ['a stale timestamp', (payload: string) => webhook(payload, sign(payload, Math.floor(Date.now() / 1000) - 600))],
      ['a re-serialised body', (payload: string) => webhook(payload, sign(payload), JSON.stringify(JSON.parse(payload)))],
    ])('refuses %s with 400 WEBHOOK_SIGNATURE_INVALID and changes nothing', async (_label, send) => {
      const user = await author();
      const sessionId = `cs_test_${randomUUID()}`;
      const response = await send(sessionEvent('checkout.session.completed', paidSession(sessionId, user.id)));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, code: 'WEBHOOK_SIGNATURE_INVALID', message: expect.any(String) });
      expect(await paymentRows(sessionId)).toHaveLength(0);
    });

    it('records a completed session once, even when the same event arrives twice at the same time', async () => {
      const user = await author();
      const sessionId = `cs_test_${randomUUID()}`;
      const payload = sessionEvent('checkout.session.completed', paidSession(sessionId, user.id));
      const responses = await Promise.all([webhook(payload, sign(payload)), webhook(payload, sign(payload))]);
      for (const response of responses) expect(response.status).toBe(200);
      expect(responses[0].body).toEqual({ received: true });
      const rows = await paymentRows(sessionId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: user.id, status: 'paid', paper_id: null });
    });

    it('marks the pending payment of a checkout paid, then never moves it back', async () => {
      const user = await author();
      const { sessionId } = (await checkout(user.auth).expect(201)).body as { sessionId: string };
      const completed = sessionEvent('checkout.session.completed', paidSession(sessionId, user.id));
      await Promise.all([webhook(completed, sign(completed)).expect(200), webhook(completed, sign(completed)).expect(200)]);
      const expired = sessionEvent('checkout.session.expired', { id: sessionId, payment_status: 'unpaid', status: 'expired', amount_total: 10000, currency: 'usd', client_reference_id: user.id, metadata: { userId: user.id } });
      await webhook(expired, sign(expired)).expect(200);
      const rows = await paymentRows(sessionId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe('paid');
      await checkout(user.auth).expect(409);
    });

    it('marks a pending payment expired', async () => {
      const user = await author();
      const { sessionId } = (await checkout(user.auth).expect(201)).body as { sessionId: string };
      const expired = sessionEvent('checkout.session.expired', { id: sessionId, payment_status: 'unpaid', status: 'expired', amount_total: 10000, currency: 'usd', client_reference_id: user.id });
      await webhook(expired, sign(expired)).expect(200);
      expect((await paymentRows(sessionId))[0]?.status).toBe('expired');
    });

    it.each([
      ['unpaid', { payment_status: 'unpaid' }],
      ['for another amount', { amount_total: 100 }],
      ['in another currency', { currency: 'eur' }],
      ['for an unknown user', { client_reference_id: randomUUID(), metadata: {} }],
      ['with a user id that is not a uuid', { client_reference_id: 'robert; drop table payments', metadata: {} }],
      ['with disagreeing user ids', { metadata: { userId: randomUUID() } }],
    ])('acknowledges but does not record a completed session %s', async (_label, overrides) => {
      const user = await author();
      const sessionId = `cs_test_${randomUUID()}`;
      const payload = sessionEvent('checkout.session.completed', paidSession(sessionId, user.id, overrides));
      expect((await webhook(payload, sign(payload)).expect(200)).body).toEqual({ received: true });
      expect(await paymentRows(sessionId)).toHaveLength(0);
    });

    it('acknowledges and ignores other event types', async () => {
      const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
      expect((await webhook(payload, sign(payload)).expect(200)).body).toEqual({ received: true });
    });

    it('is not refused by the cross-site check (Stripe sends no Origin) but a forged browser request is', async () => {
      const payload = JSON.stringify({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
      await request(testApp.server).post('/api/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', sign(payload)).set('Origin', 'https://evil.example').send(payload).expect(403);
    });
  });

  it('has no test checkout pages with Stripe', async () => {
    const user = await author();
    const { sessionId } = (await checkout(user.auth).expect(201)).body as { sessionId: string };
    await request(testApp.server).get(`/api/payments/test-checkout/${sessionId}`).set('Authorization', user.auth).expect(404);
    await request(testApp.server).post(`/api/payments/test-checkout/${sessionId}/complete`).set('Authorization', user.auth).expect(404);
  });
});
