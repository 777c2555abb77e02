import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../src/config/app-config.js';
import { hashOpaqueToken } from '../../src/common/crypto/opaque-token.js';
import { buildOrmOptions } from '../../src/orm-options.js';
import { LinkTokenPurpose, type LinkTokenSubject } from '../../src/modules/link-tokens/link-token-purpose.js';
import { LinkTokensService } from '../../src/modules/link-tokens/link-tokens.service.js';
import { createAccount, sql, uniqueEmail } from '../support/accounts.js';
import { scratchDatabase } from '../support/scratch-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HOUR_MS = 60 * 60 * 1000;

describe('the store of e-mailed links', () => {
  let testApp: TestApp;
  let tokens: LinkTokensService;
  let orm: MikroORM;

  beforeAll(async () => {
    testApp = await startTestApp();
    tokens = testApp.app.get(LinkTokensService);
    orm = testApp.app.get(MikroORM);
  });

  afterAll(() => testApp.close());

  async function issue(purpose: LinkTokenPurpose, subject: LinkTokenSubject, expiresInMs = HOUR_MS): Promise<{ id: string; token: string }> {
    return orm.em.fork().transactional((tx) => tokens.issue(tx, { purpose, subject, expiresInMs }));
  }

  const consume = (purpose: LinkTokenPurpose, token: string) => orm.em.fork().transactional((tx) => tokens.consume(tx, purpose, token));

  it('issues a link to an address with no account, keeps only its hash, and lets it be used once', async () => {
    const email = uniqueEmail('invitee');
    const { id, token } = await issue(LinkTokenPurpose.ReviewerInvitation, { email });

    const [stored] = await sql<Record<string, unknown>>(testApp.app, 'select * from link_tokens where id = ?', [id]);
    expect(stored).toMatchObject({ purpose: 'reviewer_invitation', subject_user_id: null, subject_email: email, consumed_at: null });
    expect(stored?.token_hash).toBe(hashOpaqueToken(token));
    expect(Object.values(stored ?? {})).not.toContain(token);

    await expect(tokens.check(LinkTokenPurpose.ReviewerInvitation, token)).resolves.toMatchObject({ status: 'valid', record: { id, subject: { email } } });
    // A link works only for what it was sent for.
    await expect(consume(LinkTokenPurpose.PasswordReset, token)).resolves.toEqual({ status: 'invalid' });

    await expect(consume(LinkTokenPurpose.ReviewerInvitation, token)).resolves.toMatchObject({ status: 'valid', record: { id, subject: { email } } });
    await expect(consume(LinkTokenPurpose.ReviewerInvitation, token)).resolves.toEqual({ status: 'invalid' });
    await expect(tokens.check(LinkTokenPurpose.ReviewerInvitation, token)).resolves.toEqual({ status: 'invalid' });
  });

  it('lets exactly one of two concurrent uses win', async () => {
    const account = await createAccount(testApp);
    for (let round = 0; round < 5; round += 1) {
      const { token } = await issue(LinkTokenPurpose.PasswordReset, { userId: account.id });
      const results = await Promise.all([consume(LinkTokenPurpose.PasswordReset, token), consume(LinkTokenPurpose.PasswordReset, token)]);
      expect(results.map((result) => result.status).sort()).toEqual(['invalid', 'valid']);
    }
  });

  it('refuses an expired link without using it up, and tells it from an unknown one', async () => {
    const { id, token } = await issue(LinkTokenPurpose.ReviewerInvitation, { email: uniqueEmail('late') }, -1000);
    await expect(tokens.check(LinkTokenPurpose.ReviewerInvitation, token)).resolves.toEqual({ status: 'expired' });
    await expect(consume(LinkTokenPurpose.ReviewerInvitation, token)).resolves.toEqual({ status: 'expired' });
    const [stored] = await sql<{ consumed_at: Date | null }>(testApp.app, 'select consumed_at from link_tokens where id = ?', [id]);
    expect(stored?.consumed_at).toBeNull();
    await expect(consume(LinkTokenPurpose.ReviewerInvitation, 'x'.repeat(43))).resolves.toEqual({ status: 'invalid' });
    await expect(consume(LinkTokenPurpose.ReviewerInvitation, 'not a token')).resolves.toEqual({ status: 'invalid' });
  });

  it('uses up every outstanding link of one purpose sent to an address', async () => {
    const email = uniqueEmail('twice');
    const first = await issue(LinkTokenPurpose.ReviewerInvitation, { email });
    const second = await issue(LinkTokenPurpose.ReviewerInvitation, { email });
    const other = await issue(LinkTokenPurpose.ReviewerInvitation, { email: uniqueEmail('other') });
    await expect(orm.em.fork().transactional((tx) => tokens.consumeAllOf(tx, LinkTokenPurpose.ReviewerInvitation, { email }))).resolves.toBe(2);
    await expect(consume(LinkTokenPurpose.ReviewerInvitation, first.token)).resolves.toEqual({ status: 'invalid' });
    await expect(consume(LinkTokenPurpose.ReviewerInvitation, second.token)).resolves.toEqual({ status: 'invalid' });
    await expect(consume(LinkTokenPurpose.ReviewerInvitation, other.token)).resolves.toMatchObject({ status: 'valid' });
  });

  it('refuses a row with no subject or with both', async () => {
    const account = await createAccount(testApp);
    const insert = (userId: string | null, email: string | null) =>
      sql(testApp.app, "insert into link_tokens (subject_user_id, subject_email, purpose, token_hash, expires_at) values (?, ?, 'password_reset', ?, now())", [
        userId,
        email,
        hashOpaqueToken(randomUUID()),
      ]);
    await expect(insert(null, null)).rejects.toThrow(/link_tokens_one_subject_check/);
    await expect(insert(account.id, uniqueEmail())).rejects.toThrow(/link_tokens_one_subject_check/);
  });
});

