import { createPerson, type Person, sql, actingAs } from '../support/accounts.js';
import { givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

interface TimelineEvent {
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  round: number | null;
  changedBy: string;
  changedByName: string | null;
  reviewerName: string | null;
  changedAt: string;
}

/**
 * The paper's status history records the review's steps beside its statuses (issue 27): revision
 * requests, the revised paper, reviewer assignments and declines, each with who and when; the
 * author reads them all but never a reviewer's name, the editors read the names.
 */
describe('GET /api/papers/:id/status-history: the review told step by step', () => {
  let testApp: TestApp;
  let admin: Person;
  let author: Person;
  let decliner: Person;
  let reviewer: Person;

  const nameAs = (who: Person, firstName: string, lastName: string) =>
    sql(testApp.app, 'update profiles set first_name = ?, last_name = ? where id = ?', [firstName, lastName, who.id]);

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    decliner = await createAssignableReviewer(testApp, admin.token);
    reviewer = await createAssignableReviewer(testApp, admin.token);
    await nameAs(admin, 'Edna', 'Editor');
    await nameAs(author, 'Ada', 'Author');
    await nameAs(decliner, 'Dora', 'Decliner');
    await nameAs(reviewer, 'Rita', 'Reviewer');
  }, 60_000);

  afterAll(() => testApp.close());

  beforeEach(() => clearRateLimits(testApp));

  const as = (who: Person) => actingAs(testApp, who);

  const submitPaper = async (): Promise<string> => {
    await givePaidFee(testApp, author.id);
    let req = as(author).post('/api/papers');
    for (const [name, value] of Object.entries(submissionFields())) req = req.field(name, value);
    const response = await req.attach('pdf', pdfBytes(3000, 'a'), { filename: 'first.pdf', contentType: 'application/pdf' }).expect(201);
    return (response.body as { id: string }).id;
  };

  const assign = async (paperId: string, who: Person): Promise<string> =>
    ((await as(admin).post('/api/admin/reviews').send({ paperId, reviewerId: who.id }).expect(201)).body as { id: string }).id;

  const historyAs = async (who: Person, paperId: string): Promise<TimelineEvent[]> =>
    (await as(who).get(`/api/papers/${paperId}/status-history`).expect(200)).body as TimelineEvent[];

  const steps = (events: TimelineEvent[]) =>
    events.map(({ kind, fromStatus, toStatus, round, changedBy, changedByName, reviewerName }) => ({ kind, fromStatus, toStatus, round, changedBy, changedByName, reviewerName }));

  it('records assignments, a decline, the revision request, the revised paper and the decision, in order, with who; the author reads no names', async () => {
    const paperId = await submitPaper();
    const declinedId = await assign(paperId, decliner);
    await as(decliner).post(`/api/reviews/${declinedId}/decline`).send({ declineReason: 'I supervised one of the authors.' }).expect(204);
    const reviewId = await assign(paperId, reviewer);
    const criteria = (await rubricScores(testApp, 4)).map((row) => ({ ...row, comment: `About ${row.name}` }));
    await as(reviewer).post(`/api/reviews/${reviewId}/submit`).send({ text: 'A small sample.', recommendation: 'major_revisions', criteria }).expect(200);
    await as(admin).post(`/api/papers/${paperId}/revision-requests`).send({ kind: 'major', editorNote: 'More data.', shareText: true, shareCriteria: false }).expect(201);
    await as(author).post(`/api/papers/${paperId}/revisions`).field('responseLetter', 'We doubled the sample.').attach('pdf', pdfBytes(4000, 'b'), { filename: 'revised.pdf', contentType: 'application/pdf' }).expect(201);
    await as(admin).patch(`/api/papers/${paperId}/status`).send({ status: 'accepted' }).expect(200);

    const editors = await historyAs(admin, paperId);
    expect(steps(editors)).toEqual([
      { kind: 'status_changed', fromStatus: null, toStatus: 'submitted', round: null, changedBy: 'author', changedByName: 'Ada Author', reviewerName: null },
      { kind: 'reviewer_assigned', fromStatus: null, toStatus: null, round: 1, changedBy: 'editorial', changedByName: 'Edna Editor', reviewerName: 'Dora Decliner' },
      { kind: 'review_declined', fromStatus: null, toStatus: null, round: 1, changedBy: 'reviewer', changedByName: 'Dora Decliner', reviewerName: 'Dora Decliner' },
      { kind: 'reviewer_assigned', fromStatus: null, toStatus: null, round: 1, changedBy: 'editorial', changedByName: 'Edna Editor', reviewerName: 'Rita Reviewer' },
      { kind: 'revisions_requested', fromStatus: null, toStatus: null, round: 1, changedBy: 'editorial', changedByName: 'Edna Editor', reviewerName: null },
      // The revised paper puts a submitted paper under review (by its author) and opens round 2.
      { kind: 'status_changed', fromStatus: 'submitted', toStatus: 'under_review', round: null, changedBy: 'author', changedByName: 'Ada Author', reviewerName: null },
      { kind: 'revision_submitted', fromStatus: null, toStatus: null, round: 2, changedBy: 'author', changedByName: 'Ada Author', reviewerName: null },
      { kind: 'status_changed', fromStatus: 'under_review', toStatus: 'accepted', round: null, changedBy: 'editorial', changedByName: 'Edna Editor', reviewerName: null },
    ]);
    const times = editors.map((event) => Date.parse(event.changedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // The author reads every step and when, but no one's name: a reviewer is "a reviewer".
    const authors = await historyAs(author, paperId);
    expect(steps(authors)).toEqual(steps(editors).map((step) => ({ ...step, changedByName: null, reviewerName: null })));
    expect(authors.map((event) => event.changedAt)).toEqual(editors.map((event) => event.changedAt));
    const body = JSON.stringify(authors);
    for (const name of ['Dora', 'Rita', 'Edna', decliner.id, reviewer.id]) expect(body).not.toContain(name);
  });

  it('records nothing when the step is refused: an event commits with its change or not at all', async () => {
    const paperId = await submitPaper();
    const reviewId = await assign(paperId, reviewer);
    // A second reviewer of the same round is refused: no second assignment on the timeline.
    await as(admin).post('/api/admin/reviews').send({ paperId, reviewerId: decliner.id }).expect(409);
    // Revisions need a submitted review; the author's revision needs a request.
    await as(admin).post(`/api/papers/${paperId}/revision-requests`).send({ kind: 'minor', shareText: true, shareCriteria: true }).expect(409);
    await as(author).post(`/api/papers/${paperId}/revisions`).field('responseLetter', 'Too early').attach('pdf', pdfBytes(4000, 'c'), { filename: 'early.pdf', contentType: 'application/pdf' }).expect(409);
    const criteria = (await rubricScores(testApp, 3)).map((row) => ({ ...row, comment: `About ${row.name}` }));
    await as(reviewer).post(`/api/reviews/${reviewId}/submit`).send({ text: 'Fine.', recommendation: 'accept', criteria }).expect(200);
    // A submitted review can no longer be declined.
    await as(reviewer).post(`/api/reviews/${reviewId}/decline`).send({ declineReason: 'Changed my mind' }).expect(409);

    expect((await historyAs(admin, paperId)).map((event) => event.kind)).toEqual(['status_changed', 'reviewer_assigned']);
    const rows = await sql<{ kind: string }>(testApp.app, 'select kind from paper_status_events where paper_id = ? order by changed_at, id', [paperId]);
    expect(rows.map((row) => row.kind)).toEqual(['status_changed', 'reviewer_assigned']);
  });
});
