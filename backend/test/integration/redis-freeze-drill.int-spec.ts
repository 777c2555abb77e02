import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type { RedisOptions } from 'ioredis';
import request from 'supertest';
import { MailProcessor } from '../../src/modules/notifications/mail/mail.processor.js';
import { MAIL_QUEUE, type MailQueue } from '../../src/modules/notifications/mail/mail-job.js';
import { accountMailsSettled, createAccount, refresh, signIn, signUpBody, tokenFromOutbox } from '../support/accounts.js';
import { drillEnvironment, type PrivateRedis, startPrivateRedis, waitForReadiness } from '../support/fault-drills.js';
import { createPaper } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

/** The API's wait for one Redis command in this drill. */
const COMMAND_TIMEOUT_MS = 1000;
/**
 * A hang guard, not a speed goal: far above the command timeout, so only a request that waits on
 * the frozen Redis itself (rather than on its timeout) runs into it.
 */
const HANG_GUARD_MS = 15_000;

const serviceUnavailable = { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: expect.any(String) as unknown };

/**
 * Redis stopped with SIGSTOP: its connections stay open and nothing answers (a hung host, a
 * stalled network). Killed, it refuses connections and the API fails fast by itself; frozen,
 * only the command timeout (REDIS_COMMAND_TIMEOUT_MS) stands between a request and the freeze.
 */
describe('a frozen Redis', () => {
  let redis: PrivateRedis;
  let environment: { restore(): void };
  let api: TestApp;
  let account: { id: string; email: string; password: string };
  let paperId: string;
  let refreshToken: string;
  let resetToken: string;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    environment = drillEnvironment({ REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS) });
    api = await startTestApp();
    account = await createAccount(api);
    paperId = (await createPaper(api, { userId: account.id })).id;
    refreshToken = (await signIn(api, account.email, account.password)).refreshToken;
    await request(api.server).post('/api/auth/forgot-password').send({ email: account.email }).expect(202);
    resetToken = await tokenFromOutbox(api.app, account.email, 'reset-password');
  }, 60_000);

  afterAll(async () => {
    redis?.thaw();
    await api?.close();
    await redis?.stop();
    environment?.restore();
  }, 30_000);

  it('gives the API’s queue connection the command timeout and the worker’s none (its reads block by design)', async () => {
    let worker: INestApplicationContext | undefined;
    try {
      worker = await startTestWorker();
      const apiQueue = api.app.get<MailQueue>(getQueueToken(MAIL_QUEUE));
      expect((apiQueue.opts.connection as RedisOptions).commandTimeout).toBe(COMMAND_TIMEOUT_MS);
      const consumer = worker.get(MailProcessor).worker;
      expect((consumer.opts.connection as RedisOptions).commandTimeout).toBeUndefined();
    } finally {
      await worker?.close();
    }
  });

  describe('while it is frozen', () => {
    beforeAll(async () => {
      await accountMailsSettled(api.app);
      redis.freeze();
    });

    afterAll(() => redis.thaw());

    const api503 = (send: () => request.Test) => async () => {
      const response = await send().timeout(HANG_GUARD_MS);
      expect(response.status).toBe(503);
      expect(response.body).toEqual(serviceUnavailable);
    };

    it('answers sign-in 503', api503(() => request(api.server).post('/api/auth/sign-in').send({ email: account.email, password: account.password })));
    it('answers sign-up 503', api503(() => request(api.server).post('/api/auth/sign-up').send(signUpBody())));
    it('answers refresh 503', api503(() => refresh(api, refreshToken)));
    it('answers forgot-password 503', api503(() => request(api.server).post('/api/auth/forgot-password').send({ email: account.email })));
    it('answers reset-password 503', api503(() => request(api.server).post('/api/auth/reset-password').send({ token: resetToken, password: 'a-new-password-2' })));

    it('says so on /api/health (503, Redis down)', async () => {
      const response = await request(api.server).get('/api/health').timeout(HANG_GUARD_MS);
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'error', checks: { database: 'up', redis: 'down' } });
    });

    it('keeps serving reads that do not need Redis', async () => {
      const list = await request(api.server).get('/api/papers').timeout(HANG_GUARD_MS);
      expect(list.status).toBe(200);
      const paper = await request(api.server).get(`/api/papers/${paperId}`).timeout(HANG_GUARD_MS);
      expect(paper.status).toBe(200);
    });
  });

  it('signs in again once Redis runs again, without a restart', async () => {
    redis.thaw();
    await waitForReadiness(api, 200, 20_000);
    const response = await request(api.server).post('/api/auth/sign-in').send({ email: account.email, password: account.password }).timeout(HANG_GUARD_MS);
    expect(response.status).toBe(200);
  });
});
