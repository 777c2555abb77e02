import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { MAIL_QUEUE, type MailQueue } from '../../src/modules/notifications/mail/mail-job.js';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { encodePaperCursor } from '../../src/modules/catalogue/list/paper-cursor.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { type SmtpCatcher, startSmtpCatcher, waitFor } from '../support/smtp-catcher.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

interface StatusEvent {
  fromStatus: string | null;
  toStatus: string;
  changedBy: 'author' | 'editorial';
  changedByName: string | null;
  changedAt: string;
}
interface AdminRow {
  id: string;
  title: string;
  authors: string[];
  status: string;
  submittedAt: string;
}
interface BoardJob {
  id: string;
  failedReason?: string;
}

describe('editorial decisions, the status timeline and the admin papers list', () => {
  let smtp: SmtpCatcher;
  let testApp: TestApp;
  let worker: INestApplicationContext;
  let queue: MailQueue;
  let owner: Person;
  let otherAuthor: Person;
  let reviewer: Person;
  let admin: Person;
  const previousSmtpUrl = process.env.SMTP_URL;

  const person = (role?: 'admin' | 'reviewer') => createPerson(testApp, role);
  const as = (who: Person | null) => actingAs(testApp, who);
  const submit = async (who: Person): Promise<{ id: string; title: string }> => {
    await givePaidFee(testApp, who.id);
    let req = as(who).post('/api/papers');
    for (const [name, value] of Object.entries(submissionFields())) req = req.field(name, value);
    const response = await req.attach('pdf', pdfBytes(3000), { filename: 'paper.pdf', contentType: 'application/pdf' }).expect(201);
    return response.body as { id: string; title: string };
  };
  const decide = (who: Person | null, paperId: string, status: string) => as(who).patch(`/api/papers/${paperId}/status`).send({ status });
  const decisionMails = (paperId: string) =>
    sql<{ id: string; template: string; recipient: string; dedupe_key: string }>(
      testApp.app,
      `select id, template, recipient, dedupe_key from outbox_mails
        where dedupe_key in (select 'paper-status:' || id from paper_status_events where paper_id = ?)
        order by created_at`,
      [paperId],
    );
  const events = (paperId: string) =>
    sql<{ from_status: string | null; to_status: string; changed_by: string | null }>(
      testApp.app,
      'select from_status, to_status, changed_by from paper_status_events where paper_id = ? order by changed_at, id',
      [paperId],
    );

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    process.env.SMTP_URL = smtp.url; // read when the modules build their configuration
    testApp = await startTestApp();
    worker = await startTestWorker();
    queue = testApp.app.get<MailQueue>(getQueueToken(MAIL_QUEUE));
    [owner, otherAuthor, reviewer, admin] = await Promise.all([person(), person(), person('reviewer'), person('admin')]);
  });

  afterAll(async () => {
    await worker?.close();
    await testApp?.close();
    await smtp?.close();
    if (previousSmtpUrl === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previousSmtpUrl;
  });

  describe('who may', () => {
    it('lets only admins list every paper, count them and change a status', async () => {
      const paper = await createPaper(testApp, { userId: owner.id, status: PaperStatus.Submitted });
      for (const who of [owner, otherAuthor, reviewer]) {
        await as(who).get('/api/admin/papers').expect(403);
        await as(who).get('/api/admin/papers/status-counts').expect(403);
        const refused = await decide(who, paper.id, 'accepted').expect(403);
        expect(refused.body).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });
      }
      await as(null).get('/api/admin/papers').expect(401);
      await as(null).get('/api/admin/papers/status-counts').expect(401);
      const visitor = await decide(null, paper.id, 'accepted').expect(401);
      expect(visitor.body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
      expect(await events(paper.id)).toEqual([]);
      expect((await sql<{ status: string }>(testApp.app, 'select status from research_papers where id = ?', [paper.id]))[0]?.status).toBe('submitted');
    });

    it('answers 400 for a bad status and 404 for an unknown paper', async () => {
      const paper = await createPaper(testApp, { userId: owner.id, status: PaperStatus.Submitted });
      for (const body of [{ status: 'submitted' }, { status: 'in_review' }, { status: 'PUBLISHED' }, {}, { status: 'accepted', publishedAt: '2020-01-01' }]) {
        const response = await as(admin).patch(`/api/papers/${paper.id}/status`).send(body).expect(400);
        expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      }
      await decide(admin, randomUUID(), 'accepted').expect(404);
      const notAnId = await decide(admin, 'not-a-uuid', 'accepted').expect(404);
      expect(notAnId.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Paper not found' });
    });
  });

  describe('PATCH /api/papers/:id/status', () => {
    it('sets publishedAt on published and clears it on any other status, with the detail as an admin sees it', async () => {
      const paper = await submit(owner);
      const before = Date.now();
      const published = await decide(admin, paper.id, 'published').expect(200);
      expect(published.body).toMatchObject({ changed: true, notification: 'queued', paper: { id: paper.id, status: 'published', access: { changeStatus: true } } });
      const publishedAt = Date.parse((published.body as { paper: { publishedAt: string } }).paper.publishedAt);
      expect(publishedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(publishedAt).toBeLessThanOrEqual(Date.now() + 1000);
      await request(testApp.server).get(`/api/papers/${paper.id}`).expect(200);

      const back = await decide(admin, paper.id, 'accepted').expect(200);
      expect(back.body).toMatchObject({ changed: true, notification: 'queued', paper: { status: 'accepted', publishedAt: null } });
      const [row] = await sql<{ status: string; published_at: Date | null }>(testApp.app, 'select status, published_at from research_papers where id = ?', [paper.id]);
      expect(row).toEqual({ status: 'accepted', published_at: null });
      await request(testApp.server).get(`/api/papers/${paper.id}`).expect(404);
    });

    it('records one event and one e-mail (one job) per decision, whether the same request comes twice at once or again later', async () => {
      const paper = await submit(owner);
      const [first, second] = await Promise.all([decide(admin, paper.id, 'accepted'), decide(admin, paper.id, 'accepted')]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const answers = [first.body, second.body] as { changed: boolean; notification: string }[];
      expect(answers.map((answer) => answer.changed).sort()).toEqual([false, true]);
      expect(answers.map((answer) => answer.notification).sort()).toEqual(['none', 'queued']);

      const again = await decide(admin, paper.id, 'accepted').expect(200);
      expect(again.body).toMatchObject({ changed: false, notification: 'none', paper: { status: 'accepted' } });

      const mails = await decisionMails(paper.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'paper-accepted', recipient: owner.email.toLowerCase() });
      expect(await queue.getJob(mails[0].id)).toBeDefined();
      const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed']);
      expect(jobs.filter((job) => mails.some((mail) => mail.id === job.data.outboxId))).toHaveLength(1);
      expect((await events(paper.id)).map((event) => `${event.from_status}->${event.to_status}`)).toEqual(['null->submitted', 'submitted->accepted']);
    });

    it('decides with a pool of one connection: nothing in its transaction waits for a second one (which a full pool never frees)', async () => {
      const paper = await submit(owner);
      const onePool = await startTestApp({ env: { DATABASE_POOL_MAX: '1' } });
      try {
        const response = await actingAs(onePool, admin).patch(`/api/papers/${paper.id}/status`).send({ status: 'accepted' }).expect(200);
        expect(response.body).toMatchObject({ changed: true, notification: 'queued' });
      } finally {
        await onePool.close();
      }
      expect(await decisionMails(paper.id)).toHaveLength(1);
    });

    it('sends no e-mail on under_review', async () => {
      const paper = await submit(owner);
      const response = await decide(admin, paper.id, 'under_review').expect(200);
      expect(response.body).toMatchObject({ changed: true, notification: 'none', paper: { status: 'under_review', publishedAt: null } });
      expect(await decisionMails(paper.id)).toEqual([]);
      expect(await events(paper.id)).toHaveLength(2);
    });

    it('e-mails the author at the address they signed up with: the worker delivers the decision', async () => {
      const author = await person();
      const paper = await submit(author);
      await decide(admin, paper.id, 'accepted').expect(200);
      await smtp.waitForMessagesTo(author.email, 2); // the submission's, then the decision's
      const caught = smtp.messagesTo(author.email).find((message) => message.mail.subject?.startsWith('Congratulations'));
      expect(caught!.envelopeTo.map((to) => to.toLowerCase())).toEqual([author.email.toLowerCase()]);
      expect(caught!.mail.subject).toBe('Congratulations: your paper was accepted by Young Scientists Journal');
      expect(caught!.mail.text).toContain(paper.title);
      expect(caught!.mail.text).toContain(`/papers/${paper.id}`);
      expect(caught!.mail.html).toContain('Congratulations');

      await decide(admin, paper.id, 'rejected').expect(200);
      const rejected = await smtp.waitForMessagesTo(author.email, 3);
      expect(rejected.map((message) => message.mail.subject)).toContain('Decision on your paper: not accepted for publication in Young Scientists Journal');
    });
  });

  describe('GET /api/papers/:id/status-history', () => {
    it('starts with the submission and follows each decision, oldest first; names only for admins', async () => {
      const paper = await submit(owner);
      await decide(admin, paper.id, 'under_review').expect(200);
      await decide(admin, paper.id, 'published').expect(200);

      const mine = await as(owner).get(`/api/papers/${paper.id}/status-history`).expect(200);
      const timeline = mine.body as StatusEvent[];
      expect(timeline.map(({ fromStatus, toStatus, changedBy, changedByName }) => ({ fromStatus, toStatus, changedBy, changedByName }))).toEqual([
        { fromStatus: null, toStatus: 'submitted', changedBy: 'author', changedByName: null },
        { fromStatus: 'submitted', toStatus: 'under_review', changedBy: 'editorial', changedByName: null },
        { fromStatus: 'under_review', toStatus: 'published', changedBy: 'editorial', changedByName: null },
      ]);
      const times = timeline.map((event) => Date.parse(event.changedAt));
      expect([...times].sort((a, b) => a - b)).toEqual(times);

      const asAdmin = (await as(admin).get(`/api/papers/${paper.id}/status-history`).expect(200)).body as StatusEvent[];
      expect(asAdmin.map((event) => event.changedByName)).toEqual(['Test Person', 'Test Person', 'Test Person']);
    });

    it('is refused like the discussion: 404 to others while unpublished, 403 once published, 401 to a visitor', async () => {
      const paper = await submit(owner);
      for (const who of [otherAuthor, reviewer]) {
        const hidden = await as(who).get(`/api/papers/${paper.id}/status-history`).expect(404);
        expect(hidden.body).toMatchObject({ code: 'NOT_FOUND' });
      }
      await as(null).get(`/api/papers/${paper.id}/status-history`).expect(401);
      await decide(admin, paper.id, 'published').expect(200);
      const refused = await as(otherAuthor).get(`/api/papers/${paper.id}/status-history`).expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      await as(null).get(`/api/papers/${paper.id}/status-history`).expect(401);
      await as(otherAuthor).get(`/api/papers/${randomUUID()}/status-history`).expect(404);
    });
  });

  describe('GET /api/admin/papers and /status-counts', () => {
    /** Papers of one suite-only instant (and one second after it), so the walk below sees only them. */
    async function papersAt(instant: Date): Promise<string[]> {
      const statuses = [PaperStatus.Submitted, PaperStatus.Accepted, PaperStatus.Submitted, PaperStatus.Rejected, PaperStatus.Submitted, PaperStatus.UnderReview, PaperStatus.Submitted];
      const ids: string[] = [];
      for (const [index, status] of statuses.entries()) {
        const paper = await createPaper(testApp, {
          userId: owner.id,
          status,
          publishedAt: null,
          authors: [
            { name: `First ${index}`, email: 'a@example.org', school: 'S' },
            { name: `Second ${index}`, email: 'b@example.org', school: 'S' },
          ],
        });
        // Four share one created_at: ties are broken by id.
        const createdAt = new Date(instant.getTime() + (index < 4 ? 0 : (index - 3) * 1000));
        await sql(testApp.app, 'update research_papers set created_at = ? where id = ?', [createdAt, paper.id]);
        ids.push(paper.id);
      }
      return ids;
    }

    async function walk(startCursor: string, query: string): Promise<AdminRow[]> {
      const rows: AdminRow[] = [];
      let cursor: string | null = startCursor;
      while (cursor) {
        const response = await as(admin).get(`/api/admin/papers?limit=2&cursor=${cursor}${query}`).expect(200);
        const page = response.body as { items: AdminRow[]; nextCursor: string | null };
        expect(page.items.length).toBeLessThanOrEqual(2);
        rows.push(...page.items);
        cursor = page.nextCursor;
      }
      return rows;
    }

    it('pages through every paper newest first (ties by id), without skipping or repeating, with and without a status', async () => {
      const instant = new Date(Date.UTC(1990 + Math.floor(Math.random() * 5), 0, 1 + Math.floor(Math.random() * 300)));
      const ids = await papersAt(instant);
      const rows = await sql<{ id: string; status: string }>(
        testApp.app,
        'select id, status from research_papers where created_at >= ? and created_at < ? order by created_at desc, id desc',
        [instant, new Date(instant.getTime() + 60_000)],
      );
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      // A cursor just after the suite's papers (the API's own encoding), so the walk is of them only.
      const start = encodePaperCursor({ publishedAt: new Date(instant.getTime() + 60_000).toISOString(), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' });

      const all = await walk(start, '');
      const mine = all.filter((row) => Date.parse(row.submittedAt) >= instant.getTime());
      expect(mine.map((row) => row.id)).toEqual(rows.map((row) => row.id));
      expect(new Set(mine.map((row) => row.id)).size).toBe(ids.length);
      expect(mine[0]).toMatchObject({ authors: ['First 6', 'Second 6'], status: 'submitted' });

      const submitted = await walk(start, '&status=submitted');
      expect(submitted.map((row) => row.id)).toEqual(rows.filter((row) => row.status === 'submitted').map((row) => row.id));
      expect(submitted.every((row) => row.status === 'submitted')).toBe(true);
    });

    it('defaults to 25 newest first and refuses a bad status, cursor or limit', async () => {
      const page = (await as(admin).get('/api/admin/papers').expect(200)).body as { items: AdminRow[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(25);
      const times = page.items.map((row) => Date.parse(row.submittedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const query of ['status=in_review', 'status=', 'cursor=not!base64', 'cursor=bm90LWEtY3Vyc29y', 'limit=0', 'limit=101', 'limit=abc', 'sort=title']) {
        const response = await as(admin).get(`/api/admin/papers?${query}`).expect(400);
        expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      }
    });

    it('counts by status in the database, and the counts follow a decision', async () => {
      const counts = async () => (await as(admin).get('/api/admin/papers/status-counts').expect(200)).body as Record<string, number>;
      const before = await counts();
      const rows = await sql<{ status: string; n: number }>(testApp.app, 'select status, count(*)::int as n from research_papers group by status');
      const expected: Record<string, number> = { all: 0, submitted: 0, under_review: 0, accepted: 0, published: 0, rejected: 0 };
      for (const row of rows) {
        expected[row.status] = row.n;
        expected.all += row.n;
      }
      // The counts by stage (issue 27) ride along; paper-stages.int-spec.ts checks them.
      expect(before).toEqual({ ...expected, stages: expect.any(Object) });

      const paper = await submit(owner);
      await decide(admin, paper.id, 'rejected').expect(200);
      expect(await counts()).toEqual({ ...before, all: before.all + 1, rejected: before.rejected + 1 });
    });
  });

  describe('the queue board keeps a decision e-mail that failed and retries it', () => {
    it('lists the failed job with its error and retries it through the board’s own API', async () => {
      const author = await person();
      const paper = await createPaper(testApp, { userId: author.id, status: PaperStatus.Accepted, publishedAt: null });
      smtp.reject(author.email, 550, 'Mailbox unavailable', 1);
      await decide(admin, paper.id, 'published').expect(200);
      const [mail] = await decisionMails(paper.id);
      await waitFor(async () => (await queue.getJob(mail.id))?.failedReason !== undefined, 10_000, 'the decision e-mail to fail');

      const board = async (): Promise<BoardJob[]> => {
        const response = await request(testApp.server)
          .get('/admin/queues/api/queues?activeQueue=mail&status=failed&page=1&jobsPerPage=1000')
          .set('Cookie', `access_token=${admin.token}`)
          .expect(200);
        const body = response.body as { queues: { name: string; jobs: BoardJob[] }[] };
        return body.queues.find((queue) => queue.name === 'mail')?.jobs ?? [];
      };
      const failed = (await board()).find((job) => job.id === mail.id);
      expect(failed?.failedReason).toContain('Mailbox unavailable');

      const retry = (who: Person) => request(testApp.server).put(`/admin/queues/api/queues/mail/${mail.id}/retry`).set('Cookie', `access_token=${who.token}`);
      await retry(otherAuthor).expect(403);
      await retry(admin).expect(204);

      const delivered = await smtp.waitForMessagesTo(author.email);
      expect(delivered.some((message) => message.mail.subject === 'Your paper is now published in Young Scientists Journal')).toBe(true);
      await waitFor(async () => (await (await queue.getJob(mail.id))?.getState()) === 'completed', 10_000, 'the retried job to complete');
      expect((await board()).some((job) => job.id === mail.id)).toBe(false);
      const [row] = await sql<{ status: string }>(testApp.app, 'select status from outbox_mails where id = ?', [mail.id]);
      expect(row?.status).toBe('sent');
    });
  });
});
