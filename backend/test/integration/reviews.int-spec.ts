import request from 'supertest';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { MailRenderer } from '../../src/modules/notifications/mail/mail-renderer.js';
import { MailTemplate } from '../../src/modules/notifications/mail/mail-template.js';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

interface Assignment {
  id: string;
  paperId: string;
  paperTitle: string;
  reviewerId: string;
  reviewerName: string;
  status: string;
  submittedAt: string | null;
  dueAt: string;
  overdue: boolean;
}

interface Review {
  id: string;
  status: string;
  recommendation: string | null;
  text: string;
  updatedAt: string;
  submittedAt: string | null;
  dueAt: string;
  overdue: boolean;
  reviewer: { id: string; name: string };
}

describe('peer review', () => {
  let testApp: TestApp;
  let config: AppConfig;
  let admin: Person;
  let author: Person;
  let reviewer: Person;
  let otherReviewer: Person;

  beforeAll(async () => {
    testApp = await startTestApp();
    config = testApp.app.get<AppConfig>(APP_CONFIG);
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    reviewer = await createAssignableReviewer(testApp, admin.token);
    otherReviewer = await createAssignableReviewer(testApp, admin.token);
  }, 60_000);

  afterAll(() => testApp.close());

  // Making reviewers accepts invitations, which share sign-up's rate limit.
  beforeEach(() => clearRateLimits(testApp));

  const as = (who: Person | null) => {
    const agent = request(testApp.server);
    const auth = (req: request.Test) => (who ? req.set('Authorization', `Bearer ${who.token}`) : req);
    return {
      get: (url: string) => auth(agent.get(url)),
      post: (url: string) => auth(agent.post(url)),
      put: (url: string) => auth(agent.put(url)),
      patch: (url: string) => auth(agent.patch(url)),
      delete: (url: string) => auth(agent.delete(url)),
    };
  };

  const paper = (status: PaperStatus = PaperStatus.Submitted) =>
    createPaper(testApp, { userId: author.id, status, title: `Review study ${uniqueWord()}`, withPdf: true });

  const assign = async (paperId: string, reviewerId = reviewer.id): Promise<Assignment> =>
    (await as(admin).post('/api/admin/reviews').send({ paperId, reviewerId }).expect(201)).body as Assignment;

  const mails = (template: string, where: string, params: unknown[]) =>
    sql<{ recipient: string; data: Record<string, string>; dedupe_key: string }>(
      testApp.app,
      `select recipient, data, dedupe_key from outbox_mails where template = ? and ${where} order by recipient`,
      [template, ...params],
    );

  const reviewRows = (paperId: string) => sql<{ id: string; status: string; submitted_at: Date | null }>(testApp.app, 'select id, status, submitted_at from paper_reviews where paper_id = ?', [paperId]);

  describe('assigning', () => {
    it('offers submitted papers and papers under review that have no assignment, and the assignable reviewers', async () => {
      const submitted = await paper();
      const underReview = await paper(PaperStatus.UnderReview);
      const others = [await paper(PaperStatus.Accepted), await paper(PaperStatus.Published), await paper(PaperStatus.Rejected)];
      const assigned = await paper();
      await assign(assigned.id);

      const offered = ((await as(admin).get('/api/admin/reviews/assignable-papers').expect(200)).body as { id: string; status: string }[]).map((row) => row.id);
      expect(offered).toEqual(expect.arrayContaining([submitted.id, underReview.id]));
      for (const id of [...others.map((row) => row.id), assigned.id]) expect(offered).not.toContain(id);
      // Newest first.
      expect(offered.indexOf(underReview.id)).toBeLessThan(offered.indexOf(submitted.id));

      const uninvited = await createPerson(testApp, 'reviewer');
      const reviewers = (await as(admin).get('/api/admin/reviews/assignable-reviewers').expect(200)).body as { userId: string; email: string }[];
      expect(reviewers).toContainEqual(expect.objectContaining({ userId: reviewer.id, email: reviewer.email, firstName: 'Test', lastName: 'Person' }));
      expect(reviewers.map((row) => row.userId)).not.toContain(uninvited.id);
      expect(reviewers.map((row) => row.userId)).not.toContain(author.id);
    });

    it('refuses a missing field, and a paper or a reviewer that is not eligible, recording nothing', async () => {
      const submitted = await paper();
      const missing = { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Missing required fields' };
      for (const body of [{}, { paperId: submitted.id }, { reviewerId: reviewer.id }, { paperId: '', reviewerId: reviewer.id }]) {
        expect((await as(admin).post('/api/admin/reviews').send(body).expect(400)).body).toEqual(missing);
      }
      for (const status of [PaperStatus.Accepted, PaperStatus.Published, PaperStatus.Rejected]) {
        const ineligible = await paper(status);
        const refused = await as(admin).post('/api/admin/reviews').send({ paperId: ineligible.id, reviewerId: reviewer.id }).expect(409);
        expect(refused.body).toMatchObject({ code: 'REVIEW_PAPER_NOT_ASSIGNABLE' });
        expect(await reviewRows(ineligible.id)).toEqual([]);
      }
      await as(admin).post('/api/admin/reviews').send({ paperId: '00000000-0000-4000-8000-000000000000', reviewerId: reviewer.id }).expect(404);

      const uninvited = await createPerson(testApp, 'reviewer');
      for (const reviewerId of [uninvited.id, author.id, '00000000-0000-4000-8000-000000000000']) {
        const refused = await as(admin).post('/api/admin/reviews').send({ paperId: submitted.id, reviewerId }).expect(409);
        expect(refused.body).toMatchObject({ code: 'REVIEW_REVIEWER_NOT_ASSIGNABLE' });
      }
      expect(await reviewRows(submitted.id)).toEqual([]);
    });

    it('records the assignment and e-mails the reviewer once, with the title and a link to the review page', async () => {
      const submitted = await paper();
      const assignment = await assign(submitted.id);
      expect(assignment).toMatchObject({
        paperId: submitted.id,
        paperTitle: submitted.title,
        category: submitted.category,
        reviewerId: reviewer.id,
        reviewerName: 'Test Person',
        reviewerEmail: reviewer.email,
        status: 'assigned',
        recommendation: null,
        submittedAt: null,
      });

      const sent = await mails('review-assigned', "data->>'title' = ?", [submitted.title]);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ recipient: reviewer.email, data: { round: 1, reviewUrl: `${config.http.publicUrl}/review/${assignment.id}` } });
      const rendered = new MailRenderer(config).render(MailTemplate.ReviewAssigned, { title: submitted.title, round: 1, reviewUrl: sent[0].data.reviewUrl, dueDate: sent[0].data.dueDate });
      for (const part of [rendered.html, rendered.text]) {
        expect(part).toContain(submitted.title);
        expect(part).toContain(sent[0].data.reviewUrl);
      }

      // One reviewer per paper: a second assignment is refused and sends nothing.
      const again = await as(admin).post('/api/admin/reviews').send({ paperId: submitted.id, reviewerId: otherReviewer.id }).expect(409);
      expect(again.body).toMatchObject({ code: 'REVIEW_ALREADY_ASSIGNED', message: 'This paper has already been assigned to a reviewer.' });
      expect(await reviewRows(submitted.id)).toHaveLength(1);
      expect(await mails('review-assigned', "data->>'title' = ?", [submitted.title])).toHaveLength(1);
    });

    it('leaves exactly one assignment when two editors assign the same paper at once', async () => {
      const secondAdmin = await createPerson(testApp, 'admin');
      for (let round = 0; round < 3; round += 1) {
        const contested = await paper();
        const answers = await Promise.all([
          as(admin).post('/api/admin/reviews').send({ paperId: contested.id, reviewerId: reviewer.id }),
          as(secondAdmin).post('/api/admin/reviews').send({ paperId: contested.id, reviewerId: otherReviewer.id }),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
        expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({ code: 'REVIEW_ALREADY_ASSIGNED' });
        expect(await reviewRows(contested.id)).toHaveLength(1);
        expect(await mails('review-assigned', "data->>'title' = ?", [contested.title])).toHaveLength(1);
      }
    });

    it('lists every assignment newest first, with the paper and the reviewer', async () => {
      const first = await assign((await paper()).id);
      const second = await assign((await paper()).id, otherReviewer.id);
      const listed = (await as(admin).get('/api/admin/reviews').expect(200)).body as Assignment[];
      const ids = listed.map((row) => row.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
      expect(listed.find((row) => row.id === second.id)).toEqual(second);
    });

    it('withdraws an assignment not yet submitted: the reviewer is told once, the access ends at once and the paper is offered again', async () => {
      const submitted = await paper();
      const assignment = await assign(submitted.id);
      await as(reviewer).get(`/api/papers/${submitted.id}`).expect(200);
      await as(reviewer).get(`/api/reviews/${assignment.id}`).expect(200);

      await as(admin).delete(`/api/admin/reviews/${assignment.id}`).expect(204);
      await as(reviewer).get(`/api/papers/${submitted.id}`).expect(404);
      await as(reviewer).get(`/api/papers/${submitted.id}/pdf`).expect(404);
      await as(reviewer).get(`/api/reviews/${assignment.id}`).expect(404);
      await as(reviewer).put(`/api/reviews/${assignment.id}/draft`).send({ text: 'Late words', recommendation: null }).expect(404);
      expect(await reviewRows(submitted.id)).toEqual([]);
      const offered = ((await as(admin).get('/api/admin/reviews/assignable-papers').expect(200)).body as { id: string }[]).map((row) => row.id);
      expect(offered).toContain(submitted.id);

      const told = await mails('review-withdrawn', "data->>'title' = ?", [submitted.title]);
      expect(told).toEqual([expect.objectContaining({ recipient: reviewer.email })]);
      await as(admin).delete(`/api/admin/reviews/${assignment.id}`).expect(404);
      expect(await mails('review-withdrawn', "data->>'title' = ?", [submitted.title])).toHaveLength(1);
    });
  });

  describe('due dates', () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    const daysAhead = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
    const dueRow = async (id: string) => new Date((await sql<{ due_at: Date | string }>(testApp.app, 'select due_at from paper_reviews where id = ?', [id]))[0].due_at);
    /** Puts the due date in the past as time would, which the API rightly refuses to do. */
    const makeOverdue = (id: string) => sql(testApp.app, "update paper_reviews set due_at = now() - interval '1 hour' where id = ?", [id]);

    it('is REVIEW_DUE_DAYS (21) days after the assignment unless the editor gives one', async () => {
      const before = Date.now();
      const assignment = await assign((await paper()).id);
      const expected = before + 21 * DAY_MS;
      expect(new Date(assignment.dueAt).getTime()).toBeGreaterThanOrEqual(expected);
      expect(new Date(assignment.dueAt).getTime()).toBeLessThan(expected + 60_000);
      expect(assignment.overdue).toBe(false);
      expect((await dueRow(assignment.id)).toISOString()).toBe(assignment.dueAt);

      const chosen = daysAhead(10);
      const explicit = (await as(admin).post('/api/admin/reviews').send({ paperId: (await paper()).id, reviewerId: reviewer.id, dueAt: chosen }).expect(201)).body as Assignment;
      expect(explicit.dueAt).toBe(chosen);
      expect((await dueRow(explicit.id)).toISOString()).toBe(chosen);
    });

    it("gives the due date in the assignment e-mail, written in the journal's date style", async () => {
      const submitted = await paper();
      const chosen = new Date(Date.now() + 10 * DAY_MS);
      chosen.setUTCHours(23, 59, 59, 0);
      await as(admin).post('/api/admin/reviews').send({ paperId: submitted.id, reviewerId: reviewer.id, dueAt: chosen.toISOString() }).expect(201);
      const [sent] = await mails('review-assigned', "data->>'title' = ?", [submitted.title]);
      // The default style (JOURNAL_LOCALE en-US, JOURNAL_TIME_ZONE UTC), as the screens write it.
      const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(chosen);
      expect(sent.data.dueDate).toBe(day);
      const rendered = new MailRenderer(config).render(MailTemplate.ReviewAssigned, { title: submitted.title, round: 1, reviewUrl: sent.data.reviewUrl, dueDate: sent.data.dueDate });
      expect(rendered.text).toContain(`Please submit your review by ${day}.`);
      expect(rendered.html).toContain(`Please submit your review by <strong>${day}</strong>.`);

      // Another journal's style: British English in Tokyo, where the last second of a UTC day is the next morning.
      const tokyo = await startTestApp({ env: { JOURNAL_LOCALE: 'en-GB', JOURNAL_TIME_ZONE: 'Asia/Tokyo' } });
      try {
        const elsewhere = await paper();
        await request(tokyo.server).post('/api/admin/reviews').set('Authorization', `Bearer ${admin.token}`).send({ paperId: elsewhere.id, reviewerId: reviewer.id, dueAt: chosen.toISOString() }).expect(201);
        const [british] = await mails('review-assigned', "data->>'title' = ?", [elsewhere.title]);
        expect(british.data.dueDate).toBe(new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(chosen.getTime() + 1000)));
      } finally {
        await tokyo.close();
      }
    });

    it('honours REVIEW_DUE_DAYS', async () => {
      const shortDeadlines = await startTestApp({ env: { REVIEW_DUE_DAYS: '5' } });
      try {
        const before = Date.now();
        const created = await request(shortDeadlines.server)
          .post('/api/admin/reviews')
          .set('Authorization', `Bearer ${admin.token}`)
          .send({ paperId: (await paper()).id, reviewerId: reviewer.id })
          .expect(201);
        const due = new Date((created.body as Assignment).dueAt).getTime();
        expect(due).toBeGreaterThanOrEqual(before + 5 * DAY_MS);
        expect(due).toBeLessThan(before + 5 * DAY_MS + 60_000);
      } finally {
        await shortDeadlines.close();
      }
    });

    it('refuses a due date that is malformed, past, or more than 365 days ahead, recording nothing', async () => {
      const submitted = await paper();
      for (const dueAt of ['next week', '2030-01-01', daysAhead(-1), daysAhead(366), 42]) {
        const refused = await as(admin).post('/api/admin/reviews').send({ paperId: submitted.id, reviewerId: reviewer.id, dueAt }).expect(400);
        expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('dueAt must be an ISO date-time') });
      }
      expect(await reviewRows(submitted.id)).toEqual([]);
      // The bounds themselves are allowed.
      await as(admin).post('/api/admin/reviews').send({ paperId: submitted.id, reviewerId: reviewer.id, dueAt: daysAhead(364.9) }).expect(201);
    });

    it('lets an editor move the due date of a pending review, and shows it everywhere the assignment is described', async () => {
      const submitted = await paper();
      const assignment = await assign(submitted.id);
      const moved = daysAhead(40);
      const changed = (await as(admin).patch(`/api/admin/reviews/${assignment.id}`).send({ dueAt: moved }).expect(200)).body as Assignment;
      expect(changed).toEqual({ ...assignment, dueAt: moved });
      expect((await dueRow(assignment.id)).toISOString()).toBe(moved);

      const listed = (await as(admin).get('/api/admin/reviews').expect(200)).body as Assignment[];
      expect(listed.find((row) => row.id === assignment.id)).toMatchObject({ dueAt: moved, overdue: false });
      const mine = (await as(reviewer).get('/api/reviews/mine').expect(200)).body as { assignments: Assignment[] };
      expect(mine.assignments.find((row) => row.id === assignment.id)).toMatchObject({ dueAt: moved, overdue: false });
      expect((await as(reviewer).get(`/api/reviews/${assignment.id}`).expect(200)).body).toMatchObject({ dueAt: moved, overdue: false });

      // A draft in progress is still pending.
      await as(reviewer).put(`/api/reviews/${assignment.id}/draft`).send({ text: 'Notes', recommendation: null }).expect(200);
      await as(admin).patch(`/api/admin/reviews/${assignment.id}`).send({ dueAt: daysAhead(2) }).expect(200);

      for (const dueAt of [daysAhead(-1), daysAhead(400), 'tomorrow', undefined]) {
        const refused = await as(admin).patch(`/api/admin/reviews/${assignment.id}`).send({ dueAt }).expect(400);
        expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });

    it('lets only editors move it: reviewers and authors are refused by the policy, and nothing changes', async () => {
      const assignment = await assign((await paper()).id);
      for (const who of [reviewer, otherReviewer, author]) {
        const refused = await as(who).patch(`/api/admin/reviews/${assignment.id}`).send({ dueAt: daysAhead(3) }).expect(403);
        expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
      }
      await as(null).patch(`/api/admin/reviews/${assignment.id}`).send({ dueAt: daysAhead(3) }).expect(401);
      expect((await dueRow(assignment.id)).toISOString()).toBe(assignment.dueAt);
      await as(admin).patch('/api/admin/reviews/00000000-0000-4000-8000-000000000000').send({ dueAt: daysAhead(3) }).expect(404);
      await as(admin).patch('/api/admin/reviews/not-a-uuid').send({ dueAt: daysAhead(3) }).expect(404);
    });

    it('refuses to move the due date of a submitted review (409) or a withdrawn one (404)', async () => {
      const done = await assign((await paper()).id);
      await as(reviewer).post(`/api/reviews/${done.id}/submit`).send({ text: 'Sound.', recommendation: 'accept', criteria: await rubricScores(testApp) }).expect(200);
      const refused = await as(admin).patch(`/api/admin/reviews/${done.id}`).send({ dueAt: daysAhead(3) }).expect(409);
      expect(refused.body).toEqual({ statusCode: 409, code: 'REVIEW_SUBMITTED', message: 'This review has been submitted, so its due date can no longer be changed.' });
      expect((await dueRow(done.id)).toISOString()).toBe(done.dueAt);

      const withdrawn = await assign((await paper()).id);
      await as(admin).delete(`/api/admin/reviews/${withdrawn.id}`).expect(204);
      await as(admin).patch(`/api/admin/reviews/${withdrawn.id}`).send({ dueAt: daysAhead(3) }).expect(404);
    });

    it('marks an assignment overdue once its date has passed, until the review is submitted', async () => {
      const own = await createAssignableReviewer(testApp, admin.token);
      const late = await assign((await paper()).id, own.id);
      const onTime = await assign((await paper()).id, own.id);
      await makeOverdue(late.id);

      const listed = (await as(admin).get('/api/admin/reviews').expect(200)).body as Assignment[];
      expect(listed.find((row) => row.id === late.id)).toMatchObject({ overdue: true });
      expect(listed.find((row) => row.id === onTime.id)).toMatchObject({ overdue: false });
      const mine = (await as(own).get('/api/reviews/mine').expect(200)).body as { assignments: Assignment[] };
      expect(Object.fromEntries(mine.assignments.map((row) => [row.id, row.overdue]))).toEqual({ [late.id]: true, [onTime.id]: false });
      expect((await as(own).get(`/api/reviews/${late.id}`).expect(200)).body).toMatchObject({ overdue: true });

      // Submitted late is done, not overdue.
      const submitted = (await as(own).post(`/api/reviews/${late.id}/submit`).send({ text: 'Late but sound.', recommendation: 'accept', criteria: await rubricScores(testApp) }).expect(200)).body as Review;
      expect(submitted.overdue).toBe(false);
      const after = (await as(admin).get('/api/admin/reviews').expect(200)).body as Assignment[];
      expect(after.find((row) => row.id === late.id)).toMatchObject({ overdue: false, status: 'submitted' });
    });
  });

  describe('what the assigned reviewer may see', () => {
    it('reads the unpublished paper and its PDF, not its discussion, versions or history; another reviewer sees nothing of it', async () => {
      const submitted = await paper(PaperStatus.UnderReview);
      const assignment = await assign(submitted.id);

      const detail = (await as(reviewer).get(`/api/papers/${submitted.id}`).expect(200)).body as { authorEmails: unknown; access: Record<string, boolean> };
      expect(detail.authorEmails).toBeNull();
      expect(detail.access).toEqual({ owner: false, discuss: false, uploadVersion: false, changeStatus: false });
      const pdf = await as(reviewer).get(`/api/papers/${submitted.id}/pdf`).expect(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      for (const path of ['comments', 'versions', 'status-history', 'versions/1/pdf']) await as(reviewer).get(`/api/papers/${submitted.id}/${path}`).expect(403);
      await as(reviewer).get(`/api/papers/${submitted.id}/review`).expect(403);

      for (const path of ['', '/pdf', '/comments', '/versions', '/status-history']) await as(otherReviewer).get(`/api/papers/${submitted.id}${path}`).expect(404);
      await as(otherReviewer).get(`/api/reviews/${assignment.id}`).expect(404);
    });

    it("offers assigning the paper's reviewers (review.assign) to the editors on its page, never to its author or reviewer", async () => {
      const submitted = await paper(PaperStatus.UnderReview);
      await assign(submitted.id);
      const assignReviewersOf = async (who: Person) =>
        ((await as(who).get(`/api/papers/${submitted.id}`).expect(200)).body as { actions: { assignReviewers: boolean } }).actions.assignReviewers;

      expect(await assignReviewersOf(admin)).toBe(true);
      expect(await assignReviewersOf(author)).toBe(false);
      expect(await assignReviewersOf(reviewer)).toBe(false);
    });
  });

  describe('writing the review', () => {
    it("shows the reviewer's own assignments on the dashboard, counted by the database", async () => {
      const own = await createAssignableReviewer(testApp, admin.token);
      const first = await paper();
      const second = await paper();
      const a1 = await assign(first.id, own.id);
      const a2 = await assign(second.id, own.id);
      await assign((await paper()).id, otherReviewer.id);

      type Mine = { counts: Record<string, number>; assignments: { id: string; title: string; abstract: string; status: string; paperSubmittedAt: string }[] };
      const mine = (await as(own).get('/api/reviews/mine').expect(200)).body as Mine;
      expect(mine.counts).toEqual({ total: 2, pending: 2, completed: 0 });
      expect(mine.assignments.map((row) => row.id)).toEqual([a2.id, a1.id]);
      expect(mine.assignments[1]).toMatchObject({ title: first.title, abstract: first.abstract, status: 'assigned', paperSubmittedAt: first.createdAt.toISOString() });

      await as(own).post(`/api/reviews/${a1.id}/submit`).send({ text: 'Sound method.', recommendation: 'accept', criteria: await rubricScores(testApp) }).expect(200);
      await as(own).put(`/api/reviews/${a2.id}/draft`).send({ text: 'Half', recommendation: null }).expect(200);
      const after = (await as(own).get('/api/reviews/mine').expect(200)).body as Mine;
      expect(after.counts).toEqual({ total: 2, pending: 1, completed: 1 });

      await as(admin).get('/api/reviews/mine').expect(403);
      await as(author).get('/api/reviews/mine').expect(403);
    });

    it('saves a draft: assigned becomes in_progress with the text, the recommendation or none, and the time', async () => {
      const assignment = await assign((await paper()).id);
      const saved = (await as(reviewer).put(`/api/reviews/${assignment.id}/draft`).send({ text: 'First thoughts', recommendation: null }).expect(200)).body as Review;
      expect(saved).toMatchObject({ status: 'in_progress', text: 'First thoughts', recommendation: null, submittedAt: null });
      const again = (await as(reviewer).put(`/api/reviews/${assignment.id}/draft`).send({ text: 'Second thoughts', recommendation: 'minor_revisions' }).expect(200)).body as Review;
      expect(again).toMatchObject({ status: 'in_progress', text: 'Second thoughts', recommendation: 'minor_revisions' });
      expect(new Date(again.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(saved.updatedAt).getTime());
      expect((await as(reviewer).get(`/api/reviews/${assignment.id}`).expect(200)).body).toEqual(again);

      const tooLong = await as(reviewer).put(`/api/reviews/${assignment.id}/draft`).send({ text: 'x'.repeat(50_001), recommendation: null }).expect(400);
      expect(tooLong.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      await as(reviewer).put(`/api/reviews/${assignment.id}/draft`).send({ text: 'x', recommendation: 'maybe' }).expect(400);
    });

    it('refuses to submit without a recommendation or with blank text, and changes nothing', async () => {
      const assignment = await assign((await paper()).id);
      for (const body of [{ text: 'A full review.', recommendation: null }, { text: 'A full review.' }, { text: '  \n ', recommendation: 'reject' }]) {
        const refused = await as(reviewer).post(`/api/reviews/${assignment.id}/submit`).send(body).expect(400);
        expect(refused.body).toMatchObject({ code: 'REVIEW_INCOMPLETE' });
      }
      expect(await reviewRows(assignment.paperId)).toEqual([expect.objectContaining({ status: 'assigned', submitted_at: null })]);
    });

    it('submits: sets the time, e-mails every editor once, and the review no longer changes nor can be withdrawn', async () => {
      const submitted = await paper();
      const assignment = await assign(submitted.id);
      const done = (await as(reviewer).post(`/api/reviews/${assignment.id}/submit`).send({ text: 'Careful and clear.', recommendation: 'major_revisions', criteria: await rubricScores(testApp) }).expect(200)).body as Review;
      expect(done).toMatchObject({ status: 'submitted', text: 'Careful and clear.', recommendation: 'major_revisions' });
      expect(done.submittedAt).not.toBeNull();

      const editors = await sql<{ email: string }>(testApp.app, "select u.email from users u join user_roles r on r.user_id = u.id and r.role = 'admin' order by u.email");
      const told = await mails('review-submitted', "data->>'title' = ?", [submitted.title]);
      expect(told.map((mail) => mail.recipient)).toEqual(editors.map((editor) => editor.email));
      expect(told[0].data).toMatchObject({ reviewerName: 'Test Person', paperUrl: `${config.http.publicUrl}/papers/${submitted.id}` });

      for (const refused of [
        await as(reviewer).post(`/api/reviews/${assignment.id}/submit`).send({ text: 'Changed my mind.', recommendation: 'reject', criteria: await rubricScores(testApp, 1) }).expect(409),
        await as(reviewer).put(`/api/reviews/${assignment.id}/draft`).send({ text: 'Changed my mind.', recommendation: 'reject' }).expect(409),
        await as(admin).delete(`/api/admin/reviews/${assignment.id}`).expect(409),
      ]) {
        expect(refused.body).toMatchObject({ code: 'REVIEW_SUBMITTED' });
      }
      expect((await as(reviewer).get(`/api/reviews/${assignment.id}`).expect(200)).body).toEqual(done);
      expect(await mails('review-submitted', "data->>'title' = ?", [submitted.title])).toHaveLength(editors.length);
    });

    it('submits with a pool of one connection: nothing in its transaction waits for a second one (which a full pool never frees)', async () => {
      const assignment = await assign((await paper()).id);
      const onePool = await startTestApp({ env: { DATABASE_POOL_MAX: '1' } });
      try {
        const done = await request(onePool.server).post(`/api/reviews/${assignment.id}/submit`).set('Authorization', `Bearer ${reviewer.token}`).send({ text: 'Sound.', recommendation: 'accept', criteria: await rubricScores(testApp) }).expect(200);
        expect(done.body).toMatchObject({ status: 'submitted', recommendation: 'accept' });
      } finally {
        await onePool.close();
      }
    });

    it('lets only the assigned reviewer write; anyone else is told it does not exist, and editors read it', async () => {
      const submitted = await paper();
      const assignment = await assign(submitted.id);
      const draft = { text: 'Not mine to write', recommendation: 'accept' };
      for (const who of [otherReviewer, author]) {
        await as(who).get(`/api/reviews/${assignment.id}`).expect(404);
        await as(who).put(`/api/reviews/${assignment.id}/draft`).send(draft).expect(404);
        await as(who).post(`/api/reviews/${assignment.id}/submit`).send(draft).expect(404);
      }
      await as(admin).put(`/api/reviews/${assignment.id}/draft`).send(draft).expect(403);
      await as(admin).post(`/api/reviews/${assignment.id}/submit`).send(draft).expect(403);
      await as(null).get(`/api/reviews/${assignment.id}`).expect(401);
      expect(await reviewRows(submitted.id)).toEqual([expect.objectContaining({ status: 'assigned' })]);

      await as(reviewer).put(`/api/reviews/${assignment.id}/draft`).send({ text: 'My notes', recommendation: 'accept' }).expect(200);
      const read = (await as(admin).get(`/api/reviews/${assignment.id}`).expect(200)).body as Review;
      const onPaper = (await as(admin).get(`/api/papers/${submitted.id}/review`).expect(200)).body as Review;
      expect(onPaper).toEqual(read);
      expect(onPaper).toMatchObject({ text: 'My notes', reviewer: { id: reviewer.id, name: 'Test Person' }, paper: { id: submitted.id, title: submitted.title } });
      await as(admin).get(`/api/papers/${(await paper()).id}/review`).expect(404);
      await as(author).get(`/api/papers/${submitted.id}/review`).expect(403);
    });
  });

  describe('declining', () => {
    const decline = (who: Person, id: string, body: Record<string, unknown>) => as(who).post(`/api/reviews/${id}/decline`).send(body);

    it('needs a reason, checked by the server: missing, blank, not a string or too long is a 400 and changes nothing', async () => {
      const assignment = await assign((await paper()).id);
      for (const body of [{}, { declineReason: '   ' }, { declineReason: 42 }, { declineReason: 'x'.repeat(2001) }]) {
        expect((await decline(reviewer, assignment.id, body).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
      expect((await reviewRows(assignment.paperId))[0].status).toBe('assigned');
    });

    it('records the reason, e-mails every editor, ends the reviewer\'s access and makes the paper assignable again', async () => {
      const declined = await paper();
      const assignment = await assign(declined.id);
      await decline(reviewer, assignment.id, { declineReason: '  I supervised one of the authors.  ' }).expect(204);

      const [row] = await sql<{ status: string; decline_reason: string; declined_at: string | null }>(
        testApp.app,
        'select status, decline_reason, declined_at from paper_reviews where id = ?',
        [assignment.id],
      );
      expect(row).toMatchObject({ status: 'declined', decline_reason: 'I supervised one of the authors.', declined_at: expect.any(String) });
      const told = await mails('review-declined', "data->>'title' = ?", [declined.title]);
      expect(told.map((mail) => mail.recipient)).toContain(admin.email);
      expect(told[0].data).toMatchObject({ reason: 'I supervised one of the authors.' });

      // Gone for the reviewer: the review, the paper, the dashboard.
      await as(reviewer).get(`/api/reviews/${assignment.id}`).expect(404);
      await as(reviewer).get(`/api/papers/${declined.id}`).expect(404);
      const mine = (await as(reviewer).get('/api/reviews/mine').expect(200)).body as { assignments: { id: string }[] };
      expect(mine.assignments.map((row) => row.id)).not.toContain(assignment.id);
      await decline(reviewer, assignment.id, { declineReason: 'Again' }).expect(404);

      // The editors see it with its reason, and may assign the paper in the same round again.
      const listed = ((await as(admin).get('/api/admin/reviews').expect(200)).body as (Assignment & { declineReason: string | null })[]).find(
        (row) => row.id === assignment.id,
      );
      expect(listed).toMatchObject({ status: 'declined', declineReason: 'I supervised one of the authors.' });
      const offered = (await as(admin).get('/api/admin/reviews/assignable-papers').expect(200)).body as { id: string }[];
      expect(offered.map((row) => row.id)).toContain(declined.id);
      const again = await assign(declined.id, otherReviewer.id);
      expect(again.status).toBe('assigned');

      // A declined assignment is history: no withdrawing it, no new due date.
      expect((await as(admin).delete(`/api/admin/reviews/${assignment.id}`).expect(409)).body).toMatchObject({ code: 'REVIEW_DECLINED' });
      const dueAt = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
      expect((await as(admin).patch(`/api/admin/reviews/${assignment.id}`).send({ dueAt }).expect(409)).body).toMatchObject({ code: 'REVIEW_DECLINED' });
    });

    it('is the assigned reviewer\'s alone, and not once the review is submitted', async () => {
      const assignment = await assign((await paper()).id);
      await decline(admin, assignment.id, { declineReason: 'Not mine to decline.' }).expect(403);
      await decline(otherReviewer, assignment.id, { declineReason: 'Not mine either.' }).expect(404);
      await decline(author, assignment.id, { declineReason: 'Nor mine.' }).expect(404);
      await as(reviewer).post(`/api/reviews/${assignment.id}/submit`).send({ text: 'Sound.', recommendation: 'accept', criteria: await rubricScores(testApp) }).expect(200);
      expect((await decline(reviewer, assignment.id, { declineReason: 'Too late.' }).expect(409)).body).toMatchObject({ code: 'REVIEW_SUBMITTED' });
      expect((await reviewRows(assignment.paperId))[0].status).toBe('submitted');
    });
  });
});
