import { createServer } from 'node:net';
import request from 'supertest';
import { signUpBody } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('PostgreSQL refusing connections', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/journal`;
    // Both the ORM and the public list's read pool point at it.
    testApp = await startTestApp({ env: { DATABASE_URL: url, DATABASE_READ_URL: url } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const serviceUnavailable = { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: expect.any(String) as unknown };

  it.each([
    ['the public list (read pool)', () => request(testApp.server).get('/api/papers')],
    ['a paper (ORM)', () => request(testApp.server).get('/api/papers/00000000-0000-4000-8000-000000000000')],
    ['sign-up', () => request(testApp.server).post('/api/auth/sign-up').send(signUpBody())],
    ['sign-in', () => request(testApp.server).post('/api/auth/sign-in').send({ email: 'someone@example.org', password: 'correct-horse-1' })],
  ])('answers %s with 503 SERVICE_UNAVAILABLE, not 500', async (_label, send) => {
    const response = await send();
    expect(response.status).toBe(503);
    expect(response.body).toEqual(serviceUnavailable);
    expect(response.headers['content-security-policy']).toEqual(expect.any(String));
  });
});
