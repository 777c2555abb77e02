import request from 'supertest';
import { createPerson, type Person, sql } from '../support/accounts.js';
import { submitPaperAs } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

interface AssignablePaper {
  id: string;
  round: number;
  assignedReviewers: number;
  reviewersPerRound: number;
  reviewerIds: string[];
}

interface RoundReview {
  id: string | null;
  authorLabel: string | null;
  reviewer: string;
  status: string;
  text: string | null;
  sharedWithAuthor: boolean;
}

interface Rounds {
  rounds: { round: number; reviews: RoundReview[] }[];
}

interface Stage {
  name: string;
  round: number;
  reviewsIn: number | null;
  reviewsExpected: number | null;
}

/**
 * Several reviewers per round (issue 27): with REVIEWERS_PER_ROUND=2 an editor assigns up to two
 * reviewers to a round, never one reviewer twice; the paper stays assignable until the round has
 * two standing assignments (a decline frees a place); the stage counts k of n; the author reads
 * the shared reviews as "Reviewer 1", "Reviewer 2". The default of one is reviews.int-spec.ts's.
 */
describe('several reviewers per round', () => {
  let testApp: TestApp;
  let admin: Person;
  let author: Person;
  const reviewers: Person[] = [];

  beforeAll(async () => {
    testApp = await startTestApp({ env: { REVIEWERS_PER_ROUND: '2' } });
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    for (let index = 0; index < 4; index += 1) {
      await clearRateLimits(testApp);
      reviewers.push(await createAssignableReviewer(testApp, admin.token));
    }
  }, 90_000);

  afterAll(() => testApp.close());

  beforeEach(() => clearRateLimits(testApp));

  const as = (who: Person) => {
    const agent = request(testApp.server);
    return {
      get: (url: string) => agent.get(url).set('Authorization', `Bearer ${who.token}`),
      post: (url: string) => agent.post(url).set('Authorization', `Bearer ${who.token}`),
      patch: (url: string) => agent.patch(url).set('Authorization', `Bearer ${who.token}`),
    };
  };

  const submitPaper = () => submitPaperAs(testApp, author);

  const assign = (paperId: string, reviewer: Person) => as(admin).post('/api/admin/reviews').send({ paperId, reviewerId: reviewer.id });
  const assigned = async (paperId: string, reviewer: Person): Promise<string> => ((await assign(paperId, reviewer).expect(201)).body as { id: string }).id;

  const assignable = async (paperId: string): Promise<AssignablePaper | undefined> =>
    ((await as(admin).get('/api/admin/reviews/assignable-papers').expect(200)).body as AssignablePaper[]).find((paper) => paper.id === paperId);

  const stageOf = async (paperId: string): Promise<Stage> => ((await as(admin).get(`/api/papers/${paperId}`).expect(200)).body as { stage: Stage }).stage;

  const submitReview = async (reviewId: string, reviewer: Person, text: string) =>
    as(reviewer)
      .post(`/api/reviews/${reviewId}/submit`)
      .send({ text, recommendation: 'minor_revisions', criteria: await rubricScores(testApp, 4) })
      .expect(200);

  it('takes reviewers until the round has two standing, never the same one twice, and a decline frees a place', async () => {
    const paper = await submitPaper();
    const [first, second, third, fourth] = reviewers;
    expect(await assignable(paper.id)).toMatchObject({ round: 1, assignedReviewers: 0, reviewersPerRound: 2, reviewerIds: [] });

    const firstReview = await assigned(paper.id, first);
    expect(await assignable(paper.id)).toMatchObject({ assignedReviewers: 1, reviewersPerRound: 2, reviewerIds: [first.id] });
    expect((await assign(paper.id, first).expect(409)).body).toMatchObject({
      code: 'REVIEW_REVIEWER_ALREADY_ON_PAPER',
      message: 'This reviewer is already reviewing this paper in its current round. Choose another reviewer.',
    });

    const secondReview = await assigned(paper.id, second);
    expect(await assignable(paper.id)).toBeUndefined();
    expect((await assign(paper.id, third).expect(409)).body).toMatchObject({
      code: 'REVIEW_ALREADY_ASSIGNED',
      message: 'This round already has its 2 reviewers. Withdraw one to assign another.',
    });
    expect(await stageOf(paper.id)).toMatchObject({ name: 'in_review', round: 1, reviewsIn: 0, reviewsExpected: 2 });

    await submitReview(firstReview, first, 'The method is sound.');
    expect(await stageOf(paper.id)).toMatchObject({ name: 'in_review', reviewsIn: 1, reviewsExpected: 2 });

    await as(second).post(`/api/reviews/${secondReview}/decline`).send({ declineReason: 'I know the author.' }).expect(204);
    expect(await assignable(paper.id)).toMatchObject({ assignedReviewers: 1, reviewerIds: [first.id] });
    expect(await stageOf(paper.id)).toMatchObject({ name: 'in_review', reviewsIn: 1, reviewsExpected: 1 });
    // The one who declined may be asked again; so may someone new, but not both.
    await assigned(paper.id, third);
    expect((await assign(paper.id, fourth).expect(409)).body).toMatchObject({ code: 'REVIEW_ALREADY_ASSIGNED' });
    const standing = await sql<{ reviewer_id: string }>(testApp.app, "select reviewer_id from paper_reviews where paper_id = ? and status <> 'declined' order by assigned_at", [paper.id]);
    expect(standing.map((row) => row.reviewer_id)).toEqual([first.id, third.id]);
  });

  it('gives the last place to one of two editors assigning at once', async () => {
    const paper = await submitPaper();
    await assigned(paper.id, reviewers[0]);
    const answers = await Promise.all([assign(paper.id, reviewers[1]), assign(paper.id, reviewers[2])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const [count] = await sql<{ n: number }>(testApp.app, "select count(*)::int as n from paper_reviews where paper_id = ? and status <> 'declined'", [paper.id]);
    expect(count.n).toBe(2);
  });

  it('shows the editors every review with its id and the name the author reads, and the author only the shared ones, unnamed', async () => {
    const paper = await submitPaper();
    const [first, second] = reviewers;
    const firstReview = await assigned(paper.id, first);
    const secondReview = await assigned(paper.id, second);
    await submitReview(firstReview, first, 'First reader: the sample is small.');
    await submitReview(secondReview, second, 'Second reader: the graphs need units.');

    const editors = ((await as(admin).get(`/api/papers/${paper.id}/rounds`).expect(200)).body as Rounds).rounds[0].reviews;
    expect(editors.map(({ id, authorLabel, text }) => ({ id, authorLabel, text }))).toEqual([
      { id: firstReview, authorLabel: 'Reviewer 1', text: 'First reader: the sample is small.' },
      { id: secondReview, authorLabel: 'Reviewer 2', text: 'Second reader: the graphs need units.' },
    ]);
    expect(await stageOf(paper.id)).toMatchObject({ name: 'in_review', reviewsIn: 2, reviewsExpected: 2 });

    // The editors share the second review only.
    await as(admin)
      .post(`/api/papers/${paper.id}/revision-requests`)
      .send({ kind: 'minor', editorNote: 'Mind the units.', shareText: true, shareCriteria: false, sharedReviewIds: [secondReview] })
      .expect(201);
    const authors = ((await as(author).get(`/api/papers/${paper.id}/rounds`).expect(200)).body as Rounds).rounds[0].reviews;
    expect(authors).toEqual([expect.objectContaining({ id: null, authorLabel: null, reviewer: 'Reviewer 2', text: 'Second reader: the graphs need units.' })]);
    const [letter] = await sql<{ data: { letter: string } }>(testApp.app, "select data from outbox_mails where template = 'revisions-requested' and data->>'title' = ?", [paper.title]);
    expect(letter.data.letter).toContain('Second reader: the graphs need units.');
    expect(letter.data.letter).not.toContain('First reader');
  });
});
