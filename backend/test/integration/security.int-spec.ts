import { randomUUID } from 'node:crypto';
import { Controller, Get, Module, Post } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { createApp } from '../../src/app.factory.js';
import { AppModule } from '../../src/app.module.js';
import { Authenticated } from '../../src/common/auth/auth.decorators.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { cookieOf, createAccount, getSession, refresh, signIn, type SignedInClient } from '../support/accounts.js';
import { type AppRoute, concreteUrl, recordRoutes } from '../support/route-walk.js';
import { clearRateLimits, migrateTestDatabase, type TestApp } from '../support/test-app.js';

/**
 * Routes a visitor may call. Everything else the application registers must answer 401 to a
 * visitor; the walk below finds new routes by itself, so a route added without thinking about
 * access fails here until it is either protected or listed.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'POST /api/auth/sign-up',
  'GET /api/auth/confirm',
  'POST /api/auth/resend-confirmation',
  'POST /api/auth/sign-in',
  'POST /api/auth/refresh',
  'POST /api/auth/sign-out',
  'POST /api/auth/forgot-password',
  'GET /api/auth/recover',
  'POST /api/auth/reset-password',
  'GET /api/papers',
  'GET /api/papers/:id',
  'GET /api/papers/:id/pdf',
  'GET /api/papers/:id/citation',
  'GET /papers',
  'GET /papers/:id',
  'GET /sitemap.xml',
  'GET /feed.xml',
  'GET /robots.txt',
  // The OAI-PMH repository for harvesters (docs/api.md, OAI-PMH).
  'GET /oai',
  'POST /oai',
  'POST /api/payments/webhook',
  // The reviewer invitation page is open to visitors (spec: the invitation landing).
  'POST /api/invitations/verify',
  'POST /api/invitations/accept',
  // ORCID sign-in, and ORCID's redirect back (docs/api.md, ORCID).
  'GET /api/orcid/sign-in/start',
  'GET /api/orcid/callback',
]);

/**
 * Signed-in routes a browser navigates to rather than calls: a visitor is refused all the same,
 * with a redirect to the page that says to sign in instead of a JSON 401.
 */
const SIGN_IN_FIRST_PAGES = new Map([['GET /api/orcid/link/start', '/?orcid=error&message=authentication_required']]);

/**
 * The API documentation (public, like the document itself). Swagger UI registers its asset routes
 * as a plugin, so whether the hook below sees them depends on plugin order: they are matched by
 * prefix rather than listed.
 */
const isApiDocs = (route: { method: string; url: string }) => route.method === 'GET' && route.url.startsWith('/api/docs');

/** Routes only this suite adds, to see the role checks through the real stack. */
@Controller('security-probe')
class ProbeController {
  @Get('signed-in')
  signedIn(): { ok: true } {
    return { ok: true };
  }

  @Post('admin')
  @Authenticated({ roles: ['admin'] })
  admin(): { ok: true } {
    return { ok: true };
  }

  @Get('reviewer-or-admin')
  @Authenticated({ roles: ['reviewer', 'admin'] })
  reviewer(): { ok: true } {
    return { ok: true };
  }

  @Get('reviewer')
  @Authenticated({ roles: ['reviewer'] })
  reviewerOnly(): { ok: true } {
    return { ok: true };
  }
}

@Module({ imports: [AppModule], controllers: [ProbeController] })
class ProbedAppModule {}

const PUBLIC_URL = 'http://journal.test';

