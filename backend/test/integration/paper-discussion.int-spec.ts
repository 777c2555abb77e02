import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Comment {
  id: string;
  paperId: string;
  comment: string;
  isAdminComment: boolean;
  mine: boolean;
}
interface Version {
  version: number;
  fileName: string;
  size: number;
  pdfUrl: string;
  current: boolean;
}

describe('papers: my papers, versions and discussion', () => {
  let testApp: TestApp;
  let owner: Person;
  let otherAuthor: Person;
  let reviewer: Person;
  let admin: Person;

  const person = (role?: 'admin' | 'reviewer') => createPerson(testApp, role);
  const as = (who: Person | null) => actingAs(testApp, who);
  const submit = async (who: Person, fields: Record<string, string> = submissionFields(), body = pdfBytes(4000, 'a')) => {
    await givePaidFee(testApp, who.id);
    let req = as(who).post('/api/papers');
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    const response = await req.attach('pdf', body, { filename: 'first.pdf', contentType: 'application/pdf' }).expect(201);
    return response.body as { id: string; pdfUrl: string };
  };
  const uploadVersion = (who: Person | null, paperId: string, body: Buffer, filename = 'second.pdf') =>
    as(who).post(`/api/papers/${paperId}/versions`).attach('pdf', body, { filename, contentType: 'application/pdf' });

  beforeAll(async () => {
    testApp = await startTestApp();
    [owner, otherAuthor, reviewer, admin] = await Promise.all([person(), person(), person('reviewer'), person('admin')]);
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('GET /api/papers/mine and /mine/dashboard', () => {
    it('lists only the caller’s papers, newest first, with progress and comment counts, and counts them in the database', async () => {
      const me = await person();
      const first = await submit(me);
      const published = await createPaper(testApp, { userId: me.id, status: PaperStatus.Published });
      await createPaper(testApp, { userId: me.id, status: PaperStatus.Rejected, publishedAt: null });
      await createPaper(testApp, { userId: me.id, status: PaperStatus.UnderReview, publishedAt: null });
      await createPaper(testApp, { userId: me.id, status: PaperStatus.Accepted, publishedAt: null });
      const newest = await submit(me);
      await createPaper(testApp, { userId: otherAuthor.id });
      await as(me).post(`/api/papers/${first.id}/comments`).send({ comment: 'One' }).expect(201);
      await as(admin).post(`/api/papers/${first.id}/comments`).send({ comment: 'Two' }).expect(201);
      await as(me).post(`/api/papers/${published.id}/comments`).send({ comment: 'Three' }).expect(201);

      const mine = (await as(me).get('/api/papers/mine').expect(200)).body as { id: string; status: string; progress: number; commentCount: number }[];
      expect(mine).toHaveLength(6);
      expect(mine[0].id).toBe(newest.id);
      expect(mine.at(-1)!.id).toBe(first.id);
      expect(Object.fromEntries(mine.map((paper) => [paper.status, paper.progress]))).toEqual({ submitted: 25, under_review: 50, accepted: 75, published: 100, rejected: 0 });
      expect(mine.find((paper) => paper.id === first.id)!.commentCount).toBe(2);
      expect(mine.find((paper) => paper.id === published.id)!.commentCount).toBe(1);

      const dashboard = (await as(me).get('/api/papers/mine/dashboard').expect(200)).body as { totalSubmissions: number; published: number; comments: number; recent: { id: string }[] };
      expect(dashboard).toMatchObject({ totalSubmissions: 6, published: 1, comments: 3 });
      expect(dashboard.recent.map((paper) => paper.id)).toEqual(mine.slice(0, 5).map((paper) => paper.id));
    });

    it('is empty for a new author and refuses a visitor', async () => {
      const me = await person();
      expect((await as(me).get('/api/papers/mine').expect(200)).body).toEqual([]);
      expect((await as(me).get('/api/papers/mine/dashboard').expect(200)).body).toEqual({ totalSubmissions: 0, published: 0, comments: 0, revisionsRequested: 0, recent: [] });
      await as(null).get('/api/papers/mine').expect(401);
      await as(null).get('/api/papers/mine/dashboard').expect(401);
    });
  });

  describe('PaperDetail access', () => {
    it('tells each caller what they may do, and shows the authors’ e-mails only to the owner and admins', async () => {
      const paper = await createPaper(testApp, { userId: owner.id, status: PaperStatus.Published });
      const detail = async (who: Person | null) => (await as(who).get(`/api/papers/${paper.id}`).expect(200)).body as { access: object; authorEmails: string[] | null; createdAt: string };
      expect((await detail(owner)).access).toEqual({ owner: true, discuss: true, uploadVersion: true, changeStatus: false });
      expect((await detail(owner)).authorEmails).toEqual(['rosalind@example.org']);
      expect((await detail(admin)).access).toEqual({ owner: false, discuss: true, uploadVersion: false, changeStatus: true });
      expect((await detail(admin)).authorEmails).toEqual(['rosalind@example.org']);
      for (const who of [otherAuthor, reviewer, null]) {
        const body = await detail(who);
        expect(body.access).toEqual({ owner: false, discuss: false, uploadVersion: false, changeStatus: false });
        expect(body.authorEmails).toBeNull();
        expect(typeof body.createdAt).toBe('string');
      }
    });
  });

  describe('versions', () => {
    it('lets the owner upload v2: listed newest first, the paper’s PDF is v2, v1 is still downloadable', async () => {
      const paper = await submit(owner, submissionFields(), pdfBytes(3000, '1'));
      const v2 = pdfBytes(5000, '2');
      const before = (await as(owner).get(`/api/papers/${paper.id}`).expect(200)).body as { updatedAt: string };
      const created = (await uploadVersion(owner, paper.id, v2).expect(201)).body as Version;
      expect(created).toMatchObject({ version: 2, fileName: 'second.pdf', size: 5000, current: true, pdfUrl: `/api/papers/${paper.id}/versions/2/pdf` });

      const versions = (await as(owner).get(`/api/papers/${paper.id}/versions`).expect(200)).body as Version[];
      expect(versions.map((version) => [version.version, version.current, version.size])).toEqual([
        [2, true, 5000],
        [1, false, 3000],
      ]);
      expect((await as(admin).get(`/api/papers/${paper.id}/versions`).expect(200)).body).toHaveLength(2);

      const current = await as(owner).get(paper.pdfUrl).buffer(true).expect(200);
      expect(Buffer.compare(current.body as Buffer, v2)).toBe(0);
      const first = await as(owner).get(`/api/papers/${paper.id}/versions/1/pdf`).buffer(true).expect(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      expect(Buffer.compare(first.body as Buffer, pdfBytes(3000, '1'))).toBe(0);
      await as(admin).get(`/api/papers/${paper.id}/versions/2/pdf`).expect(200);
      await as(owner).get(`/api/papers/${paper.id}/versions/3/pdf`).expect(404);
      await as(owner).get(`/api/papers/${paper.id}/versions/abc/pdf`).expect(404);

      const after = (await as(owner).get(`/api/papers/${paper.id}`).expect(200)).body as { updatedAt: string };
      expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    });

    it('refuses everyone but the owner: admin 403, other author and reviewer 404 (unpublished) or 403 (published), visitor 401', async () => {
      const hidden = await submit(owner);
      const published = await createPaper(testApp, { userId: owner.id, status: PaperStatus.Published });
      expect((await uploadVersion(admin, hidden.id, pdfBytes()).expect(403)).body.code).toBe('FORBIDDEN');
      for (const who of [otherAuthor, reviewer]) {
        expect((await uploadVersion(who, hidden.id, pdfBytes()).expect(404)).body.code).toBe('NOT_FOUND');
        await as(who).get(`/api/papers/${hidden.id}/versions`).expect(404);
        await as(who).get(`/api/papers/${hidden.id}/versions/1/pdf`).expect(404);
        expect((await uploadVersion(who, published.id, pdfBytes()).expect(403)).body.code).toBe('FORBIDDEN');
        await as(who).get(`/api/papers/${published.id}/versions`).expect(403);
      }
      await uploadVersion(null, hidden.id, pdfBytes()).expect(401);
      await as(null).get(`/api/papers/${hidden.id}/versions`).expect(401);
      const [count] = await sql<{ n: number }>(testApp.app, 'select count(*)::int as n from paper_files where paper_id = ?', [hidden.id]);
      expect(count?.n).toBe(1);
    });

    it('refuses a file that is not a PDF (415) and one above 10 MB (413), keeping the current version', async () => {
      const paper = await submit(owner);
      const html = await uploadVersion(owner, paper.id, Buffer.from('<html>nope</html>'), 'x.pdf').expect(415);
      expect(html.body.code).toBe('INVALID_FILE_TYPE');
      const big = await uploadVersion(owner, paper.id, pdfBytes(10 * 1024 * 1024 + 1)).expect(413);
      expect(big.body.code).toBe('FILE_TOO_LARGE');
      const withField = await uploadVersion(owner, paper.id, pdfBytes()).field('version', '7').expect(400);
      expect(withField.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'property version should not exist' });
      const versions = (await as(owner).get(`/api/papers/${paper.id}/versions`).expect(200)).body as Version[];
      expect(versions.map((version) => version.version)).toEqual([1]);
    });
  });

  describe('comments', () => {
    it('lets the owner and an admin read and post; the admin’s comment is editorial and e-mails the owner', async () => {
      const paper = await submit(owner);
      const mine = (await as(owner).post(`/api/papers/${paper.id}/comments`).send({ comment: '  I uploaded the data.  ' }).expect(201)).body as { comment: Comment; notification: string };
      expect(mine.notification).toBe('none');
      expect(mine.comment).toMatchObject({ paperId: paper.id, comment: 'I uploaded the data.', isAdminComment: false, mine: true });

      const editorial = (await as(admin).post(`/api/papers/${paper.id}/comments`).send({ comment: '**Thanks**, please add a figure.' }).expect(201)).body as { comment: Comment; notification: string };
      expect(editorial.notification).toBe('queued');
      expect(editorial.comment).toMatchObject({ isAdminComment: true, mine: true });
      const mails = await sql<{ recipient: string; data: { comment: string; title: string } }>(testApp.app, 'select recipient, data from outbox_mails where dedupe_key = ?', [`paper-comment:${editorial.comment.id}`]);
      expect(mails).toHaveLength(1);
      expect(mails[0].recipient).toBe(owner.email.toLowerCase());
      expect(mails[0].data.comment).toBe('**Thanks**, please add a figure.');

      const asOwner = (await as(owner).get(`/api/papers/${paper.id}/comments`).expect(200)).body as Comment[];
      expect(asOwner.map((comment) => [comment.comment, comment.isAdminComment, comment.mine])).toEqual([
        ['I uploaded the data.', false, true],
        ['**Thanks**, please add a figure.', true, false],
      ]);
      const asAdmin = (await as(admin).get(`/api/papers/${paper.id}/comments`).expect(200)).body as Comment[];
      expect(asAdmin.map((comment) => comment.mine)).toEqual([false, true]);
    });

    it('keeps an admin’s comment and answers failed when the e-mail to the author cannot be recorded', async () => {
      // The outbox refuses this one author's comment e-mails, as a full disk or a broken constraint would.
      const refused = await createPerson(testApp);
      await sql(testApp.app, `create function test_refuse_outbox() returns trigger language plpgsql as $$
        begin
          if new.recipient = '${refused.email.toLowerCase()}' then raise exception 'outbox refused by the test'; end if;
          return new;
        end $$`);
      await sql(testApp.app, 'create trigger test_refuse_outbox before insert on outbox_mails for each row execute function test_refuse_outbox()');
      try {
        const paper = await createPaper(testApp, { userId: refused.id, status: PaperStatus.Submitted, publishedAt: null });
        const posted = (await as(admin).post(`/api/papers/${paper.id}/comments`).send({ comment: 'Please add error bars.' }).expect(201)).body as { comment: Comment; notification: string };
        expect(posted.notification).toBe('failed');
        const comments = (await as(refused).get(`/api/papers/${paper.id}/comments`).expect(200)).body as Comment[];
        expect(comments.map((comment) => [comment.comment, comment.isAdminComment])).toEqual([['Please add error bars.', true]]);
        expect(await sql(testApp.app, 'select id from outbox_mails where recipient = ?', [refused.email.toLowerCase()])).toEqual([]);
        // The same admin's next comment on a paper whose author can be e-mailed is queued as usual.
        const other = await submit(owner);
        const next = await as(admin).post(`/api/papers/${other.id}/comments`).send({ comment: 'Looks good.' }).expect(201);
        expect(next.body.notification).toBe('queued');
      } finally {
        await sql(testApp.app, 'drop trigger if exists test_refuse_outbox on outbox_mails');
        await sql(testApp.app, 'drop function if exists test_refuse_outbox()');
      }
    });

    it('an admin commenting on their own paper e-mails nobody', async () => {
      await givePaidFee(testApp, admin.id);
      const paper = await submit(admin);
      const posted = await as(admin).post(`/api/papers/${paper.id}/comments`).send({ comment: 'Note to self' }).expect(201);
      expect(posted.body.notification).toBe('none');
    });

    it('hides an unpublished paper’s discussion (404), refuses a published one’s (403), and a visitor (401)', async () => {
      const hidden = await submit(owner);
      const published = await createPaper(testApp, { userId: owner.id, status: PaperStatus.Published });
      for (const who of [otherAuthor, reviewer]) {
        await as(who).get(`/api/papers/${hidden.id}/comments`).expect(404);
        await as(who).post(`/api/papers/${hidden.id}/comments`).send({ comment: 'hi' }).expect(404);
        expect((await as(who).get(`/api/papers/${published.id}/comments`).expect(403)).body.code).toBe('FORBIDDEN');
        await as(who).post(`/api/papers/${published.id}/comments`).send({ comment: 'hi' }).expect(403);
      }
      await as(null).get(`/api/papers/${hidden.id}/comments`).expect(401);
      await as(null).post(`/api/papers/${published.id}/comments`).send({ comment: 'hi' }).expect(401);
      await as(owner).get('/api/papers/not-a-uuid/comments').expect(404);
    });

    it('lets a writer edit only their own comment', async () => {
      const paper = await submit(owner);
      const ownComment = (await as(owner).post(`/api/papers/${paper.id}/comments`).send({ comment: 'draft' }).expect(201)).body.comment as Comment;
      const adminComment = (await as(admin).post(`/api/papers/${paper.id}/comments`).send({ comment: 'editorial' }).expect(201)).body.comment as Comment;
      const edited = (await as(owner).patch(`/api/papers/${paper.id}/comments/${ownComment.id}`).send({ comment: ' final ' }).expect(200)).body as Comment;
      expect(edited).toMatchObject({ id: ownComment.id, comment: 'final', mine: true });
      expect((await as(admin).patch(`/api/papers/${paper.id}/comments/${ownComment.id}`).send({ comment: 'changed' }).expect(403)).body.code).toBe('FORBIDDEN');
      await as(owner).patch(`/api/papers/${paper.id}/comments/${adminComment.id}`).send({ comment: 'changed' }).expect(403);
      await as(admin).patch(`/api/papers/${paper.id}/comments/${adminComment.id}`).send({ comment: 'editorial, edited' }).expect(200);
      await as(otherAuthor).patch(`/api/papers/${paper.id}/comments/${ownComment.id}`).send({ comment: 'x' }).expect(404);
      await as(owner).patch(`/api/papers/${paper.id}/comments/00000000-0000-4000-8000-000000000000`).send({ comment: 'x' }).expect(404);
      const [row] = await sql<{ comment: string }>(testApp.app, 'select comment from paper_comments where id = ?', [ownComment.id]);
      expect(row?.comment).toBe('final');
    });

    it.each([
      ['blank', { comment: '   \n ' }],
      ['missing', {}],
      ['too long', { comment: 'x'.repeat(10001) }],
      ['not text', { comment: 42 }],
      ['with an unknown field', { comment: 'ok', isAdminComment: true }],
    ])('refuses a comment that is %s (400)', async (_label, body) => {
      const paper = await submit(owner);
      const response = await as(owner).post(`/api/papers/${paper.id}/comments`).send(body).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    });

    it('accepts exactly 10000 characters', async () => {
      const paper = await submit(owner);
      await as(owner).post(`/api/papers/${paper.id}/comments`).send({ comment: 'y'.repeat(10000) }).expect(201);
    });

    it.each(['<script>alert(1)</script>', '[x](javascript:alert(1))', '**<img src=x onerror=alert(1)>**'])('stores and returns hostile text %j exactly, as JSON', async (text) => {
      const paper = await submit(owner);
      const posted = await as(owner).post(`/api/papers/${paper.id}/comments`).send({ comment: text }).expect(201);
      expect(posted.headers['content-type']).toMatch(/^application\/json/);
      expect(posted.body.comment.comment).toBe(text);
      const listed = await as(owner).get(`/api/papers/${paper.id}/comments`).expect(200);
      expect(listed.headers['content-type']).toMatch(/^application\/json/);
      expect((listed.body as Comment[])[0].comment).toBe(text);
      const [row] = await sql<{ comment: string }>(testApp.app, 'select comment from paper_comments where paper_id = ?', [paper.id]);
      expect(row?.comment).toBe(text);
    });
  });
});
