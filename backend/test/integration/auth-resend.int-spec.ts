import request from 'supertest';
import { accountMailsSettled, createAccount, signUpBody, sql, tokenFromOutbox, uniqueEmail, INVALID_CONFIRMATION } from '../support/accounts.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

const MESSAGE = 'If that account is waiting for confirmation, a new link is on its way.';

// Default rate limits: the last test checks the limit itself.
describe('POST /api/auth/resend-confirmation', () => {
  let testApp: TestApp;
  const publicUrl = 'http://journal.test';

  beforeAll(async () => {
    process.env.PUBLIC_URL = publicUrl;
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  // Every test starts with a full allowance; the limiter counts per client address across suites.
  beforeEach(() => clearRateLimits(testApp));

  const api = () => request(testApp.server);
  const confirmMails = async (email: string) => {
    await accountMailsSettled(testApp.app);
    return (
      await sql<{ count: string }>(testApp.app, "select count(*) from outbox_mails where recipient = ? and template = 'confirm-email'", [
        email.toLowerCase(),
      ])
    )[0].count;
  };

  it('sends a waiting account a new link that confirms it, and the older link stops working', async () => {
    const body = signUpBody();
    await api().post('/api/auth/sign-up').send(body).expect(201);
    const firstToken = await tokenFromOutbox(testApp.app, body.email, 'confirm-email');

    const resent = await api().post('/api/auth/resend-confirmation').send({ email: ` ${body.email.toUpperCase()} ` }).expect(202);
    expect(resent.body).toEqual({ message: MESSAGE });
    expect(await confirmMails(body.email)).toBe('2');
    const [mail] = await sql<{ data: Record<string, string> }>(
      testApp.app,
      "select data from outbox_mails where recipient = ? and template = 'confirm-email' order by created_at desc limit 1",
      [body.email.toLowerCase()],
    );
    expect(mail?.data.firstName).toBe('Marie');
    expect(mail?.data.confirmUrl).toMatch(new RegExp(`^${publicUrl}/api/auth/confirm\\?token=[A-Za-z0-9_-]{43}$`));

    const newToken = await tokenFromOutbox(testApp.app, body.email, 'confirm-email');
    expect(newToken).not.toBe(firstToken);
    await api().post('/api/auth/sign-in').send({ email: body.email, password: body.password }).expect(403);
    const confirmed = await api().get('/api/auth/confirm').query({ token: newToken }).expect(302);
    expect(confirmed.headers.location).toBe('/auth?success=email_confirmed');
    await api().post('/api/auth/sign-in').send({ email: body.email, password: body.password }).expect(200);

    const older = await api().get('/api/auth/confirm').query({ token: firstToken }).expect(302);
    expect(older.headers.location).toBe(INVALID_CONFIRMATION);
  });

  it('answers a confirmed account and an unknown address the same, without an e-mail', async () => {
    const account = await createAccount(testApp);
    const ghost = uniqueEmail('ghost');

    const confirmed = await api().post('/api/auth/resend-confirmation').send({ email: account.email }).expect(202);
    const unknown = await api().post('/api/auth/resend-confirmation').send({ email: ghost }).expect(202);

    expect(confirmed.body).toEqual({ message: MESSAGE });
    expect(unknown.body).toEqual(confirmed.body);
    expect(await confirmMails(account.email)).toBe('0');
    expect(await confirmMails(ghost)).toBe('0');
  });

  it('refuses a malformed or missing address with 400 VALIDATION_FAILED', async () => {
    for (const body of [{ email: 'not-an-email' }, {}, { email: `${'a'.repeat(250)}@example.org` }]) {
      const response = await api().post('/api/auth/resend-confirmation').send(body).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('is limited to 20 a minute per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await api().post('/api/auth/resend-confirmation').send({ email: `nobody-${i}@example.org` })).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(202));
    expect(statuses[20]).toBe(429);
  });
});
