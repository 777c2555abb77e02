import request from 'supertest';
import { accountMailsSettled, cookieOf, createAccount, refresh, setCookies, signIn, signUpBody, sql, uniqueEmail } from '../support/accounts.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

const TOO_MANY_ATTEMPTS_PAGE =
  '/auth?error=too_many_requests&error_code=rate_limited&error_description=Too+many+attempts.+Please+wait+a+minute+and+open+the+link+again.';

describe('rate limits with the default configuration', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    process.env.PUBLIC_URL = 'http://journal.test';
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  beforeEach(() => clearRateLimits(testApp));

  const api = () => request(testApp.server);

  it('lets 30 sessions behind one address all refresh, twice', async () => {
    const accounts = await Promise.all(Array.from({ length: 30 }, () => createAccount(testApp)));
    const clients = [];
    for (const account of accounts) clients.push(await signIn(testApp, account.email, account.password));
    for (let round = 0; round < 2; round += 1) {
      const statuses: number[] = [];
      for (const client of clients) {
        const response = await refresh(testApp, client.refreshToken);
        statuses.push(response.status);
        if (response.status === 200) client.refreshToken = cookieOf(response, 'refresh_token')!;
      }
      expect(statuses).toEqual(Array(30).fill(200));
    }
  });

  it('does not count refresh calls without a session against the address’s sign-up and reset budget', async () => {
    for (let i = 0; i < 25; i += 1) await api().post('/api/auth/refresh').expect(401);
    await api().post('/api/auth/forgot-password').send({ email: uniqueEmail('after-refresh') }).expect(202);
    await api().post('/api/auth/sign-up').send(signUpBody()).expect(201);
  });

  it('limits one refresh cookie to 10 calls a minute, answered 429 without clearing the cookies', async () => {
    const account = await createAccount(testApp);
    const client = await signIn(testApp, account.email, account.password);
    const statuses: number[] = [];
    let limited: request.Response | undefined;
    for (let i = 0; i < 11; i += 1) {
      const response = await refresh(testApp, client.refreshToken);
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    // The first call rotates the token; presenting it again is reuse (401) until the limit.
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1, 10)).toEqual(Array(9).fill(401));
    expect(statuses[10]).toBe(429);
    expect(limited?.body).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(setCookies(limited!)).toEqual([]);
  });

  it('sets a readable session hint with the refresh cookie and clears it with it', async () => {
    const account = await createAccount(testApp);
    const client = await signIn(testApp, account.email, account.password);
    const hint = setCookies(client.response).find((cookie) => cookie.startsWith('signed_in='));
    expect(hint).toMatch(/^signed_in=1; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    const refreshed = await refresh(testApp, client.refreshToken).expect(200);
    expect(cookieOf(refreshed, 'signed_in')).toBe('1');
    const refused = await refresh(testApp, 'A'.repeat(43)).expect(401);
    expect(cookieOf(refused, 'signed_in')).toBe('');
    const signedOut = await api().post('/api/auth/sign-out').set('Cookie', `refresh_token=${cookieOf(refreshed, 'refresh_token')}`).expect(204);
    expect(cookieOf(signedOut, 'signed_in')).toBe('');
  });

  describe('e-mails per inbox', () => {
    const mailsTo = async (email: string, template: string) => {
      await accountMailsSettled(testApp.app);
      const rows = await sql(testApp.app, 'select 1 from outbox_mails where recipient = ? and template = ?', [email.toLowerCase(), template]);
      return rows.length;
    };

    it('sends at most 5 reset e-mails an hour to one inbox, with the same answer every time', async () => {
      const account = await createAccount(testApp);
      const ghost = uniqueEmail('ghost');
      const answers = new Set<string>();
      for (let i = 0; i < 8; i += 1) {
        for (const email of [account.email, ghost]) {
          const response = await api().post('/api/auth/forgot-password').send({ email }).expect(202);
          answers.add(JSON.stringify(response.body));
        }
      }
      expect(answers.size).toBe(1);
      expect(await mailsTo(account.email, 'reset-password')).toBe(5);
      expect(await mailsTo(ghost, 'reset-password')).toBe(0);
    });

    it('sends at most 5 requested confirmation e-mails an hour to one inbox', async () => {
      const body = signUpBody();
      await api().post('/api/auth/sign-up').send(body).expect(201);
      for (let i = 0; i < 8; i += 1) await api().post('/api/auth/resend-confirmation').send({ email: body.email }).expect(202);
      // The sign-up's own e-mail and five asked for again.
      expect(await mailsTo(body.email, 'confirm-email')).toBe(6);
    });
  });
});

describe('rate limits with small numbers, behind a proxy', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: '5',
        RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: '4',
        RATE_LIMIT_REFRESH_PER_ADDRESS_PER_MINUTE: '3',
        RATE_LIMIT_EMAIL_LINKS_PER_MINUTE: '2',
      },
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  beforeEach(() => clearRateLimits(testApp));

  const from = (address: string) => ({
    signIn: (email: string, password: string) =>
      request(testApp.server).post('/api/auth/sign-in').set('X-Forwarded-For', address).send({ email, password }),
    get: (url: string) => request(testApp.server).get(url).set('X-Forwarded-For', address),
    refresh: (token: string) =>
      request(testApp.server).post('/api/auth/refresh').set('X-Forwarded-For', address).set('Cookie', `refresh_token=${token}`),
  });

  it('refuses an address after its failed sign-ins across e-mails reach the ceiling, even with the right password', async () => {
    const account = await createAccount(testApp);
    const school = from('203.0.113.7');
    for (let i = 0; i < 5; i += 1) await school.signIn(uniqueEmail(`guess-${i}`), 'wrong-password').expect(401);
    const refused = await school.signIn(account.email, account.password).expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    await from('203.0.113.8').signIn(account.email, account.password).expect(200);
  });

  it('does not count successful sign-ins: a classroom behind one address signs in', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => createAccount(testApp)));
    const school = from('203.0.113.9');
    for (const account of accounts) await school.signIn(account.email, account.password).expect(200);
    // A few typos as well, under the ceiling.
    await school.signIn(accounts[0].email, 'typo').expect(401);
    await school.signIn(accounts[1].email, accounts[1].password).expect(200);
  });

  it('refuses an account after failed sign-ins from many addresses reach its ceiling', async () => {
    const account = await createAccount(testApp);
    const other = await createAccount(testApp);
    for (let i = 0; i < 4; i += 1) await from(`198.51.100.${i + 1}`).signIn(account.email, `wrong-${i}`).expect(401);
    const refused = await from('198.51.100.99').signIn(account.email, account.password).expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    // Other accounts, from the same addresses, are untouched.
    await from('198.51.100.1').signIn(other.email, other.password).expect(200);
  });

  it('caps refresh calls per address at a ceiling far above what sessions need', async () => {
    const caller = from('192.0.2.10');
    for (let i = 0; i < 3; i += 1) await caller.refresh(`${'A'.repeat(42)}${i}`).expect(401);
    await caller.refresh('B'.repeat(43)).expect(429);
    await from('192.0.2.11').refresh('B'.repeat(43)).expect(401);
  });

  it('sends a limited confirmation or reset link to a journal page that says so', async () => {
    const reader = from('192.0.2.20');
    await reader.get('/api/auth/confirm?token=x').expect(302);
    await reader.get('/api/auth/recover?token=x').expect(302);
    for (const url of ['/api/auth/confirm?token=x', '/api/auth/recover?token=x']) {
      const limited = await reader.get(url).expect(302);
      expect(limited.headers.location).toBe(TOO_MANY_ATTEMPTS_PAGE);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
