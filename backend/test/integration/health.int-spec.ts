import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app.factory.js';
import { AppModule } from '../../src/app.module.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/health', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers 200 when the database, Redis and file storage are reachable', async () => {
    const response = await request(testApp.server).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up', storage: 'up' } });
  });

  it('answers an unknown API route with the one error shape', async () => {
    const response = await request(testApp.server).get('/api/does-not-exist').expect(404);
    expect(response.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('sends the security headers: a CSP without inline scripts, nosniff, no framing, a request id', async () => {
    const response = await request(testApp.server).get('/api/health/live').expect(200);
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed request id given by the caller', async () => {
    const response = await request(testApp.server).get('/api/health/live').set('x-request-id', 'trace-12345678').expect(200);
    expect(response.headers['x-request-id']).toBe('trace-12345678');
  });
});

describe('GET /api/health with a dependency down', () => {
  const saved = { REDIS_URL: process.env.REDIS_URL, DATABASE_URL: process.env.DATABASE_URL };

  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('answers 503 naming Redis when Redis is unreachable', async () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    const testApp = await startTestApp();
    try {
      const response = await request(testApp.server).get('/api/health').expect(503);
      expect(response.body).toEqual({ status: 'error', checks: { database: 'up', redis: 'down', storage: 'up' } });
    } finally {
      await testApp.close();
    }
  });

  it('answers 503 naming the database when PostgreSQL is unreachable', async () => {
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/journal';
    const app = await createApp(AppModule);
    try {
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      const response = await request(app.getHttpServer()).get('/api/health').expect(503);
      expect(response.body).toEqual({ status: 'error', checks: { database: 'down', redis: 'up', storage: 'up' } });
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming storage when its directory is missing', async () => {
    const testApp = await startTestApp({ env: { STORAGE_DIR: join(tmpdir(), `journal-no-such-storage-${process.pid}`) } });
    try {
      const response = await request(testApp.server).get('/api/health').expect(503);
      expect(response.body).toEqual({ status: 'error', checks: { database: 'up', redis: 'up', storage: 'down' } });
    } finally {
      await testApp.close();
    }
  });
});
