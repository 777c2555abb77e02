import request from 'supertest';
import { hashOpaqueToken } from '../../src/common/crypto/opaque-token.js';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { DemoAccountsSeeder } from '../../src/cli/seeders/demo-accounts.seeder.js';
import { DemoInvitationsSeeder } from '../../src/cli/seeders/demo-invitations.seeder.js';
import { InvitationExpiry } from '../../src/modules/invitations/invitation-expiry.service.js';
import { InvitationsService } from '../../src/modules/invitations/invitations.service.js';
import { MailRenderer } from '../../src/modules/notifications/mail/mail-renderer.js';
import { MailTemplate } from '../../src/modules/notifications/mail/mail-template.js';
import { actingAs, createAccount, createPerson, type Person, signIn, sql, uniqueEmail } from '../support/accounts.js';
import { inviteReviewer } from '../support/invitations.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

const NEW_REVIEWER = { firstName: 'Rosalind', lastName: 'Franklin', password: 'helix-1953' };

describe('reviewer invitations', () => {
  let testApp: TestApp;
  let admin: Person;
  let config: AppConfig;

  beforeAll(async () => {
    testApp = await startTestApp();
    config = testApp.app.get<AppConfig>(APP_CONFIG);
    admin = await createPerson(testApp, 'admin');
  });

  afterAll(() => testApp.close());

  // Verify and accept are rate-limited per address, and every request here comes from 127.0.0.1.
  beforeEach(() => clearRateLimits(testApp));

  const asAdmin = () => actingAs(testApp, admin);
  const visitor = () => actingAs(testApp, null);
  const invite = (email: string) => inviteReviewer(testApp, admin.token, email);
  const invitationRow = async (id: string) =>
    (await sql<{ status: string; accepted_at: Date | null }>(testApp.app, 'select status, accepted_at from reviewer_invitations where id = ?', [id]))[0];
  const rolesOf = async (userId: string) => (await sql<{ role: string }>(testApp.app, 'select role from user_roles where user_id = ? order by role', [userId])).map((row) => row.role);

  describe('inviting', () => {
    it('records a pending invitation whose e-mail names the editor and the journal and carries the link', async () => {
      const email = `  ${uniqueEmail('Invitee').replace('invitee', 'Invitee')}  `;
      const response = await asAdmin().post('/api/admin/invitations').send({ email }).expect(201);
      expect(response.body).toMatchObject({ email: email.trim(), status: 'pending', acceptedAt: null, invitedByName: 'Test Person', delivery: 'queued' });
      const body = response.body as { id: string; invitedAt: string; expiresAt: string };
      const ttl = new Date(body.expiresAt).getTime() - new Date(body.invitedAt).getTime();
      expect(Math.abs(ttl - config.invitations.ttlDays * 24 * 60 * 60 * 1000)).toBeLessThan(60_000);

      const [mail] = await sql<{ recipient: string; template: string; data: { inviterName: string; invitationUrl: string } }>(
        testApp.app,
        'select m.recipient, m.template, m.data from outbox_mails m join reviewer_invitations i on i.outbox_mail_id = m.id where i.id = ?',
        [body.id],
      );
      expect(mail).toMatchObject({ recipient: email.trim().toLowerCase(), template: 'reviewer-invitation', data: { inviterName: 'Test Person' } });
      const link = new URL(mail.data.invitationUrl);
      expect(`${link.origin}${link.pathname}`).toBe(`${config.http.publicUrl}/reviewer-invitation`);
      const token = link.searchParams.get('token')!;
      // At least 256 bits: 32 random bytes, base64url.
      expect(token.length).toBeGreaterThanOrEqual(43);

      const rendered = new MailRenderer(config).render(MailTemplate.ReviewerInvitation, mail.data);
      for (const part of [rendered.html, rendered.text]) {
        expect(part).toContain('Test Person');
        expect(part).toContain(config.journal.name);
        expect(part).toContain(mail.data.invitationUrl.replace(/&/g, part === rendered.html ? '&amp;' : '&'));
      }
    });

    it('stores the link only as a hash', async () => {
      const { id, token } = await invite(uniqueEmail('hashed'));
      const [stored] = await sql<Record<string, unknown>>(
        testApp.app,
        'select t.*, row_to_json(i)::text as invitation from link_tokens t join reviewer_invitations i on i.link_token_id = t.id where i.id = ?',
        [id],
      );
      expect(stored).toMatchObject({ purpose: 'reviewer_invitation', token_hash: hashOpaqueToken(token) });
      expect(JSON.stringify(stored)).not.toContain(token);
    });

    it('refuses a second pending invitation for the same address, whatever its case', async () => {
      const email = uniqueEmail('twice');
      await invite(email);
      const again = await asAdmin().post('/api/admin/invitations').send({ email: email.toUpperCase() }).expect(409);
      expect(again.body).toEqual({ statusCode: 409, code: 'INVITATION_PENDING_EXISTS', message: `A pending invitation already exists for ${email.toUpperCase()}.` });
    });

    it('lets exactly one of two admins inviting the same address at once win', async () => {
      const email = uniqueEmail('race');
      const statuses = (await Promise.all([0, 1, 2, 3].map(() => asAdmin().post('/api/admin/invitations').send({ email })))).map((response) => response.status);
      expect(statuses.sort()).toEqual([201, 409, 409, 409]);
      const rows = await sql(testApp.app, 'select id from reviewer_invitations where email_key = ?', [email]);
      expect(rows).toHaveLength(1);
      const mails = await sql(testApp.app, "select id from outbox_mails where recipient = ? and template = 'reviewer-invitation'", [email]);
      expect(mails).toHaveLength(1);
    });

    it('refuses a missing or malformed e-mail', async () => {
      for (const body of [{}, { email: '' }, { email: 'not-an-email' }]) {
        const response = await asAdmin().post('/api/admin/invitations').send(body).expect(400);
        expect((response.body as { code: string }).code).toBe('VALIDATION_FAILED');
      }
    });

    it('leaves no invitation when its e-mail cannot be recorded', async () => {
      const email = uniqueEmail('unmailable');
      await sql(
        testApp.app,
        `create function test_refuse_invitation_mail() returns trigger language plpgsql as $$
         begin
           if new.recipient = '${email}' then raise exception 'outbox refused by the test'; end if;
           return new;
         end $$`,
      );
      await sql(testApp.app, 'create trigger test_refuse_invitation_mail before insert on outbox_mails for each row execute function test_refuse_invitation_mail()');
      try {
        const response = await asAdmin().post('/api/admin/invitations').send({ email });
        expect(response.status).toBeGreaterThanOrEqual(500);
      } finally {
        await sql(testApp.app, 'drop trigger if exists test_refuse_invitation_mail on outbox_mails');
        await sql(testApp.app, 'drop function if exists test_refuse_invitation_mail()');
      }
      expect(await sql(testApp.app, 'select id from reviewer_invitations where email_key = ?', [email])).toEqual([]);
      expect(await sql(testApp.app, 'select id from link_tokens where subject_email = ?', [email])).toEqual([]);
      // Nothing blocks inviting the address again.
      await invite(email);
    });
  });

  describe('listing', () => {
    it('lists newest first, the pending ones alone when asked, with the delivery state', async () => {
      const first = await invite(uniqueEmail('older'));
      const second = await invite(uniqueEmail('newer'));
      const pending = (await asAdmin().get('/api/admin/invitations?status=pending&limit=5').expect(200)).body as { id: string; status: string; delivery: string }[];
      expect(pending.length).toBeLessThanOrEqual(5);
      expect(pending.every((row) => row.status === 'pending')).toBe(true);
      const ids = pending.map((row) => row.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
      expect(pending.find((row) => row.id === second.id)?.delivery).toBe('queued');

      await sql(testApp.app, "update outbox_mails set status = 'sent', sent_at = now(), next_attempt_at = null where id = (select outbox_mail_id from reviewer_invitations where id = ?)", [second.id]);
      const all = (await asAdmin().get('/api/admin/invitations?limit=10').expect(200)).body as { id: string; delivery: string }[];
      expect(all.length).toBeLessThanOrEqual(10);
      expect(all.find((row) => row.id === second.id)?.delivery).toBe('sent');
      await asAdmin().get('/api/admin/invitations?status=unknown').expect(400);
      await asAdmin().get('/api/admin/invitations?limit=0').expect(400);
    });
  });

  describe('accepting', () => {
    it('verifies without using the link, then creates a confirmed reviewer account once', async () => {
      const email = uniqueEmail('newcomer');
      const { id, token } = await invite(email);
      for (let look = 0; look < 2; look += 1) {
        const verified = await visitor().post('/api/invitations/verify').send({ token }).expect(200);
        expect(verified.body).toEqual({ email, accountExists: false });
      }

      const accepted = await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }).expect(201);
      expect(accepted.body).toEqual({ email });
      const [account] = await sql<{ id: string; email_confirmed_at: Date | null }>(testApp.app, 'select id, email_confirmed_at from users where email = ?', [email]);
      expect(account?.email_confirmed_at).not.toBeNull();
      expect(await rolesOf(account.id)).toEqual(['reviewer']);
      expect(await invitationRow(id)).toMatchObject({ status: 'accepted' });
      expect((await invitationRow(id))?.accepted_at).not.toBeNull();

      // The new reviewer signs in as a reviewer.
      const session = await signIn(testApp, email, NEW_REVIEWER.password);
      expect((session.response.body as { user: { role: string; roles: string[] } }).user).toMatchObject({ role: 'reviewer', firstName: 'Rosalind', lastName: 'Franklin' });

      // The link works once.
      const again = await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER, password: 'another-one-2' }).expect(404);
      expect(again.body).toEqual({ statusCode: 404, code: 'INVITATION_NOT_FOUND', message: 'No valid invitation found' });
      await visitor().post('/api/invitations/verify').send({ token }).expect(404);
    });

    it('lets exactly one of two simultaneous accepts of one link win, and makes one account', async () => {
      const email = uniqueEmail('twice');
      const { id, token } = await invite(email);
      const answers = await Promise.all([
        visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }),
        visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER, password: 'another-one-2' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 404]);
      const accounts = await sql<{ id: string }>(testApp.app, 'select id from users where email = ?', [email]);
      expect(accounts).toHaveLength(1);
      expect(await rolesOf(accounts[0].id)).toEqual(['reviewer']);
      expect(await invitationRow(id)).toMatchObject({ status: 'accepted' });
    });

    it('leaves nothing half-made when the role cannot be granted: no account, the invitation pending, the link usable', async () => {
      const email = uniqueEmail('halfway');
      const { id, token } = await invite(email);
      await sql(
        testApp.app,
        `create function test_refuse_reviewer_role() returns trigger language plpgsql as $$
         begin
           if (select email from users where id = new.user_id) = '${email}' then raise exception 'role refused by the test'; end if;
           return new;
         end $$`,
      );
      await sql(testApp.app, 'create trigger test_refuse_reviewer_role before insert on user_roles for each row execute function test_refuse_reviewer_role()');
      try {
        const refused = await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER });
        expect(refused.status).toBeGreaterThanOrEqual(500);
      } finally {
        await sql(testApp.app, 'drop trigger if exists test_refuse_reviewer_role on user_roles');
        await sql(testApp.app, 'drop function if exists test_refuse_reviewer_role()');
      }
      expect(await sql(testApp.app, 'select id from users where email = ?', [email])).toEqual([]);
      expect(await invitationRow(id)).toMatchObject({ status: 'pending', accepted_at: null });
      await visitor().post('/api/invitations/verify').send({ token }).expect(200);
      await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }).expect(201);
    });

    it('refuses a visitor without the sign-up fields or with a weak password, leaving the link usable', async () => {
      const { token } = await invite(uniqueEmail('careful'));
      expect((await visitor().post('/api/invitations/accept').send({ token }).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER, firstName: '  ' }).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER, password: '12345' }).expect(400)).body).toMatchObject({ code: 'AUTH_WEAK_PASSWORD' });
      await visitor().post('/api/invitations/verify').send({ token }).expect(200);
      await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }).expect(201);
    });

    it('makes no second account for an address that has one: its owner signs in and gets the role', async () => {
      const existing = await createAccount(testApp, { email: uniqueEmail('existing') });
      const { id, token } = await invite(existing.email.toUpperCase());
      expect((await visitor().post('/api/invitations/verify').send({ token }).expect(200)).body).toEqual({ email: existing.email.toUpperCase(), accountExists: true });

      const refused = await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }).expect(409);
      expect((refused.body as { code: string }).code).toBe('INVITATION_ACCOUNT_EXISTS');
      expect(await sql(testApp.app, 'select id from users where email = ?', [existing.email])).toHaveLength(1);

      const owner = await signIn(testApp, existing.email, existing.password);
      const accepted = await request(testApp.server).post('/api/invitations/accept').set('Authorization', `Bearer ${owner.accessToken}`).send({ token }).expect(200);
      expect(accepted.body).toEqual({ email: existing.email.toUpperCase() });
      expect(await rolesOf(existing.id)).toEqual(['reviewer']);
      expect(await sql(testApp.app, 'select id from users where email = ?', [existing.email])).toHaveLength(1);
      expect(await invitationRow(id)).toMatchObject({ status: 'accepted' });
      const session = await request(testApp.server).get('/api/auth/session').set('Authorization', `Bearer ${owner.accessToken}`).expect(200);
      expect((session.body as { user: { roles: string[] } }).user.roles).toContain('reviewer');
    });

    it('refuses someone signed in with another address and leaves the link for its owner', async () => {
      const email = uniqueEmail('meant-for');
      const { token } = await invite(email);
      const someoneElse = await createPerson(testApp);
      const refused = await actingAs(testApp, someoneElse).post('/api/invitations/accept').send({ token }).expect(403);
      expect((refused.body as { code: string }).code).toBe('INVITATION_OTHER_ACCOUNT');
      expect(await rolesOf(someoneElse.id)).toEqual([]);
      await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }).expect(201);
    });

    it('answers an unknown token as not found', async () => {
      await visitor().post('/api/invitations/verify').send({ token: 'x'.repeat(43) }).expect(404);
      await visitor().post('/api/invitations/accept').send({ token: 'x'.repeat(43), ...NEW_REVIEWER }).expect(404);
    });
  });

  describe('removing', () => {
    it('removes every invitation for the address and stops the links already sent', async () => {
      const email = uniqueEmail('removed');
      const { token } = await invite(email);
      const removed = await asAdmin().post('/api/admin/invitations/remove').send({ email: `  ${email.toUpperCase()} ` }).expect(200);
      expect(removed.body).toEqual({ removed: 1 });
      expect(await sql(testApp.app, 'select id from reviewer_invitations where email_key = ?', [email])).toEqual([]);
      expect(await sql(testApp.app, 'select id from link_tokens where subject_email = ? and consumed_at is null', [email])).toEqual([]);
      await visitor().post('/api/invitations/verify').send({ token }).expect(404);
      await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }).expect(404);
      expect(await sql(testApp.app, 'select id from users where email = ?', [email])).toEqual([]);
    });

    it('ignores an empty address and refuses a malformed one', async () => {
      expect((await asAdmin().post('/api/admin/invitations/remove').send({ email: '   ' }).expect(200)).body).toEqual({ removed: 0 });
      await asAdmin().post('/api/admin/invitations/remove').send({ email: 'nope' }).expect(400);
    });
  });

  describe('expiry', () => {
    it('marks invitations past their expiry as expired, and their links no longer work', async () => {
      const email = uniqueEmail('late');
      const { id, token } = await invite(email);
      await sql(testApp.app, "update reviewer_invitations set expires_at = now() - interval '1 minute' where id = ?", [id]);
      await sql(testApp.app, "update link_tokens set expires_at = now() - interval '1 minute' where id = (select link_token_id from reviewer_invitations where id = ?)", [id]);
      await visitor().post('/api/invitations/verify').send({ token }).expect(404);
      await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }).expect(404);

      // The worker runs the chore: it imports the module that declares it.
      const worker = await startTestWorker();
      let expired: number;
      try {
        expired = await worker.get(InvitationExpiry).run();
      } finally {
        await worker.close();
      }
      expect(expired).toBeGreaterThanOrEqual(1);
      expect(await invitationRow(id)).toMatchObject({ status: 'expired' });
      // The address may be invited again.
      await invite(email);
    });
  });

  describe('the reviewers overview', () => {
    it('counts invitees, lists those without accounts and the ready reviewers, and creates missing roles once', async () => {
      const service = testApp.app.get(InvitationsService);
      const reviewerEmail = uniqueEmail('ready');
      const { token } = await invite(reviewerEmail);
      await visitor().post('/api/invitations/accept').send({ token, ...NEW_REVIEWER }).expect(201);
      const [reviewer] = await sql<{ id: string }>(testApp.app, 'select id from users where email = ?', [reviewerEmail]);

      // Accepted, then the account goes: an invitee without an account.
      const goneEmail = uniqueEmail('gone');
      const gone = await invite(goneEmail);
      await visitor().post('/api/invitations/accept').send({ token: gone.token, ...NEW_REVIEWER }).expect(201);
      await sql(testApp.app, 'delete from users where email = ?', [goneEmail]);

      type Overview = {
        counts: Record<string, number>;
        acceptedWithoutAccount: { email: string }[];
        readyReviewers: { userId: string; email: string; firstName: string; acceptedAt: string }[];
      };
      const overview = (await asAdmin().get('/api/admin/reviewers/overview').expect(200)).body as Overview;
      expect(overview.readyReviewers).toContainEqual(expect.objectContaining({ userId: reviewer.id, email: reviewerEmail, firstName: 'Rosalind' }));
      expect(overview.acceptedWithoutAccount.map((row) => row.email)).toContain(goneEmail);
      expect(overview.counts.acceptedInvitations).toBeGreaterThanOrEqual(2);
      expect((await service.assignableReviewers()).map((row) => row.userId)).toContain(reviewer.id);

      // Without the role the account is not assignable, and counts as a missing role until it is created.
      await sql(testApp.app, "delete from user_roles where user_id = ? and role = 'reviewer'", [reviewer.id]);
      expect((await service.assignableReviewers()).map((row) => row.userId)).not.toContain(reviewer.id);
      const missing = (await asAdmin().get('/api/admin/reviewers/overview').expect(200)).body as Overview;
      expect(missing.counts.missingRoles).toBeGreaterThanOrEqual(1);
      expect(missing.counts.activeReviewers).toBe(overview.counts.activeReviewers - 1);

      const created = (await asAdmin().post('/api/admin/reviewers/missing-roles').expect(200)).body as { created: number };
      expect(created.created).toBeGreaterThanOrEqual(1);
      expect(await rolesOf(reviewer.id)).toEqual(['reviewer']);
      expect((await asAdmin().post('/api/admin/reviewers/missing-roles').expect(200)).body).toEqual({ created: 0 });
      expect((await service.assignableReviewers()).map((row) => row.userId)).toContain(reviewer.id);
    });
  });

  describe('the demo data', () => {
    it('makes the demo reviewer an accepted invitee the demo editor can assign papers to, once', async () => {
      await testApp.app.get(DemoAccountsSeeder).seed();
      const [reviewer] = await sql<{ id: string }>(testApp.app, 'select id from users where email = ?', ['reviewer@example.org']);
      const seeder = testApp.app.get(DemoInvitationsSeeder);
      await seeder.seed('reviewer@example.org', admin.id);
      expect(await seeder.seed('Reviewer@Example.org', admin.id)).toBe('unchanged');
      expect(await sql(testApp.app, "select id from reviewer_invitations where email_key = 'reviewer@example.org' and status = 'accepted'")).toHaveLength(1);
      const assignable = (await asAdmin().get('/api/admin/reviews/assignable-reviewers').expect(200)).body as { userId: string }[];
      expect(assignable.map((row) => row.userId)).toContain(reviewer.id);
    });
  });
});
