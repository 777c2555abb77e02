import { randomUUID } from 'node:crypto';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The counts are over the whole outbox, so this suite has a database of its own: other suites
 * running at the same time send e-mails too.
 */
describe('GET /api/admin/email-outbox/summary', () => {
  const own = scratchDatabase('outbox');
  const previousUrl = process.env.DATABASE_URL;
  let testApp: TestApp;
  let admin: Person;
  let author: Person;
  let reviewer: Person;

  beforeAll(async () => {
    await own.create();
    process.env.DATABASE_URL = own.url.toString(); // read by the migrations and the app's configuration
    testApp = await startTestApp();
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    reviewer = await createPerson(testApp, 'reviewer');
  });

  afterAll(async () => {
    await testApp?.close();
    process.env.DATABASE_URL = previousUrl;
    await own.drop();
  });

  async function row(status: string, fields: { lastError?: string; nextAttemptAt?: string | null; sentAt?: string | null } = {}): Promise<void> {
    const next = fields.nextAttemptAt === undefined ? (status === 'sent' || status === 'failed' ? null : new Date().toISOString()) : fields.nextAttemptAt;
    await sql(
      testApp.app,
      `insert into outbox_mails (id, template, recipient, data, dedupe_key, status, attempts, last_error, next_attempt_at, sent_at)
       values (?, 'paper-submitted', 'someone@example.org', '{}', ?, ?, ?, ?, ?, ?)`,
      [randomUUID(), `test:${randomUUID()}`, status, fields.lastError ? 1 : 0, fields.lastError ?? null, next, fields.sentAt ?? null],
    );
  }

  it('answers 401 to a visitor and 403 to anyone but an admin', async () => {
    const visitor = await actingAs(testApp, null).get('/api/admin/email-outbox/summary').expect(401);
    expect(visitor.body).toEqual({ statusCode: 401, code: 'UNAUTHENTICATED', message: expect.any(String) });
    for (const who of [author, reviewer]) {
      const denied = await actingAs(testApp, who).get('/api/admin/email-outbox/summary').expect(403);
      expect(denied.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });
    }
  });

  it('counts what is waiting, retrying (with the soonest retry), failed for good and sent in the last day', async () => {
    const before = (await actingAs(testApp, admin).get('/api/admin/email-outbox/summary').expect(200)).body as Record<string, unknown>;
    // The accounts' confirmation e-mails (never sent: no worker here) are waiting already.
    const waitingBefore = before.waiting as number;
    expect(before).toMatchObject({ retrying: 0, nextRetryAt: null, failed: 0, sentLastDay: 0 });

    const soon = new Date(Date.now() + 60_000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await row('pending');
    await row('queued');
    await row('queued', { lastError: '421 Service not available', nextAttemptAt: later });
    await row('queued', { lastError: 'connect ECONNREFUSED', nextAttemptAt: soon });
    await row('failed', { lastError: '550 No such user' });
    await row('sent', { sentAt: new Date(Date.now() - 3_600_000).toISOString() });
    await row('sent', { sentAt: new Date().toISOString() });
    await row('sent', { sentAt: new Date(Date.now() - 2 * 24 * 3_600_000).toISOString() });

    const summary = (await actingAs(testApp, admin).get('/api/admin/email-outbox/summary').expect(200)).body as Record<string, unknown>;
    expect(summary).toEqual({ waiting: waitingBefore + 2, retrying: 2, nextRetryAt: soon, failed: 1, sentLastDay: 2 });
  });
});
