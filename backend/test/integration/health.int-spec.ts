import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/health', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers 200 when the database and Redis are reachable', async () => {
    const response = await request(testApp.server).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });
  });

  it('answers an unknown API route with the one error shape', async () => {
    const response = await request(testApp.server).get('/api/does-not-exist').expect(404);
    expect(response.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });
  });
});
