import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { ExpiredCredentialsPurge } from '../../src/modules/auth/expired-credentials-purge.service.js';
import { createAccount, sql } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const hash = () => randomBytes(32).toString('hex');

describe('the worker’s purge of dead sessions and spent link tokens', () => {
  let testApp: TestApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    testApp = await startTestApp();
    worker = await startTestWorker();
  });

  afterAll(async () => {
    await worker.close();
    await testApp.close();
  });

  it('removes what has been dead or spent for a week (rotated hashes with their session) and keeps the rest', async () => {
    const { id: userId } = await createAccount(testApp);
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const session = async (expiresAt: Date, revokedAt: Date | null) => {
      const id = randomUUID();
      await sql(
        testApp.app,
        'insert into sessions (id, user_id, refresh_token_hash, created_at, last_used_at, expires_at, revoked_at) values (?, ?, ?, ?, ?, ?, ?)',
        [id, userId, hash(), ago(40), ago(10), expiresAt, revokedAt],
      );
      await sql(testApp.app, 'insert into rotated_refresh_tokens (token_hash, session_id, user_id, rotated_at) values (?, ?, ?, ?)', [hash(), id, userId, ago(10)]);
      return id;
    };
    const linkToken = async (expiresAt: Date, usedAt: Date | null) => {
      const id = randomUUID();
      await sql(
        testApp.app,
        'insert into link_tokens (id, subject_user_id, purpose, token_hash, expires_at, consumed_at, created_at) values (?, ?, ?, ?, ?, ?, ?)',
        [id, userId, 'password_reset', hash(), expiresAt, usedAt, ago(30)],
      );
      return id;
    };

    const live = await session(ago(-20), null);
    const expiredYesterday = await session(ago(1), null);
    const expiredLongAgo = await session(ago(8), null);
    const revokedYesterday = await session(ago(-20), ago(1));
    const revokedLongAgo = await session(ago(-20), ago(8));
    const unused = await linkToken(ago(-1), null);
    const usedYesterday = await linkToken(ago(-1), ago(1));
    const usedLongAgo = await linkToken(ago(-1), ago(8));
    const expiredTokenLongAgo = await linkToken(ago(8), null);

    const counts = await worker.get(ExpiredCredentialsPurge).purge(now);
    expect(counts.sessions).toBeGreaterThanOrEqual(2);
    expect(counts.linkTokens).toBeGreaterThanOrEqual(2);

    const sessions = await sql<{ id: string }>(testApp.app, 'select id from sessions where user_id = ? order by id', [userId]);
    expect(sessions.map((row) => row.id).sort()).toEqual([live, expiredYesterday, revokedYesterday].sort());
    const rotated = await sql<{ session_id: string }>(testApp.app, 'select session_id from rotated_refresh_tokens where user_id = ?', [userId]);
    expect(rotated.map((row) => row.session_id).sort()).toEqual([live, expiredYesterday, revokedYesterday].sort());
    const tokens = await sql<{ id: string }>(testApp.app, 'select id from link_tokens where subject_user_id = ?', [userId]);
    expect(tokens.map((row) => row.id).sort()).toEqual([unused, usedYesterday].sort());
    for (const gone of [expiredLongAgo, revokedLongAgo]) expect(sessions.map((row) => row.id)).not.toContain(gone);
    for (const gone of [usedLongAgo, expiredTokenLongAgo]) expect(tokens.map((row) => row.id)).not.toContain(gone);

    // A second pass finds nothing more of this user's.
    await worker.get(ExpiredCredentialsPurge).purge(now);
    expect(await sql(testApp.app, 'select id from sessions where user_id = ?', [userId])).toHaveLength(3);
  });
});