describe('security', () => {
  let testApp: TestApp;
  let routes: AppRoute[] = [];

  beforeAll(async () => {
    process.env.PUBLIC_URL = PUBLIC_URL;
    await migrateTestDatabase();
    const app = await createApp(ProbedAppModule);
    routes = recordRoutes(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    testApp = { app, server: app.getHttpServer(), close: () => app.close() };
  });

  afterAll(async () => {
    await testApp.close();
  });

  // Limits are per client address and every suite of the run comes from 127.0.0.1: start clean.
  beforeEach(() => clearRateLimits(testApp));

  const api = () => request(testApp.server);

  describe('access tokens', () => {
    let client: SignedInClient;
    let userId: string;

    beforeAll(async () => {
      const account = await createAccount(testApp);
      userId = account.id;
      client = await signIn(testApp, account.email, account.password);
    });

    const sessionIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    it('accepts the genuine token (the baseline of the cases below)', async () => {
      await getSession(testApp, client.accessToken).expect(200);
    });

    it('refuses a token whose payload was changed', async () => {
      const [header, , signature] = client.accessToken.split('.');
      const other = await createAccount(testApp);
      const payload = b64({ sub: other.id, sid: sessionIdOf(client.accessToken), exp: Math.floor(Date.now() / 1000) + 600 });
      const response = await getSession(testApp, `${header}.${payload}.${signature}`).expect(401);
      expect(response.body).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: expect.any(String) });
    });

    it('refuses a token whose signature was changed', async () => {
      const token = client.accessToken;
      const last = token.at(-2) === 'A' ? 'B' : 'A';
      await getSession(testApp, `${token.slice(0, -2)}${last}${token.at(-1)}`).expect(401);
      await api().get('/api/auth/session').set('Authorization', `Bearer ${token}x`).expect(401);
    });

    it('refuses an expired token', async () => {
      const jwt = testApp.app.get(JwtService);
      const now = Math.floor(Date.now() / 1000);
      const expired = jwt.sign({ sub: userId, sid: sessionIdOf(client.accessToken), iat: now - 1000, exp: now - 10 });
      await getSession(testApp, expired).expect(401);
      // The same claims, not expired, are accepted: only the expiry differs.
      const fresh = jwt.sign({ sub: userId, sid: sessionIdOf(client.accessToken), iat: now, exp: now + 60 });
      await getSession(testApp, fresh).expect(200);
    });

    it("refuses 'alg: none' and any algorithm other than HS256", async () => {
      const claims = { sub: userId, sid: sessionIdOf(client.accessToken), exp: Math.floor(Date.now() / 1000) + 600 };
      await getSession(testApp, `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`).expect(401);
      await getSession(testApp, `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}`).expect(401);
      const jwt = testApp.app.get(JwtService);
      await getSession(testApp, jwt.sign(claims, { algorithm: 'HS512' })).expect(401);
      await getSession(testApp, jwt.sign(claims, { secret: 'another-secret-another-secret-another-secret' })).expect(401);
    });

    it('refuses a token for a session that does not exist', async () => {
      const jwt = testApp.app.get(JwtService);
      await getSession(testApp, jwt.sign({ sub: userId, sid: randomUUID() }, { expiresIn: 600 })).expect(401);
    });
  });

  describe('refresh token reuse', () => {
    it('revokes every session of the user when a rotated refresh token comes back', async () => {
      const account = await createAccount(testApp);
      const bystander = await createAccount(testApp);
      const laptop = await signIn(testApp, account.email, account.password);
      const phone = await signIn(testApp, account.email, account.password);
      const other = await signIn(testApp, bystander.email, bystander.password);

      const rotated = await refresh(testApp, laptop.refreshToken).expect(200);
      const newRefresh = cookieOf(rotated, 'refresh_token')!;
      const newAccess = cookieOf(rotated, 'access_token')!;
      await getSession(testApp, newAccess).expect(200);

      // The old token again: someone copied it.
      const reused = await refresh(testApp, laptop.refreshToken).expect(401);
      expect(reused.body).toEqual({ statusCode: 401, code: 'AUTH_REFRESH_INVALID', message: expect.any(String) });

      for (const token of [laptop.accessToken, newAccess, phone.accessToken]) await getSession(testApp, token).expect(401);
      for (const token of [newRefresh, phone.refreshToken]) await refresh(testApp, token).expect(401);
      await getSession(testApp, other.accessToken).expect(200);
    });

    it('detects a token that is several rotations old', async () => {
      const account = await createAccount(testApp);
      const client = await signIn(testApp, account.email, account.password);
      let current = client.refreshToken;
      for (let i = 0; i < 3; i += 1) {
        const response = await refresh(testApp, current).expect(200);
        current = cookieOf(response, 'refresh_token')!;
      }
      await refresh(testApp, client.refreshToken).expect(401);
      await refresh(testApp, current).expect(401);
    });

    it('lets only one of two simultaneous refreshes with the same token win', async () => {
      const account = await createAccount(testApp);
      const client = await signIn(testApp, account.email, account.password);
      const statuses = (await Promise.all([refresh(testApp, client.refreshToken), refresh(testApp, client.refreshToken)])).map((r) => r.status);
      expect(statuses.sort()).toEqual([200, 401]);
    });
  });

  describe('roles', () => {
    it('lets a user who is both admin and reviewer through admin routes and reviewer routes, landing as admin', async () => {
      const account = await createAccount(testApp, { role: 'reviewer' });
      await testApp.app.get(UsersService).grantRole(account.id, 'admin');
      const client = await signIn(testApp, account.email, account.password);
      const as = (test: request.Test) => test.set('Cookie', `access_token=${client.accessToken}`);
      await as(api().post('/api/security-probe/admin')).expect(201);
      await as(api().get('/api/security-probe/reviewer')).expect(200);
      await as(api().get('/api/admin/papers/status-counts')).expect(200);
      const session = (await as(api().get('/api/auth/session')).expect(200)).body as { user: { role: string; roles: string[] } };
      expect(session.user.role).toBe('admin');
      expect(session.user.roles).toEqual(['admin', 'reviewer', 'user']);

      const reviewerOnly = await createAccount(testApp, { role: 'reviewer' });
      const other = await signIn(testApp, reviewerOnly.email, reviewerOnly.password);
      await api().get('/api/security-probe/reviewer').set('Cookie', `access_token=${other.accessToken}`).expect(200);
      await api().post('/api/security-probe/admin').set('Cookie', `access_token=${other.accessToken}`).expect(403);
    });

    it('answers 403 to a signed-in user without the role, and applies role changes on the next request', async () => {
      const account = await createAccount(testApp);
      const client = await signIn(testApp, account.email, account.password);
      const users = testApp.app.get(UsersService);
      const admin = () => api().post('/api/security-probe/admin').set('Cookie', `access_token=${client.accessToken}`);
      const reviewer = () => api().get('/api/security-probe/reviewer-or-admin').set('Cookie', `access_token=${client.accessToken}`);

      await api().get('/api/security-probe/signed-in').set('Cookie', `access_token=${client.accessToken}`).expect(200);
      expect((await admin().expect(403)).body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });
      await reviewer().expect(403);

      await users.grantRole(account.id, 'reviewer');
      await reviewer().expect(200);
      await admin().expect(403);

      await users.grantRole(account.id, 'admin');
      await admin().expect(201);

      await users.revokeRole(account.id, 'admin');
      await users.revokeRole(account.id, 'reviewer');
      await admin().expect(403);
      await reviewer().expect(403);
    });
  });

  describe('rate limits (default configuration)', () => {
    it('answers 429 after 10 sign-in attempts a minute for one address and e-mail, even to the right password', async () => {
      const account = await createAccount(testApp);
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 20; i += 1) {
        const response = await api().post('/api/auth/sign-in').send({ email: account.email, password: `wrong-${i}` });
        statuses.push(response.status);
        if (response.status === 429) {
          retryAfter = response.headers['retry-after'];
          expect(response.body).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: expect.any(String) });
        }
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(10).fill(429));
      expect(Number(retryAfter)).toBeGreaterThan(0);
      await api().post('/api/auth/sign-in').send({ email: account.email, password: account.password }).expect(429);
    });

    it('limits forgot-password to 20 a minute per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        statuses.push((await api().post('/api/auth/forgot-password').send({ email: `nobody-${i}@example.org` })).status);
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(202));
      expect(statuses[20]).toBe(429);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request from another origin with 403 CSRF_REJECTED', async () => {
      const response = await api()
        .post('/api/auth/sign-in')
        .set('Origin', 'https://evil.example')
        .send({ email: 'a@example.org', password: 'whatever' })
        .expect(403);
      expect(response.body).toEqual({ statusCode: 403, code: 'CSRF_REJECTED', message: expect.any(String) });
      await api().post('/api/auth/sign-out').set('Sec-Fetch-Site', 'cross-site').expect(403);
    });

    it('lets the journal’s own origin through', async () => {
      await api().post('/api/auth/sign-in').set('Origin', PUBLIC_URL).send({ email: 'a@example.org', password: 'whatever' }).expect(401);
    });
  });

  describe('deny by default: the route table', () => {
    it('sees the routes of the application', () => {
      const seen = new Set(routes.map((route) => `${route.method} ${route.url}`));
      expect(seen.has('GET /api/auth/session')).toBe(true);
      // The allowlist names only routes that exist.
      for (const entry of [...PUBLIC_ROUTES, ...SIGN_IN_FIRST_PAGES.keys()]) expect(seen.has(entry) ? entry : `missing: ${entry}`).toBe(entry);
    });

    it('answers 401 to a visitor on every route that is not public', async () => {
      const concrete = (url: string) => concreteUrl(url, (name) => (name === '*' ? 'anything' : randomUUID()));
      const protectedRoutes = routes.filter((route) => !PUBLIC_ROUTES.has(`${route.method} ${route.url}`) && !isApiDocs(route));
      expect(protectedRoutes.length).toBeGreaterThan(2);
      const failures: string[] = [];
      for (const route of protectedRoutes) {
        const response = await request(testApp.server)[route.method.toLowerCase() as 'get'](concrete(route.url));
        const page = SIGN_IN_FIRST_PAGES.get(`${route.method} ${route.url}`);
        if (page !== undefined) {
          if (response.status !== 302 || response.headers.location !== page) failures.push(`${route.method} ${route.url} answered ${response.status}`);
        } else if (response.status !== 401 || response.body?.code !== 'UNAUTHENTICATED') {
          failures.push(`${route.method} ${route.url} answered ${response.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });
});
