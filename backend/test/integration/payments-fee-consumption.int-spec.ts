import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { createAccount, sql } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** consumeSubmissionFee, as the papers module calls it: inside its own transaction. */
describe('submission fee consumption', () => {
  let testApp: TestApp;
  let payments: PaymentsService;
  let em: EntityManager;

  beforeAll(async () => {
    testApp = await startTestApp();
    payments = testApp.app.get(PaymentsService);
    em = testApp.app.get(EntityManager);
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function paidFee(userId: string): Promise<string> {
    const sessionId = `cs_test_${randomUUID()}`;
    await sql(
      testApp.app,
      `insert into payments (id, user_id, provider, provider_session_id, amount, currency, status, checkout_url, paid_at)
       values (?, ?, 'test', ?, 10000, 'usd', 'paid', 'http://localhost/x', now())`,
      [randomUUID(), userId, sessionId],
    );
    return sessionId;
  }

  async function insertPaper(tx: EntityManager, userId: string): Promise<string> {
    const id = randomUUID();
    await tx.getConnection().execute(
      "insert into research_papers (id, user_id, title, abstract, category) values (?, ?, 'A paper', 'About it', 'Physics')",
      [id, userId],
      'run',
      tx.getTransactionContext(),
    );
    return id;
  }

  it('uses one paid fee for one paper, once', async () => {
    const user = await createAccount(testApp);
    const sessionId = await paidFee(user.id);
    expect(await payments.hasUnusedPaidFee(user.id)).toBe(true);

    const paperId = await em.fork().transactional(async (tx) => {
      const id = await insertPaper(tx, user.id);
      await payments.consumeSubmissionFee(tx, user.id, id);
      return id;
    });
    const [row] = await sql<{ paper_id: string; used_at: Date | null }>(testApp.app, 'select paper_id, used_at from payments where provider_session_id = ?', [sessionId]);
    expect(row).toMatchObject({ paper_id: paperId });
    expect(row?.used_at).not.toBeNull();
    expect(await payments.hasUnusedPaidFee(user.id)).toBe(false);

    const second = em.fork().transactional(async (tx) => {
      await payments.consumeSubmissionFee(tx, user.id, await insertPaper(tx, user.id));
    });
    await expect(second).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', status: 402 });
    await expect(second).rejects.toThrow('Please complete the $100 submission fee before submitting your paper.');
  });

  it('leaves the fee unused when the submitting transaction rolls back', async () => {
    const user = await createAccount(testApp);
    const sessionId = await paidFee(user.id);
    const attempt = em.fork().transactional(async (tx) => {
      await payments.consumeSubmissionFee(tx, user.id, await insertPaper(tx, user.id));
      // Inside the transaction the claim is visible; outside it is not yet.
      const [inside] = await tx.getConnection().execute<{ paper_id: string | null }[]>(
        'select paper_id from payments where provider_session_id = ?',
        [sessionId],
        'all',
        tx.getTransactionContext(),
      );
      expect(inside?.paper_id).not.toBeNull();
      const [outside] = await sql<{ paper_id: string | null }>(testApp.app, 'select paper_id from payments where provider_session_id = ?', [sessionId]);
      expect(outside?.paper_id).toBeNull();
      throw new Error('storage failed');
    });
    await expect(attempt).rejects.toThrow('storage failed');
    const [row] = await sql<{ paper_id: string | null; used_at: Date | null }>(testApp.app, 'select paper_id, used_at from payments where provider_session_id = ?', [sessionId]);
    expect(row).toEqual({ paper_id: null, used_at: null });
    expect(await payments.hasUnusedPaidFee(user.id)).toBe(true);
    expect(await sql(testApp.app, 'select 1 from research_papers where user_id = ?', [user.id])).toHaveLength(0);
  });

  it('refuses a user without a paid fee with 402', async () => {
    const user = await createAccount(testApp);
    const attempt = em.fork().transactional(async (tx) => {
      await payments.consumeSubmissionFee(tx, user.id, await insertPaper(tx, user.id));
    });
    await expect(attempt).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
  });
});
