import type { INestApplicationContext } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { DueRemindersChore } from '../../src/modules/review/reminders/due-reminders.chore.js';
import { DueRemindersService } from '../../src/modules/review/reminders/due-reminders.service.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';
import { startTestWorker } from '../support/test-worker.js';

/** The journal's default date style (JOURNAL_LOCALE en-US, JOURNAL_TIME_ZONE UTC), written out here rather than through the formatter under test. */
const formatDueDate = (date: Date) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);

interface Assignment {
  id: string;
  paperId: string;
  lastReminderAt: string | null;
}

interface ReminderMail {
  recipient: string;
  data: { title: string; dueDate: string; overdue: boolean; reviewUrl?: string; paperUrl?: string };
}

/**
 * The due-date reminders (issue 18). Time moves by setting the due dates (and the assignment's
 * start) in the database relative to now(), never by faking clocks; each sweep is the worker's
 * own service, run by hand instead of waiting for its quarter-hour schedule.
 */
describe('review due-date reminders', () => {
  let testApp: TestApp;
  let workers: [INestApplicationContext, INestApplicationContext];
  let publicUrl: string;
  let admin: Person;
  let author: Person;
  let reviewer: Person;
  let otherReviewer: Person;

  beforeAll(async () => {
    testApp = await startTestApp();
    workers = [await startTestWorker(), await startTestWorker()];
    publicUrl = testApp.app.get<AppConfig>(APP_CONFIG).http.publicUrl;
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    reviewer = await createAssignableReviewer(testApp, admin.token);
    otherReviewer = await createAssignableReviewer(testApp, admin.token);
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers ?? []) await worker.close();
    await testApp?.close();
  });

  beforeEach(() => clearRateLimits(testApp));

  const sweep = (worker = workers[0]) => worker.get(DueRemindersService).sendDue();

  const assigned = async (): Promise<Assignment> => {
    const paper = await createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted, title: `Reminder study ${uniqueWord()}` });
    const response = await actingAs(testApp, admin).post('/api/admin/reviews').send({ paperId: paper.id, reviewerId: reviewer.id }).expect(201);
    return response.body as Assignment;
  };

  /** Assigned `assignedDaysAgo` days ago and due at now() plus `dueIn` (a Postgres interval). */
  const setDue = (reviewId: string, dueIn: string, assignedDaysAgo = 10) =>
    sql(testApp.app, `update paper_reviews set assigned_at = now() - make_interval(days => ?), due_at = now() + ?::interval where id = ?`, [assignedDaysAgo, dueIn, reviewId]);

  const reviewMails = (reviewId: string) =>
    sql<ReminderMail>(testApp.app, "select recipient, data from outbox_mails where template = 'review-reminder' and data->>'reviewUrl' = ? order by created_at", [
      `${publicUrl}/review/${reviewId}`,
    ]);

  const remindersOf = (reviewId: string) =>
    sql<{ kind: string; due_at: string; sent_by: string | null }>(testApp.app, 'select kind, due_at, sent_by from due_reminders where review_id = ? order by sent_at', [reviewId]);

  /** As Postgres writes it, like the due_reminders rows read beside it. */
  const dueAtOf = async (reviewId: string): Promise<string> =>
    (await sql<{ due_at: string }>(testApp.app, 'select due_at from paper_reviews where id = ?', [reviewId]))[0].due_at;

  describe('to reviewers, automatically', () => {
    it('sends the upcoming reminder once inside the three days before the due date, and not before them', async () => {
      const review = await assigned();
      await setDue(review.id, '4 days');
      await sweep();
      expect(await reviewMails(review.id)).toEqual([]);

      await setDue(review.id, '2 days');
      await sweep();
      await sweep();
      const dueAt = await dueAtOf(review.id);
      expect(await reviewMails(review.id)).toEqual([{ recipient: reviewer.email, data: expect.objectContaining({ dueDate: formatDueDate(new Date(dueAt)), overdue: false }) }]);
      expect(await remindersOf(review.id)).toEqual([{ kind: 'upcoming', due_at: dueAt, sent_by: null }]);

      const listed = (await actingAs(testApp, admin).get('/api/admin/reviews').expect(200)).body as Assignment[];
      expect(listed.find((row) => row.id === review.id)?.lastReminderAt).toEqual(expect.any(String));
      expect(listed.find((row) => row.id === review.id)?.lastReminderAt).not.toBeNull();
    });

    it('sends no upcoming reminder for an assignment made less than three days before its due date', async () => {
      const review = await assigned();
      await setDue(review.id, '2 days', 0);
      await sweep();
      expect(await reviewMails(review.id)).toEqual([]);
    });

    it('sends the overdue reminder once from the day after the due date, not on the due day', async () => {
      const review = await assigned();
      await setDue(review.id, '-12 hours');
      await sweep();
      expect(await reviewMails(review.id)).toEqual([]);

      await setDue(review.id, '-25 hours');
      await sweep();
      await sweep();
      const dueAt = await dueAtOf(review.id);
      expect(await reviewMails(review.id)).toEqual([{ recipient: reviewer.email, data: expect.objectContaining({ dueDate: formatDueDate(new Date(dueAt)), overdue: true }) }]);
      expect(await remindersOf(review.id)).toEqual([{ kind: 'overdue', due_at: dueAt, sent_by: null }]);
    });

    it('reminds no one of a submitted or a declined review', async () => {
      const submitted = await assigned();
      const declined = await assigned();
      await sql(testApp.app, "update paper_reviews set status = 'submitted', submitted_at = now(), recommendation = 'accept', review_content = 'A careful study.' where id = ?", [submitted.id]);
      await sql(testApp.app, "update paper_reviews set status = 'declined', declined_at = now(), decline_reason = 'A conflict of interest' where id = ?", [declined.id]);
      for (const dueIn of ['2 days', '-2 days']) {
        for (const review of [submitted, declined]) await setDue(review.id, dueIn);
        await sweep();
      }
      expect(await reviewMails(submitted.id)).toEqual([]);
      expect(await reviewMails(declined.id)).toEqual([]);
    });

    it('sends fresh reminders for a due date that was moved', async () => {
      const review = await assigned();
      await setDue(review.id, '2 days');
      await sweep();
      const first = await dueAtOf(review.id);

      await setDue(review.id, '1 day');
      await sweep();
      await sweep();
      const second = await dueAtOf(review.id);
      expect((await reviewMails(review.id)).map((mail) => mail.data.overdue)).toEqual([false, false]);
      expect(await remindersOf(review.id)).toEqual([
        { kind: 'upcoming', due_at: first, sent_by: null },
        { kind: 'upcoming', due_at: second, sent_by: null },
      ]);

      await setDue(review.id, '-2 days');
      await sweep();
      expect((await reviewMails(review.id)).map((mail) => mail.data.overdue)).toEqual([false, false, true]);
    });

    it('sends each reminder once when two workers sweep at the same time', async () => {
      const upcoming = [await assigned(), await assigned(), await assigned()];
      const overdue = [await assigned(), await assigned()];
      for (const review of upcoming) await setDue(review.id, '2 days');
      for (const review of overdue) await setDue(review.id, '-2 days');

      await Promise.all([
        sweep(workers[0]),
        sweep(workers[1]),
        workers[0].get(DueRemindersChore).run(),
        workers[1].get(DueRemindersChore).run(),
      ]);

      for (const review of upcoming) expect((await reviewMails(review.id)).map((mail) => mail.data.overdue)).toEqual([false]);
      for (const review of overdue) expect((await reviewMails(review.id)).map((mail) => mail.data.overdue)).toEqual([true]);
      for (const review of [...upcoming, ...overdue]) expect(await remindersOf(review.id)).toHaveLength(1);
    });
  });

  describe('to authors of an open revision request, automatically', () => {
    const openRequest = async (dueIn: string, requestedDaysAgo = 10) => {
      const paper = await createPaper(testApp, { userId: author.id, status: PaperStatus.UnderReview, title: `Revision study ${uniqueWord()}` });
      const [request] = await sql<{ id: string }>(
        testApp.app,
        "insert into revision_requests (paper_id, round, kind, requested_at, due_at) values (?, 1, 'minor', now() - make_interval(days => ?), now() + ?::interval) returning id",
        [paper.id, requestedDaysAgo, dueIn],
      );
      return { paper, requestId: request.id };
    };

    const revisionMails = (paperId: string) =>
      sql<ReminderMail>(testApp.app, "select recipient, data from outbox_mails where template = 'revision-reminder' and data->>'paperUrl' = ? order by created_at", [
        `${publicUrl}/papers/${paperId}`,
      ]);

    const moveDue = (requestId: string, dueIn: string) => sql(testApp.app, 'update revision_requests set due_at = now() + ?::interval where id = ?', [dueIn, requestId]);

    it("reminds the paper's author once before the revision is due and once the day after", async () => {
      const { paper, requestId } = await openRequest('4 days');
      await sweep();
      expect(await revisionMails(paper.id)).toEqual([]);

      await moveDue(requestId, '2 days');
      await sweep();
      await sweep();
      const [{ due_at: dueAt }] = await sql<{ due_at: string }>(testApp.app, 'select due_at from revision_requests where id = ?', [requestId]);
      expect(await revisionMails(paper.id)).toEqual([
        { recipient: author.email, data: { title: paper.title, dueDate: formatDueDate(new Date(dueAt)), paperUrl: `${publicUrl}/papers/${paper.id}`, overdue: false } },
      ]);

      await moveDue(requestId, '-12 hours');
      await sweep();
      expect(await revisionMails(paper.id)).toHaveLength(1);

      await moveDue(requestId, '-25 hours');
      await sweep();
      await sweep();
      expect((await revisionMails(paper.id)).map((mail) => [mail.recipient, mail.data.overdue])).toEqual([
        [author.email, false],
        [author.email, true],
      ]);
    });

    it('sends no upcoming reminder for a request made less than three days before its due date, and none once answered', async () => {
      const recent = await openRequest('2 days', 0);
      const answered = await openRequest('2 days');
      await sql(testApp.app, "update revision_requests set responded_at = now(), response_letter = 'Thank you', response_version = 2 where id = ?", [answered.requestId]);
      await sweep();
      await moveDue(answered.requestId, '-2 days');
      await sweep();
      expect(await revisionMails(recent.paper.id)).toEqual([]);
      expect(await revisionMails(answered.paper.id)).toEqual([]);
    });
  });

  describe('POST /api/admin/reviews/:id/reminders', () => {
    const remind = (who: Person | null, reviewId: string) => actingAs(testApp, who).post(`/api/admin/reviews/${reviewId}/reminders`);

    it('sends one, then refuses another within a day, and sends again once a day has passed', async () => {
      const review = await assigned();
      const first = await remind(admin, review.id).expect(201);
      expect(first.body).toEqual({ sentAt: expect.any(String) });
      const dueAt = await dueAtOf(review.id);
      expect(await reviewMails(review.id)).toEqual([
        { recipient: reviewer.email, data: { title: expect.stringMatching(/^Reminder study /), reviewUrl: `${publicUrl}/review/${review.id}`, dueDate: formatDueDate(new Date(dueAt)), overdue: false } },
      ]);
      expect(await remindersOf(review.id)).toEqual([{ kind: 'manual', due_at: dueAt, sent_by: admin.id }]);
      const listed = (await actingAs(testApp, admin).get('/api/admin/reviews').expect(200)).body as Assignment[];
      expect(listed.find((row) => row.id === review.id)?.lastReminderAt).toBe((first.body as { sentAt: string }).sentAt);

      const refused = await remind(admin, review.id).expect(409);
      expect(refused.body).toMatchObject({ code: 'REVIEW_REMINDER_TOO_SOON', message: expect.stringMatching(/^The reviewer was reminded less than a day ago\. The next reminder can be sent after [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC\.$/) });
      // The moment is written as every date is, in the journal's style, with its time zone.
      const sentAt = new Date((first.body as { sentAt: string }).sentAt);
      const next = new Date(sentAt.getTime() + 24 * 60 * 60 * 1000);
      expect((refused.body as { message: string }).message).toContain(`after ${formatDueDate(next)} at `);
      expect(await reviewMails(review.id)).toHaveLength(1);

      await sql(testApp.app, "update due_reminders set sent_at = sent_at - interval '25 hours' where review_id = ? and kind = 'manual'", [review.id]);
      await remind(admin, review.id).expect(201);
      expect(await reviewMails(review.id)).toHaveLength(2);
    });

    it('sends one reminder when two editors click at once', async () => {
      const review = await assigned();
      const answers = await Promise.all([remind(admin, review.id), remind(admin, review.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(await reviewMails(review.id)).toHaveLength(1);
    });

    it('refuses a submitted or a declined review', async () => {
      const submitted = await assigned();
      const declined = await assigned();
      await sql(testApp.app, "update paper_reviews set status = 'submitted', submitted_at = now(), recommendation = 'accept', review_content = 'A careful study.' where id = ?", [submitted.id]);
      await sql(testApp.app, "update paper_reviews set status = 'declined', declined_at = now(), decline_reason = 'A conflict of interest' where id = ?", [declined.id]);
      expect((await remind(admin, submitted.id).expect(409)).body).toMatchObject({ code: 'REVIEW_SUBMITTED' });
      expect((await remind(admin, declined.id).expect(409)).body).toMatchObject({ code: 'REVIEW_DECLINED' });
      expect(await reviewMails(submitted.id)).toEqual([]);
      expect(await reviewMails(declined.id)).toEqual([]);
    });

    it('is for editors only', async () => {
      const review = await assigned();
      await remind(null, review.id).expect(401);
      await remind(reviewer, review.id).expect(403);
      // An admin route refuses whoever is not an editor before it looks the id up (403, never 404).
      await remind(otherReviewer, review.id).expect(403);
      await remind(author, review.id).expect(403);
      await remind(author, '00000000-0000-4000-8000-000000000000').expect(403);
      await remind(admin, 'not-a-uuid').expect(404);
      await remind(admin, '00000000-0000-4000-8000-000000000000').expect(404);
      expect(await reviewMails(review.id)).toEqual([]);
    });
  });
});
