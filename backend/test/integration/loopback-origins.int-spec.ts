import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SIGN_IN = { email: 'nobody@example.org', password: 'not-the-password' };

/** `npm start` prints http://localhost:3000; people also type http://127.0.0.1:3000. */
describe('loopback names of the journal', () => {
  describe('in development', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp({ env: { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' } });
    });
    afterAll(() => testApp.close());

    it('accepts a state-changing request from another loopback name of the same port', async () => {
      for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000']) {
        const response = await request(testApp.server).post('/api/auth/sign-in').set('Origin', origin).send(SIGN_IN);
        expect({ origin, status: response.status }).toEqual({ origin, status: 401 });
      }
    });

    it('still refuses another port and another host', async () => {
      for (const origin of ['http://127.0.0.1:3001', 'http://localhost.evil.example:3000', 'https://127.0.0.1:3000']) {
        const response = await request(testApp.server).post('/api/auth/sign-in').set('Origin', origin).send(SIGN_IN);
        expect({ origin, code: response.body.code }).toEqual({ origin, code: 'CSRF_REJECTED' });
      }
    });

    it('sends a page opened under another loopback name to PUBLIC_URL, keeping the path', async () => {
      const response = await request(testApp.server).get('/papers?q=climate').set('Host', '127.0.0.1:3000').expect(302);
      expect(response.headers.location).toBe('http://localhost:3000/papers?q=climate');
    });

    it('answers API calls where they arrive', async () => {
      await request(testApp.server).get('/api/health/live').set('Host', '127.0.0.1:3000').expect(200);
    });
  });

  describe('in production', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await startTestApp({
        env: { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', JWT_SECRET: 'p'.repeat(40), PAYMENTS_PROVIDER: 'test' },
      });
    });
    afterAll(() => testApp.close());

    it('keeps exactly PUBLIC_URL', async () => {
      const response = await request(testApp.server).post('/api/auth/sign-in').set('Origin', 'http://127.0.0.1:3000').send(SIGN_IN);
      expect(response.body.code).toBe('CSRF_REJECTED');
      await request(testApp.server).get('/papers').set('Host', '127.0.0.1:3000').expect((res) => expect(res.status).not.toBe(302));
    });
  });
});
