import request, { type Response } from 'supertest';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { inviteReviewer } from '../support/invitations.js';
import { createPaper, pdfBytes } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Two transitions of one thing sent at once must end as if they had been sent one after the
 * other, in one order or the other: the same answers (status and error code) and the same rows.
 * What "one after the other" gives is not written out here but observed: each pair is first run
 * in both orders on fresh things, then raced several times on fresh things. No timing is assumed;
 * whichever interleaving the scheduler gives must be one of the two.
 */

/** What a transition answered, as a sequential caller could tell: status, error code, and whether a decision changed anything. */
function outcomeOf(response: Response): string {
  const body = response.body as { code?: unknown; changed?: unknown };
  const code = typeof body?.code === 'string' ? ` ${body.code}` : '';
  const changed = typeof body?.changed === 'boolean' ? ` changed=${String(body.changed)}` : '';
  return `${response.status}${code}${changed}`;
}

/** A fresh subject (a review, a paper, an invitation) and how to describe its rows afterwards. */
interface Subject {
  state(): Promise<string>;
}

type Transition<S extends Subject> = (subject: S) => request.Test;

interface Ending {
  outcomes: [string, string];
  state: string;
}

const describeEnding = (ending: Ending) => `${ending.outcomes.join(' | ')} => ${ending.state}`;

const RACES_PER_PAIR = 3;

