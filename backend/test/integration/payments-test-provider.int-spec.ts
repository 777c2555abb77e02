import request from 'supertest';
import { createAccount, signIn, sql } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PUBLIC_URL = 'http://journal.test';

/** The built-in test provider (no Stripe key): sessions in Redis, the web app's checkout page. */
describe('payments with the test provider', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { PUBLIC_URL, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, PAYMENTS_PROVIDER: undefined } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function author() {
    const account = await createAccount(testApp);
    const { accessToken } = await signIn(testApp, account.email, account.password);
    return { id: account.id, auth: `Bearer ${accessToken}` };
  }

  const api = () => request(testApp.server);

  async function startCheckout(auth: string): Promise<{ sessionId: string; url: string }> {
    return (await api().post('/api/payments/checkout').set('Authorization', auth).expect(201)).body as { sessionId: string; url: string };
  }

  it('says the fee is unpaid, in test mode', async () => {
    const user = await author();
    const response = await api().get('/api/payments/submission-fee').set('Authorization', user.auth).expect(200);
    expect(response.body).toEqual({ status: 'unpaid', amount: 10000, currency: 'usd', provider: 'test' });
  });

  it('checks out on the test checkout page, shown only to its owner, and verifies once completed', async () => {
    const user = await author();
    const { sessionId, url } = await startCheckout(user.auth);
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`${PUBLIC_URL}/payments/test-checkout?session_id=${sessionId}`);

    const page = await api().get(`/api/payments/test-checkout/${sessionId}`).set('Authorization', user.auth).expect(200);
    expect(page.body).toEqual({
      sessionId,
      amount: 10000,
      currency: 'usd',
      status: 'open',
      successUrl: `${PUBLIC_URL}/submit?payment=success&session_id=${sessionId}`,
      cancelUrl: `${PUBLIC_URL}/submit?payment=canceled`,
    });

    const other = await author();
    for (const call of [
      api().get(`/api/payments/test-checkout/${sessionId}`),
      api().post(`/api/payments/test-checkout/${sessionId}/complete`),
      api().post(`/api/payments/test-checkout/${sessionId}/cancel`),
    ]) {
      const response = await call.set('Authorization', other.auth);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    await api().get('/api/payments/test-checkout/cs_test_unknown').set('Authorization', user.auth).expect(404);
    await api().get('/api/payments/test-checkout/not-a-session').set('Authorization', user.auth).expect(404);

    // Not paid before the page is completed.
    expect((await api().post('/api/payments/verify').set('Authorization', user.auth).send({ sessionId }).expect(200)).body).toEqual({ verified: false });

    const completed = await api().post(`/api/payments/test-checkout/${sessionId}/complete`).set('Authorization', user.auth).expect(200);
    expect(completed.body).toEqual({ redirectUrl: `${PUBLIC_URL}/submit?payment=success&session_id=${sessionId}` });
    // Completing marks the session paid at the provider, not the payment.
    expect((await sql<{ status: string }>(testApp.app, 'select status from payments where provider_session_id = ?', [sessionId]))[0]?.status).toBe('pending');

    expect((await api().post('/api/payments/verify').set('Authorization', user.auth).send({ sessionId }).expect(200)).body).toEqual({ verified: true });
    expect((await sql<{ status: string }>(testApp.app, 'select status from payments where provider_session_id = ?', [sessionId]))[0]?.status).toBe('paid');
    const fee = await api().get('/api/payments/submission-fee').set('Authorization', user.auth).expect(200);
    expect(fee.body.status).toBe('paid');
    await api().post('/api/payments/checkout').set('Authorization', user.auth).expect(409);
    // The other user cannot claim it.
    expect((await api().post('/api/payments/verify').set('Authorization', other.auth).send({ sessionId }).expect(200)).body).toEqual({ verified: false });
  });

  it('does not verify a canceled checkout, and the next checkout is a new session', async () => {
    const user = await author();
    const { sessionId } = await startCheckout(user.auth);
    const canceled = await api().post(`/api/payments/test-checkout/${sessionId}/cancel`).set('Authorization', user.auth).expect(200);
    expect(canceled.body).toEqual({ redirectUrl: `${PUBLIC_URL}/submit?payment=canceled` });
    expect((await api().post('/api/payments/verify').set('Authorization', user.auth).send({ sessionId }).expect(200)).body).toEqual({ verified: false });
    // Too late to pay a canceled session.
    await api().post(`/api/payments/test-checkout/${sessionId}/complete`).set('Authorization', user.auth).expect(200);
    expect((await api().post('/api/payments/verify').set('Authorization', user.auth).send({ sessionId }).expect(200)).body).toEqual({ verified: false });
    expect((await sql<{ status: string }>(testApp.app, 'select status from payments where provider_session_id = ?', [sessionId]))[0]?.status).toBe('canceled');
    const next = await startCheckout(user.auth);
    expect(next.sessionId).not.toBe(sessionId);
  });

  it('has no webhook without Stripe', async () => {
    const response = await api().post('/api/payments/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=00').send('{}');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });

  it('needs a signed-in user for everything but the webhook', async () => {
    await api().get('/api/payments/submission-fee').expect(401);
    await api().post('/api/payments/checkout').expect(401);
    await api().post('/api/payments/verify').send({ sessionId: 'cs_test_x' }).expect(401);
    await api().get('/api/payments/test-checkout/cs_test_x').expect(401);
  });
});
