import request from 'supertest';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * TRUST_PROXY, read from the validated configuration: behind a reverse proxy, X-Forwarded-For
 * names the client, and rate limits count per client; without it, the header is the client's own
 * claim and is ignored, so it cannot buy a fresh allowance.
 */
describe.each([
  { trustProxy: 'true', otherForwardedAddress: 401 },
  { trustProxy: '1', otherForwardedAddress: 401 },
  { trustProxy: 'false', otherForwardedAddress: 429 },
  { trustProxy: undefined, otherForwardedAddress: 429 },
])('TRUST_PROXY=$trustProxy', ({ trustProxy, otherForwardedAddress }) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { TRUST_PROXY: trustProxy, RATE_LIMIT_REFRESH_PER_ADDRESS_PER_MINUTE: '2' } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  beforeEach(() => clearRateLimits(testApp));

  const refreshFrom = (address: string, attempt: number) =>
    request(testApp.server).post('/api/auth/refresh').set('X-Forwarded-For', address).set('Cookie', `refresh_token=${'C'.repeat(42)}${attempt}`);

  it(`answers ${otherForwardedAddress} to another forwarded address once one address reached its refresh ceiling`, async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) await refreshFrom('198.51.100.20', attempt).expect(401);
    await refreshFrom('198.51.100.20', 2).expect(429);
    await refreshFrom('198.51.100.21', 3).expect(otherForwardedAddress);
  });
});