describe('racing transitions end as one order or the other, never in a 5xx', () => {
  let testApp: TestApp;
  let admin: Person;
  let author: Person;
  let reviewer: Person;
  let secondReviewer: Person;

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    reviewer = await createAssignableReviewer(testApp, admin.token);
    secondReviewer = await createAssignableReviewer(testApp, admin.token);
  }, 60_000);

  afterAll(() => testApp.close());

  const as = (who: Person) => actingAs(testApp, who);

  /**
   * Runs the pair in both orders, then at once, each time on a fresh subject; every race must
   * end as one of the orders did. Returns what the races gave, for the tests that name them.
   */
  async function race<S extends Subject>(setup: () => Promise<S>, first: Transition<S>, second: Transition<S>): Promise<Ending[]> {
    const sequential: Ending[] = [];
    const pair = [first, second] as const;
    for (const order of [[0, 1], [1, 0]] as const) {
      await clearRateLimits(testApp);
      const subject = await setup();
      const answers: Response[] = [];
      // By position in the pair, not by function: a transition raced with itself is a pair too.
      for (const index of order) answers[index] = await pair[index](subject);
      sequential.push({ outcomes: [outcomeOf(answers[0]), outcomeOf(answers[1])], state: await subject.state() });
    }
    for (const ending of sequential) expect(ending.outcomes.join(' ')).not.toMatch(/\b5\d\d\b/);
    const allowed = sequential.map(describeEnding);
    const raced: Ending[] = [];
    for (let run = 0; run < RACES_PER_PAIR; run += 1) {
      await clearRateLimits(testApp);
      const subject = await setup();
      const [a, b] = await Promise.all([first(subject), second(subject)]);
      const ending: Ending = { outcomes: [outcomeOf(a), outcomeOf(b)], state: await subject.state() };
      expect(ending.outcomes.join(' ')).not.toMatch(/\b5\d\d\b/);
      expect(allowed).toContain(describeEnding(ending));
      raced.push(ending);
    }
    return raced;
  }

  const paperState = async (paperId: string): Promise<string> => {
    const [paper] = await sql<{ status: string; round: number; published: boolean }>(
      testApp.app,
      'select status, round, published_at is not null as published from research_papers where id = ?',
      [paperId],
    );
    const files = await sql<{ version: number; state: string; current: boolean }>(
      testApp.app,
      'select f.version, f.state, f.storage_key = p.pdf_storage_key as current from paper_files f join research_papers p on p.id = f.paper_id where f.paper_id = ? order by f.version',
      [paperId],
    );
    const events = await sql<{ event: string }>(testApp.app, "select coalesce(from_status, '-') || '>' || to_status as event from paper_status_events where paper_id = ?", [
      paperId,
    ]);
    const requests = await sql<{ request: string }>(
      testApp.app,
      "select round || ':' || case when responded_at is null then 'open' else 'answered' end as request from revision_requests where paper_id = ?",
      [paperId],
    );
    const reviews = await sql<{ review: string }>(testApp.app, "select round || ':' || status as review from paper_reviews where paper_id = ?", [paperId]);
    const mails = await sql<{ mail: string }>(
      testApp.app,
      "select template || 'x' || count(*) as mail from outbox_mails where data->>'title' = (select title from research_papers where id = ?) group by template",
      [paperId],
    );
    return JSON.stringify({
      paper,
      files: files.map((file) => `${file.version}:${file.state}${file.current ? ':current' : ''}`),
      events: events.map((row) => row.event).sort(),
      requests: requests.map((row) => row.request).sort(),
      reviews: reviews.map((row) => row.review).sort(),
      mails: mails.map((row) => row.mail).sort(),
    });
  };

  describe('one review', () => {
    interface ReviewSubject extends Subject {
      id: string;
      paperId: string;
    }

    const assignedReview = async (): Promise<ReviewSubject> => {
      const paper = await createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted, withPdf: true });
      const response = await as(admin).post('/api/admin/reviews').send({ paperId: paper.id, reviewerId: reviewer.id }).expect(201);
      const id = (response.body as { id: string }).id;
      return {
        id,
        paperId: paper.id,
        state: async () => {
          const [row] = await sql<{ status: string; declined: boolean; submitted: boolean }>(
            testApp.app,
            'select status, declined_at is not null as declined, submitted_at is not null as submitted from paper_reviews where id = ?',
            [id],
          );
          const reminders = await sql<{ kind: string }>(testApp.app, 'select kind from due_reminders where review_id = ?', [id]);
          return `${row ? `${row.status} declined=${row.declined} submitted=${row.submitted}` : 'gone'} reminders=${reminders.length} ${await paperState(paper.id)}`;
        },
      };
    };

    let criteria: { name: string; score: number; comment: string }[];
    beforeAll(async () => {
      criteria = await rubricScores(testApp, 4);
    });

    const transitions: Record<string, Transition<ReviewSubject>> = {
      'save draft': (review) => as(reviewer).put(`/api/reviews/${review.id}/draft`).send({ text: 'A first draft.', recommendation: 'accept' }),
      submit: (review) => as(reviewer).post(`/api/reviews/${review.id}/submit`).send({ text: 'The finished review.', recommendation: 'minor_revisions', criteria }),
      decline: (review) => as(reviewer).post(`/api/reviews/${review.id}/decline`).send({ declineReason: 'I know the author.' }),
      withdraw: (review) => as(admin).delete(`/api/admin/reviews/${review.id}`),
      're-date': (review) => as(admin).patch(`/api/admin/reviews/${review.id}`).send({ dueAt: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString() }),
      remind: (review) => as(admin).post(`/api/admin/reviews/${review.id}/reminders`),
    };
    const names = Object.keys(transitions);
    const pairs = names.flatMap((a, i) => names.slice(i).map((b) => [a, b] as const));

    it.each(pairs)('%s racing %s', async (a, b) => {
      await race(assignedReview, transitions[a], transitions[b]);
    }, 120_000);

    it('a decline racing a submit leaves exactly one of them done', async () => {
      const raced = await race(assignedReview, transitions.decline, transitions.submit);
      for (const { outcomes, state } of raced) {
        const [declined, submitted] = outcomes;
        expect([declined, submitted].filter((outcome) => /^2/.test(outcome))).toHaveLength(1);
        expect(state).toMatch(declined === '204' ? /^declined declined=true submitted=false/ : /^submitted declined=false submitted=true/);
      }
    }, 120_000);
  });

  describe('one paper', () => {
    interface PaperSubject extends Subject {
      id: string;
    }

    const paperSubject = (id: string): PaperSubject => ({ id, state: () => paperState(id) });

    const submitReview = async (reviewId: string) =>
      as(reviewer)
        .post(`/api/reviews/${reviewId}/submit`)
        .send({ text: 'Solid work.', recommendation: 'minor_revisions', criteria: await rubricScores(testApp, 4) })
        .expect(200);

    const submittedPaper = async () => paperSubject((await createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted, withPdf: true })).id);

    const underReview = async () => paperSubject((await createPaper(testApp, { userId: author.id, status: PaperStatus.UnderReview, withPdf: true })).id);

    /** Under review, its round's review submitted: revisions may be requested. */
    const reviewed = async () => {
      const paper = await underReview();
      const assigned = await as(admin).post('/api/admin/reviews').send({ paperId: paper.id, reviewerId: reviewer.id }).expect(201);
      await submitReview((assigned.body as { id: string }).id);
      return paper;
    };

    /** Revisions requested and not yet answered. */
    const awaitingRevision = async () => {
      const paper = await reviewed();
      await requestRevisions(paper).expect(201);
      return paper;
    };

    /** Published, with an upload (version 1) waiting for approval. */
    const publishedWithPending = async () => {
      const paper = paperSubject((await createPaper(testApp, { userId: author.id, status: PaperStatus.Published, withPdf: true })).id);
      await upload(paper).expect(201);
      return paper;
    };

    const decide = (status: string) => (paper: PaperSubject) => as(admin).patch(`/api/papers/${paper.id}/status`).send({ status });
    const requestRevisions = (paper: PaperSubject) =>
      as(admin).post(`/api/papers/${paper.id}/revision-requests`).send({ kind: 'minor', editorNote: 'Tighten the method.', shareText: true, shareCriteria: false });
    const submitRevision = (paper: PaperSubject) =>
      as(author)
        .post(`/api/papers/${paper.id}/revisions`)
        .field('responseLetter', 'We tightened the method.')
        .attach('pdf', pdfBytes(3000, 'r'), { filename: 'revised.pdf', contentType: 'application/pdf' });
    const upload = (paper: PaperSubject) => as(author).post(`/api/papers/${paper.id}/versions`).attach('pdf', pdfBytes(2500, 'u'), { filename: 'updated.pdf', contentType: 'application/pdf' });
    const approveFirst = (paper: PaperSubject) => as(admin).post(`/api/papers/${paper.id}/versions/1/approve`);
    const assignTo = (who: () => Person) => (paper: PaperSubject) => as(admin).post('/api/admin/reviews').send({ paperId: paper.id, reviewerId: who().id });

    const scenarios: [string, () => Promise<PaperSubject>, Transition<PaperSubject>, Transition<PaperSubject>][] = [
      ['decision accept racing decision reject', underReview, decide('accepted'), decide('rejected')],
      ['decision accept racing the same decision', underReview, decide('accepted'), decide('accepted')],
      ['decision publish racing decision reject', underReview, decide('published'), decide('rejected')],
      ['decision reject racing a revision request', reviewed, decide('rejected'), requestRevisions],
      ['a revision request racing another', reviewed, requestRevisions, requestRevisions],
      ['a revision racing decision reject', awaitingRevision, submitRevision, decide('rejected')],
      ['a revision racing another revision', awaitingRevision, submitRevision, submitRevision],
      ['a revision racing a new revision request', awaitingRevision, submitRevision, requestRevisions],
      ['a revision racing a version upload', awaitingRevision, submitRevision, upload],
      ['a version upload racing its approval', publishedWithPending, upload, approveFirst],
      ['an approval racing the same approval', publishedWithPending, approveFirst, approveFirst],
      ['a version upload racing decision publish', underReview, upload, decide('published')],
      ['a version upload racing an assignment', submittedPaper, upload, assignTo(() => reviewer)],
      ['an assignment racing another reviewer’s', submittedPaper, assignTo(() => reviewer), assignTo(() => secondReviewer)],
      ['an assignment racing decision reject', submittedPaper, assignTo(() => reviewer), decide('rejected')],
    ];

    it.each(scenarios)('%s', async (_name, setup, first, second) => {
      await race(setup, first, second);
    }, 180_000);
  });

  describe('one invitation', () => {
    interface InvitationSubject extends Subject {
      invitee: Person;
      token: string;
    }

    const invitation = async (): Promise<InvitationSubject> => {
      const invitee = await createPerson(testApp);
      const { token } = await inviteReviewer(testApp, admin.token, invitee.email);
      return {
        invitee,
        token,
        state: async () => {
          const rows = await sql<{ status: string }>(testApp.app, 'select status from reviewer_invitations where email_key = ?', [invitee.email.toLowerCase()]);
          const roles = await sql<{ role: string }>(testApp.app, 'select role from user_roles where user_id = ?', [invitee.id]);
          return JSON.stringify({ invitations: rows.map((row) => row.status).sort(), roles: roles.map((row) => row.role).sort() });
        },
      };
    };

    const accept: Transition<InvitationSubject> = (subject) => as(subject.invitee).post('/api/invitations/accept').send({ token: subject.token });
    const remove: Transition<InvitationSubject> = (subject) => as(admin).post('/api/admin/invitations/remove').send({ email: subject.invitee.email });

    it('accepting racing the removal of the invitation', async () => {
      await race(invitation, accept, remove);
    }, 120_000);

    it('accepting racing accepting the same link', async () => {
      await race(invitation, accept, accept);
    }, 120_000);
  });
});