describe('the migration to link_tokens', () => {
  const own = scratchDatabase('link_tokens');
  const BEFORE = 'Migration20261123000200_mail_delivery';
  const MIGRATION = 'Migration20261123001000_link_tokens';

  let orm: MikroORM;

  beforeAll(async () => {
    await own.create();
    const config = loadConfig();
    orm = await MikroORM.init({ ...buildOrmOptions({ ...config, database: { ...config.database, url: own.url.toString() } }), logger: () => undefined });
  });

  afterAll(async () => {
    await orm?.close(true);
    await own.drop();
  });

  it('keeps the links already sent working, and can be undone', async () => {
    await orm.migrator.up({ to: BEFORE });
    const connection = orm.em.getConnection();
    const [user] = await connection.execute<{ id: string }[]>("insert into users (email, password_hash) values ('sent@example.org', 'x') returning id");
    const token = 'a'.repeat(43);
    const spent = 'b'.repeat(43);
    await connection.execute(
      `insert into auth_tokens (user_id, type, token_hash, expires_at, used_at) values
         (?, 'password_reset', ?, now() + interval '1 hour', null),
         (?, 'password_reset', ?, now() + interval '1 hour', now())`,
      [user?.id, hashOpaqueToken(token), user?.id, hashOpaqueToken(spent)],
    );

    await orm.migrator.up({ to: MIGRATION });
    const store = new LinkTokensService(orm.em.fork());
    await expect(store.check(LinkTokenPurpose.PasswordReset, spent)).resolves.toEqual({ status: 'invalid' });
    await expect(orm.em.fork().transactional((tx) => store.consume(tx, LinkTokenPurpose.PasswordReset, token))).resolves.toMatchObject({
      status: 'valid',
      record: { subject: { userId: user?.id } },
    });

    await orm.migrator.down({ migrations: [MIGRATION] });
    const rows = await connection.execute<{ user_id: string; type: string }[]>('select user_id, type from auth_tokens');
    expect(rows).toHaveLength(2);
  });
});
