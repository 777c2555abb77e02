import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { PasswordHasher } from '../../src/modules/auth/password-hasher.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'correct horse battery staple';

describe('queue board /admin/queues', () => {
  let testApp: TestApp;
  let adminCookie: string;
  let userCookie: string;

  /** A confirmed account made through the users service, signed in through the API. */
  async function signedInAccount(role: 'admin' | 'user'): Promise<string> {
    const users = testApp.app.get(UsersService, { strict: false });
    const hasher = testApp.app.get(PasswordHasher, { strict: false });
    const em = testApp.app.get(MikroORM).em.fork();
    const email = `${role}-${randomUUID().slice(0, 8)}@example.org`;
    const passwordHash = await hasher.hash(PASSWORD);
    const user = await em.transactional((tx) =>
      users.createAccount(tx, {
        email,
        passwordHash,
        firstName: 'Test',
        lastName: role,
        schoolName: null,
        gradeLevel: null,
        emailConfirmedAt: new Date(),
      }),
    );
    if (role === 'admin') await users.grantRole(user.id, 'admin', em);
    const response = await request(testApp.server).post('/api/auth/sign-in').send({ email, password: PASSWORD }).expect(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const access = cookies.find((cookie) => cookie.startsWith('access_token='));
    if (!access) throw new Error('no access_token cookie');
    return access.split(';')[0] ?? '';
  }

  beforeAll(async () => {
    testApp = await startTestApp();
    adminCookie = await signedInAccount('admin');
    userCookie = await signedInAccount('user');
  });

  afterAll(async () => {
    await testApp.close();
  });

  const paths = ['/admin/queues', '/admin/queues/', '/admin/queues/api/queues', '/admin/queues/api/redis/stats', '/admin/queues/queue/mail'];

  it.each(paths)('answers 401 to a visitor at %s', async (path) => {
    const response = await request(testApp.server).get(path).expect(401);
    expect(response.body).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: expect.any(String) });
  });

  it.each(paths)('answers 403 to a signed-in non-admin at %s', async (path) => {
    const response = await request(testApp.server).get(path).set('Cookie', userCookie).expect(403);
    expect(response.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });
  });

  it('refuses state-changing board API calls from non-admins too', async () => {
    await request(testApp.server).put('/admin/queues/api/queues/mail/retry/failed').expect(401);
    await request(testApp.server).put('/admin/queues/api/queues/mail/retry/failed').set('Cookie', userCookie).expect(403);
    await request(testApp.server).put('/admin/queues/api/queues/mail/clean/failed').set('Cookie', userCookie).expect(403);
  });

  it('does not let an encoded path slip past the check', async () => {
    const response = await request(testApp.server).get('/admin/%71ueues/api/queues');
    expect([401, 404]).toContain(response.status);
    expect(JSON.stringify(response.body)).not.toContain('"queues":[');
  });

  it('shows the board page to an admin, with a CSP that lets it run', async () => {
    const response = await request(testApp.server).get('/admin/queues').set('Cookie', adminCookie).expect(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.text).toContain('<div id="root">');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Its own CSP replaces the site's, X-Frame-Options stays the site's: both must still forbid framing.
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');

    const assets = [...response.text.matchAll(/(?:src|href)="(static\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      await request(testApp.server).get(`/admin/queues/${asset}`).set('Cookie', adminCookie).expect(200);
      await request(testApp.server).get(`/admin/queues/${asset}`).expect(401);
    }
  });

  it('serves the board API with the mail and chores queues to an admin', async () => {
    const response = await request(testApp.server).get('/admin/queues/api/queues').set('Cookie', adminCookie).expect(200);
    const body = response.body as { queues: { name: string }[] };
    expect(body.queues.map((queue) => queue.name)).toEqual(['mail', 'chores']);
  });

  it('leaves the API prefix alone', async () => {
    await request(testApp.server).get('/api/admin/queues').set('Cookie', adminCookie).expect(404);
    await request(testApp.server).get('/api/health/live').expect(200);
  });
});
