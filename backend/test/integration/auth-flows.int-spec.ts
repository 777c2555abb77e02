import request from 'supertest';
import { UsersService } from '../../src/modules/users/users.service.js';
import {
  accountMailsSettled,
  cookieOf,
  createAccount,
  getSession,
  refresh,
  setCookies,
  signIn,
  signUpBody,
  sql,
  tokenFromOutbox,
  uniqueEmail,
  INVALID_CONFIRMATION,
} from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// These suites exercise the flows, not the limits (security.int-spec.ts keeps the defaults).
process.env.RATE_LIMIT_AUTH_PER_MINUTE = '100000';
process.env.RATE_LIMIT_SIGN_IN_PER_MINUTE = '100000';
process.env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR = '100000';
process.env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR = '100000';
process.env.RATE_LIMIT_EMAIL_LINKS_PER_MINUTE = '100000';

const EXPIRED_RESET_LINK = '/auth?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
const EXPIRED_CONFIRMATION_LINK = '/auth?error=access_denied&error_code=email_link_expired&error_description=Email+link+has+expired';

describe('account flows (docs/api.md, Auth)', () => {
  let testApp: TestApp;
  const publicUrl = 'http://journal.test';

  beforeAll(async () => {
    process.env.PUBLIC_URL = publicUrl;
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const api = () => request(testApp.server);

  async function signUpConfirmed(overrides: Record<string, unknown> = {}) {
    const body = signUpBody(overrides);
    await api().post('/api/auth/sign-up').send(body).expect(201);
    const token = await tokenFromOutbox(testApp.app, body.email, 'confirm-email');
    await api().get('/api/auth/confirm').query({ token }).expect(302);
    return body as { email: string; password: string; firstName: string; lastName: string };
  }

  describe('sign up, confirm, sign in, session, refresh, sign out', () => {
    it('walks the whole life of a session', async () => {
      const body = signUpBody({ email: uniqueEmail('Full.Flow') });
      const signUp = await api().post('/api/auth/sign-up').send(body).expect(201);
      expect(signUp.body).toEqual({ message: expect.any(String) });

      // The confirmation e-mail is queued in the outbox with a link on the configured address.
      const [mail] = await sql<{ data: Record<string, string>; recipient: string }>(
        testApp.app,
        "select data, recipient from outbox_mails where recipient = ? and template = 'confirm-email'",
        [body.email.toLowerCase()],
      );
      expect(mail?.data.firstName).toBe('Marie');
      expect(mail?.data.confirmUrl).toMatch(new RegExp(`^${publicUrl}/api/auth/confirm\\?token=[A-Za-z0-9_-]{43}$`));

      // Not confirmed yet: the right password says so, a wrong one does not.
      const unconfirmed = await api().post('/api/auth/sign-in').send({ email: body.email, password: body.password }).expect(403);
      expect(unconfirmed.body).toEqual({ statusCode: 403, code: 'AUTH_EMAIL_NOT_CONFIRMED', message: 'Email not confirmed' });
      const wrongBeforeConfirm = await api().post('/api/auth/sign-in').send({ email: body.email, password: 'nope-nope' }).expect(401);
      expect(wrongBeforeConfirm.body.code).toBe('AUTH_INVALID_CREDENTIALS');

      const token = await tokenFromOutbox(testApp.app, body.email, 'confirm-email');
      const confirmed = await api().get('/api/auth/confirm').query({ token }).expect(302);
      expect(confirmed.headers.location).toBe('/auth?success=email_confirmed');

      // Sign in (the e-mail in any case) sets both cookies with the documented attributes.
      const signedIn = await api().post('/api/auth/sign-in').send({ email: body.email.toUpperCase(), password: body.password }).expect(200);
      expect(signedIn.body).toEqual({
        user: {
          id: expect.any(String),
          email: body.email.toLowerCase(),
          firstName: 'Marie',
          lastName: 'Curie',
          role: 'user',
          roles: ['user'],
          orcidId: null,
          orcidName: null,
          orcidLinkedAt: null,
        },
        accessTokenExpiresAt: expect.any(String),
      });
      const expiresIn = Date.parse(signedIn.body.accessTokenExpiresAt) - Date.now();
      expect(expiresIn).toBeGreaterThan(14 * 60 * 1000);
      expect(expiresIn).toBeLessThanOrEqual(15 * 60 * 1000);
      const [accessCookie, refreshCookie] = ['access_token', 'refresh_token'].map((name) =>
        setCookies(signedIn).find((cookie) => cookie.startsWith(`${name}=`)),
      );
      expect(accessCookie).toMatch(/; HttpOnly/);
      expect(accessCookie).toMatch(/; SameSite=Lax/);
      expect(accessCookie).toMatch(/; Path=\/(;|$)/);
      expect(refreshCookie).toMatch(/; HttpOnly/);
      expect(refreshCookie).toMatch(/; SameSite=Strict/);
      expect(refreshCookie).toMatch(/; Path=\/api\/auth(;|$)/);
      expect(accessCookie).not.toMatch(/Secure/); // PUBLIC_URL is http:// here

      const accessToken = cookieOf(signedIn, 'access_token')!;
      const refreshToken = cookieOf(signedIn, 'refresh_token')!;

      // The session answers to the cookie and to a bearer header.
      const session = await getSession(testApp, accessToken).expect(200);
      expect(session.body.user).toEqual(signedIn.body.user);
      await api().get('/api/auth/session').set('Authorization', `Bearer ${accessToken}`).expect(200);

      // Refresh rotates both cookies.
      const refreshed = await refresh(testApp, refreshToken).expect(200);
      expect(refreshed.body.user).toEqual(signedIn.body.user);
      const rotatedRefresh = cookieOf(refreshed, 'refresh_token')!;
      const rotatedAccess = cookieOf(refreshed, 'access_token')!;
      expect(rotatedRefresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(rotatedRefresh).not.toBe(refreshToken);
      await getSession(testApp, rotatedAccess).expect(200);

      // Only hashes are stored.
      const stored = await sql<{ refresh_token_hash: string }>(testApp.app, 'select refresh_token_hash from sessions where user_id = ?', [
        signedIn.body.user.id,
      ]);
      expect(JSON.stringify(stored)).not.toContain(rotatedRefresh);

      // Sign out revokes this session and clears both cookies.
      const signedOut = await api().post('/api/auth/sign-out').set('Cookie', `refresh_token=${rotatedRefresh}`).expect(204);
      expect(cookieOf(signedOut, 'access_token')).toBe('');
      expect(cookieOf(signedOut, 'refresh_token')).toBe('');
      expect(setCookies(signedOut).join('\n')).toMatch(/refresh_token=;.*Path=\/api\/auth/);
      await getSession(testApp, rotatedAccess).expect(401);
      const afterSignOut = await refresh(testApp, rotatedRefresh).expect(401);
      expect(afterSignOut.body.code).toBe('AUTH_REFRESH_INVALID');
      expect(cookieOf(afterSignOut, 'refresh_token')).toBe('');
    });

    it('signs out by the access token alone', async () => {
      const account = await createAccount(testApp);
      const client = await signIn(testApp, account.email, account.password);
      await api().post('/api/auth/sign-out').set('Authorization', `Bearer ${client.accessToken}`).expect(204);
      await getSession(testApp, client.accessToken).expect(401);
      await refresh(testApp, client.refreshToken).expect(401);
    });

    it('answers a visitor signing out with 204', async () => {
      await api().post('/api/auth/sign-out').expect(204);
    });

    it('refuses a refresh without a cookie, clearing the cookies', async () => {
      const response = await api().post('/api/auth/refresh').expect(401);
      expect(response.body).toEqual({ statusCode: 401, code: 'AUTH_REFRESH_INVALID', message: expect.any(String) });
      expect(cookieOf(response, 'access_token')).toBe('');
    });
  });

  describe('sign up', () => {
    it('refuses an address that is already registered, in any case (409)', async () => {
      const body = signUpBody();
      await api().post('/api/auth/sign-up').send(body).expect(201);
      const again = await api()
        .post('/api/auth/sign-up')
        .send({ ...body, email: ` ${body.email.toUpperCase()} ` })
        .expect(409);
      expect(again.body).toEqual({ statusCode: 409, code: 'AUTH_ACCOUNT_EXISTS', message: 'User already registered' });
    });

    it('lets exactly one of two simultaneous sign-ups with one address through', async () => {
      const body = signUpBody();
      const statuses = (await Promise.all([1, 2, 3].map(() => api().post('/api/auth/sign-up').send(body)))).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
    });

    it('refuses a password shorter than 6 characters with AUTH_WEAK_PASSWORD', async () => {
      const response = await api().post('/api/auth/sign-up').send(signUpBody({ password: '12345' })).expect(400);
      expect(response.body).toEqual({ statusCode: 400, code: 'AUTH_WEAK_PASSWORD', message: 'Password should be at least 6 characters.' });
      await api().post('/api/auth/sign-up').send(signUpBody({ password: '123456' })).expect(201);
    });

    it('accepts long passwords up to 256 characters and refuses longer ones', async () => {
      await api().post('/api/auth/sign-up').send(signUpBody({ password: 'x'.repeat(256) })).expect(201);
      const tooLong = await api().post('/api/auth/sign-up').send(signUpBody({ password: 'x'.repeat(257) })).expect(400);
      expect(tooLong.body.code).toBe('VALIDATION_FAILED');
    });

    it.each([
      ['a grade outside 9-12', { gradeLevel: 8 }],
      ['a grade that is not a number', { gradeLevel: '10' }],
      ['a malformed e-mail', { email: 'not-an-email' }],
      ['a blank first name', { firstName: '   ' }],
      ['an unknown field', { role: 'admin' }],
    ])('refuses %s (400 VALIDATION_FAILED)', async (_label, overrides) => {
      const response = await api().post('/api/auth/sign-up').send(signUpBody(overrides)).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    });

    it('stores the profile metadata', async () => {
      const body = signUpBody({ firstName: '  Rosalind ', gradeLevel: 12 });
      await api().post('/api/auth/sign-up').send(body).expect(201);
      const [profile] = await sql(testApp.app, 'select p.first_name, p.school_name, p.grade_level from profiles p join users u on u.id = p.id where u.email = ?', [
        body.email.toLowerCase(),
      ]);
      expect(profile).toEqual({ first_name: 'Rosalind', school_name: 'Lincoln High School', grade_level: 12 });
    });
  });

  describe('confirmation links', () => {
    it('redirects a used link, an unknown one and a missing one to the invalid-link page', async () => {
      const body = signUpBody();
      await api().post('/api/auth/sign-up').send(body).expect(201);
      const token = await tokenFromOutbox(testApp.app, body.email, 'confirm-email');
      await api().get('/api/auth/confirm').query({ token }).expect(302);
      const used = await api().get('/api/auth/confirm').query({ token }).expect(302);
      expect(used.headers.location).toBe(INVALID_CONFIRMATION);
      const unknown = await api().get('/api/auth/confirm').query({ token: 'A'.repeat(43) }).expect(302);
      expect(unknown.headers.location).toBe(INVALID_CONFIRMATION);
      const missing = await api().get('/api/auth/confirm').expect(302);
      expect(missing.headers.location).toBe(INVALID_CONFIRMATION);
    });

    it('redirects an expired link to the expired-link page and leaves the account unconfirmed', async () => {
      const body = signUpBody();
      await api().post('/api/auth/sign-up').send(body).expect(201);
      const token = await tokenFromOutbox(testApp.app, body.email, 'confirm-email');
      await sql(testApp.app, "update link_tokens set expires_at = now() - interval '1 second' where subject_user_id = (select id from users where email = ?)", [
        body.email.toLowerCase(),
      ]);
      const expired = await api().get('/api/auth/confirm').query({ token }).expect(302);
      expect(expired.headers.location).toBe(EXPIRED_CONFIRMATION_LINK);
      await api().post('/api/auth/sign-in').send({ email: body.email, password: body.password }).expect(403);
    });
  });

  describe('sign in', () => {
    it('answers a wrong password and an unknown e-mail identically', async () => {
      const account = await createAccount(testApp);
      const wrong = await api().post('/api/auth/sign-in').send({ email: account.email, password: 'wrong-password' }).expect(401);
      const unknown = await api().post('/api/auth/sign-in').send({ email: uniqueEmail('ghost'), password: 'wrong-password' }).expect(401);
      expect(wrong.body).toEqual({ statusCode: 401, code: 'AUTH_INVALID_CREDENTIALS', message: 'Invalid login credentials' });
      expect(unknown.body).toEqual(wrong.body);
      expect(setCookies(wrong)).toEqual([]);
    });
  });

  describe('forgot password, recover, reset', () => {
    it('answers identically for known and unknown addresses and e-mails only the known one', async () => {
      const account = await createAccount(testApp);
      const ghost = uniqueEmail('ghost');
      const known = await api().post('/api/auth/forgot-password').send({ email: account.email }).expect(202);
      const unknown = await api().post('/api/auth/forgot-password').send({ email: ghost }).expect(202);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toEqual({ message: expect.any(String) });
      const resetUrl = new URL(`${publicUrl}/api/auth/recover?token=${await tokenFromOutbox(testApp.app, account.email, 'reset-password')}`);
      expect(resetUrl.pathname).toBe('/api/auth/recover');
      const ghostMails = await sql(testApp.app, 'select 1 from outbox_mails where recipient = ?', [ghost]);
      expect(ghostMails).toHaveLength(0);
    });

    it('sends the reset link to the configured public address', async () => {
      const account = await createAccount(testApp);
      await api().post('/api/auth/forgot-password').set('Host', 'evil.example').send({ email: account.email }).expect(202);
      await accountMailsSettled(testApp.app);
      const [mail] = await sql<{ data: { resetUrl: string; firstName: string } }>(
        testApp.app,
        "select data from outbox_mails where recipient = ? and template = 'reset-password'",
        [account.email],
      );
      expect(mail?.data.resetUrl.startsWith(`${publicUrl}/api/auth/recover?token=`)).toBe(true);
      expect(mail?.data.firstName).toBe('Test');
    });

    it('redirects a valid link to the new-password form, anything else to the expired-link page', async () => {
      const account = await createAccount(testApp);
      await api().post('/api/auth/forgot-password').send({ email: account.email }).expect(202);
      const token = await tokenFromOutbox(testApp.app, account.email, 'reset-password');

      const valid = await api().get('/api/auth/recover').query({ token }).expect(302);
      expect(valid.headers.location).toBe(`/auth?type=recovery#recovery_token=${token}`);
      // Looking does not use the link up.
      expect((await api().get('/api/auth/recover').query({ token }).expect(302)).headers.location).toContain('recovery_token=');

      const unknown = await api().get('/api/auth/recover').query({ token: 'B'.repeat(43) }).expect(302);
      expect(unknown.headers.location).toBe(EXPIRED_RESET_LINK);
      const missing = await api().get('/api/auth/recover').expect(302);
      expect(missing.headers.location).toBe(EXPIRED_RESET_LINK);

      await sql(testApp.app, "update link_tokens set expires_at = now() - interval '1 second' where subject_user_id = ?", [account.id]);
      const expired = await api().get('/api/auth/recover').query({ token }).expect(302);
      expect(expired.headers.location).toBe(EXPIRED_RESET_LINK);
    });

    it('sets the new password, uses the token up and revokes every session', async () => {
      const account = await createAccount(testApp);
      const first = await signIn(testApp, account.email, account.password);
      const second = await signIn(testApp, account.email, account.password);
      await api().post('/api/auth/forgot-password').send({ email: account.email }).expect(202);
      const token = await tokenFromOutbox(testApp.app, account.email, 'reset-password');

      // A weak password is refused without using the token up.
      const weak = await api().post('/api/auth/reset-password').send({ token, password: 'short' }).expect(400);
      expect(weak.body.code).toBe('AUTH_WEAK_PASSWORD');

      const reset = await api().post('/api/auth/reset-password').send({ token, password: 'brand-new-secret' }).expect(204);
      expect(cookieOf(reset, 'access_token')).toBe('');

      for (const client of [first, second]) {
        await getSession(testApp, client.accessToken).expect(401);
        await refresh(testApp, client.refreshToken).expect(401);
      }
      await api().post('/api/auth/sign-in').send({ email: account.email, password: account.password }).expect(401);
      await signIn(testApp, account.email, 'brand-new-secret');

      const again = await api().post('/api/auth/reset-password').send({ token, password: 'another-secret' }).expect(400);
      expect(again.body).toEqual({ statusCode: 400, code: 'AUTH_RESET_INVALID', message: expect.any(String) });
      const recover = await api().get('/api/auth/recover').query({ token }).expect(302);
      expect(recover.headers.location).toBe(EXPIRED_RESET_LINK);
    });

    it('refuses an expired token with AUTH_RESET_EXPIRED and an unknown one with AUTH_RESET_INVALID', async () => {
      const account = await createAccount(testApp);
      await api().post('/api/auth/forgot-password').send({ email: account.email }).expect(202);
      const token = await tokenFromOutbox(testApp.app, account.email, 'reset-password');
      await sql(testApp.app, "update link_tokens set expires_at = now() - interval '1 second' where subject_user_id = ?", [account.id]);

      const expired = await api().post('/api/auth/reset-password').send({ token, password: 'brand-new-secret' }).expect(400);
      expect(expired.body).toEqual({
        statusCode: 400,
        code: 'AUTH_RESET_EXPIRED',
        message: 'Your password reset session has expired. Please request a new reset link.',
      });
      await signIn(testApp, account.email, account.password);

      const unknown = await api().post('/api/auth/reset-password').send({ token: 'C'.repeat(43), password: 'brand-new-secret' }).expect(400);
      expect(unknown.body.code).toBe('AUTH_RESET_INVALID');
    });

    it('uses up older reset links once one of them was used', async () => {
      const account = await createAccount(testApp);
      await api().post('/api/auth/forgot-password').send({ email: account.email }).expect(202);
      const older = await tokenFromOutbox(testApp.app, account.email, 'reset-password');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await api().post('/api/auth/forgot-password').send({ email: account.email }).expect(202);
      const newer = await tokenFromOutbox(testApp.app, account.email, 'reset-password');
      expect(newer).not.toBe(older);
      await api().post('/api/auth/reset-password').send({ token: newer, password: 'brand-new-secret' }).expect(204);
      const stale = await api().post('/api/auth/reset-password').send({ token: older, password: 'other-secret' }).expect(400);
      expect(stale.body.code).toBe('AUTH_RESET_INVALID');
    });
  });

  describe('roles and sign-out-everywhere', () => {
    it('applies a granted or removed role on the next request, with the same token', async () => {
      const account = await createAccount(testApp);
      const client = await signIn(testApp, account.email, account.password);
      const users = testApp.app.get(UsersService);
      expect((await getSession(testApp, client.accessToken).expect(200)).body.user.role).toBe('user');
      await users.grantRole(account.id, 'reviewer');
      expect((await getSession(testApp, client.accessToken).expect(200)).body.user.role).toBe('reviewer');
      await users.grantRole(account.id, 'admin');
      expect((await getSession(testApp, client.accessToken).expect(200)).body.user.role).toBe('admin');
      await users.revokeRole(account.id, 'admin');
      expect((await getSession(testApp, client.accessToken).expect(200)).body.user.role).toBe('reviewer');
    });

    it('signs out every device of the user and no one else', async () => {
      const account = await createAccount(testApp);
      const other = await createAccount(testApp);
      const laptop = await signIn(testApp, account.email, account.password);
      const phone = await signIn(testApp, account.email, account.password);
      const someoneElse = await signIn(testApp, other.email, other.password);

      const response = await api().post('/api/auth/sign-out-everywhere').set('Cookie', `access_token=${laptop.accessToken}`).expect(204);
      expect(cookieOf(response, 'access_token')).toBe('');

      for (const client of [laptop, phone]) {
        await getSession(testApp, client.accessToken).expect(401);
        await refresh(testApp, client.refreshToken).expect(401);
      }
      await getSession(testApp, someoneElse.accessToken).expect(200);
    });

    it('needs a signed-in user for sign-out-everywhere', async () => {
      const response = await api().post('/api/auth/sign-out-everywhere').expect(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('demo accounts', () => {
    it('seeds the three documented accounts idempotently', async () => {
      const { DemoAccountsSeeder } = await import('../../src/cli/seeders/demo-accounts.seeder.js');
      const seeder = testApp.app.get(DemoAccountsSeeder);
      await seeder.seed();
      expect((await seeder.seed()).map((result) => result.outcome)).toEqual(['unchanged', 'unchanged', 'unchanged']);
      const roles: Record<string, string> = {};
      for (const [email, password] of [
        ['admin@example.org', 'DemoAdmin#2026'],
        ['reviewer@example.org', 'DemoReviewer#2026'],
        ['author@example.org', 'DemoAuthor#2026'],
      ] as const) {
        roles[email] = (await signIn(testApp, email, password)).response.body.user.role;
      }
      expect(roles).toEqual({ 'admin@example.org': 'admin', 'reviewer@example.org': 'reviewer', 'author@example.org': 'user' });
    });
  });

  it('signUpConfirmed helper yields an account that can sign in', async () => {
    const body = await signUpConfirmed();
    await signIn(testApp, body.email, body.password);
  });
});
