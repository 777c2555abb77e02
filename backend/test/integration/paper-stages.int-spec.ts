import { actingAs, createPerson, type Person } from '../support/accounts.js';
import { givePaidFee, pdfBytes, submissionFields, uniqueWord } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

interface Stage {
  name: string;
  round: number;
  reviewsIn: number | null;
  reviewsExpected: number | null;
  dueAt: string | null;
}

interface StageCounts {
  submitted: number;
  awaiting_reviewer: number;
  in_review: number;
  revisions_requested: number;
  revised: number;
}

const DUE_AT = '2026-12-07T17:00:00.000Z';

/** Issue 27: every paper DTO carries its stage beside its status, and the editors filter and count by it. */
describe('a paper’s stage beside its status', () => {
  let testApp: TestApp;
  let admin: Person;
  let author: Person;
  let firstReviewer: Person;
  let secondReviewer: Person;

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    firstReviewer = await createAssignableReviewer(testApp, admin.token);
    secondReviewer = await createAssignableReviewer(testApp, admin.token);
  }, 60_000);

  afterAll(() => testApp.close());

  beforeEach(() => clearRateLimits(testApp));

  const as = (who: Person) => actingAs(testApp, who);

  const submitPaper = async (): Promise<{ id: string; word: string }> => {
    await givePaidFee(testApp, author.id);
    const word = uniqueWord();
    let req = as(author).post('/api/papers');
    for (const [name, value] of Object.entries(submissionFields({ title: `Stages of a study ${word}` }))) req = req.field(name, value);
    const response = await req.attach('pdf', pdfBytes(3000, 'a'), { filename: 'first.pdf', contentType: 'application/pdf' }).expect(201);
    return { id: (response.body as { id: string }).id, word };
  };

  const assign = async (paperId: string, reviewer: Person): Promise<string> =>
    ((await as(admin).post('/api/admin/reviews').send({ paperId, reviewerId: reviewer.id }).expect(201)).body as { id: string }).id;

  const detailStage = async (paperId: string, who: Person = author): Promise<Stage> => ((await as(who).get(`/api/papers/${paperId}`).expect(200)).body as { stage: Stage }).stage;

  const mineStage = async (paperId: string): Promise<Stage | undefined> =>
    ((await as(author).get('/api/papers/mine').expect(200)).body as { id: string; stage: Stage }[]).find((row) => row.id === paperId)?.stage;

  const dashboard = async () => (await as(author).get('/api/papers/mine/dashboard').expect(200)).body as { revisionsRequested: number; recent: { id: string; stage: Stage }[] };

  /** The admin list, narrowed to the one paper by its unique word. */
  const adminRows = async (word: string, stage?: string) =>
    ((await as(admin).get('/api/admin/papers').query({ q: word, ...(stage ? { stage } : {}) }).expect(200)).body as { items: { id: string; status: string; stage: Stage }[] }).items;

  const stageCounts = async (): Promise<StageCounts> => ((await as(admin).get('/api/admin/papers/status-counts').expect(200)).body as { stages: StageCounts }).stages;

  /** The stage every DTO carries for the paper, all agreeing, and the admin filter finding it by that stage and no other. */
  const expectStageEverywhere = async (paper: { id: string; word: string }, expected: Partial<Stage> & { name: string }) => {
    const stage = await detailStage(paper.id);
    expect(stage).toMatchObject(expected);
    expect(await detailStage(paper.id, admin)).toEqual(stage);
    expect(await mineStage(paper.id)).toEqual(stage);
    expect((await dashboard()).recent.find((row) => row.id === paper.id)?.stage).toEqual(stage);
    const [row] = await adminRows(paper.word);
    expect(row.stage).toEqual(stage);
    expect((await adminRows(paper.word, expected.name)).map((found) => found.id)).toEqual([paper.id]);
    for (const other of ['submitted', 'awaiting_reviewer', 'in_review', 'revisions_requested', 'revised', 'accepted', 'published', 'rejected'].filter((name) => name !== expected.name)) {
      expect({ other, rows: await adminRows(paper.word, other) }).toEqual({ other, rows: [] });
    }
  };

  it('follows a paper from submission through a declined reviewer, a review, a revision and a decision', async () => {
    const counted = await stageCounts();
    const paper = await submitPaper();
    await expectStageEverywhere(paper, { name: 'submitted', round: 1, reviewsIn: null, reviewsExpected: null, dueAt: null });
    expect(await stageCounts()).toEqual({ ...counted, submitted: counted.submitted + 1 });

    const declined = await assign(paper.id, firstReviewer);
    await expectStageEverywhere(paper, { name: 'in_review', round: 1, reviewsIn: 0, reviewsExpected: 1 });
    await as(firstReviewer).post(`/api/reviews/${declined}/decline`).send({ declineReason: 'Too close to my own work.' }).expect(204);
    await expectStageEverywhere(paper, { name: 'awaiting_reviewer', round: 1 });
    expect(await stageCounts()).toEqual({ ...counted, awaiting_reviewer: counted.awaiting_reviewer + 1 });

    const reviewId = await assign(paper.id, secondReviewer);
    await as(secondReviewer)
      .post(`/api/reviews/${reviewId}/submit`)
      .send({ text: 'Careful work; the sample is small.', recommendation: 'minor_revisions', criteria: await rubricScores(testApp, 3) })
      .expect(200);
    await expectStageEverywhere(paper, { name: 'in_review', round: 1, reviewsIn: 1, reviewsExpected: 1 });

    const revisionsBefore = (await dashboard()).revisionsRequested;
    await as(admin).post(`/api/papers/${paper.id}/revision-requests`).send({ kind: 'minor', shareText: true, shareCriteria: false, dueAt: DUE_AT }).expect(201);
    await expectStageEverywhere(paper, { name: 'revisions_requested', round: 1, dueAt: DUE_AT, reviewsIn: null });
    expect((await dashboard()).revisionsRequested).toBe(revisionsBefore + 1);
    expect(await stageCounts()).toEqual({ ...counted, revisions_requested: counted.revisions_requested + 1 });
    // The status stays the spec's: the stage only adds.
    expect((await adminRows(paper.word))[0].status).toBe('submitted');

    await as(author)
      .post(`/api/papers/${paper.id}/revisions`)
      .field('responseLetter', 'We doubled the sample.')
      .attach('pdf', pdfBytes(4000, 'b'), { filename: 'revised.pdf', contentType: 'application/pdf' })
      .expect(201);
    await expectStageEverywhere(paper, { name: 'revised', round: 2, dueAt: null });
    expect((await dashboard()).revisionsRequested).toBe(revisionsBefore);
    expect(await stageCounts()).toEqual({ ...counted, revised: counted.revised + 1 });

    await assign(paper.id, firstReviewer);
    await expectStageEverywhere(paper, { name: 'in_review', round: 2, reviewsIn: 0, reviewsExpected: 1 });

    await as(admin).patch(`/api/papers/${paper.id}/status`).send({ status: 'accepted' }).expect(200);
    await expectStageEverywhere(paper, { name: 'accepted', round: 2, reviewsIn: null, reviewsExpected: null });
    expect(await stageCounts()).toEqual(counted);
  });

  it('a paper the editors move under review without a reviewer awaits one', async () => {
    const paper = await submitPaper();
    await as(admin).patch(`/api/papers/${paper.id}/status`).send({ status: 'under_review' }).expect(200);
    await expectStageEverywhere(paper, { name: 'awaiting_reviewer', round: 1 });
    await as(admin).patch(`/api/papers/${paper.id}/status`).send({ status: 'published' }).expect(200);
    await expectStageEverywhere(paper, { name: 'published' });
    // A visitor reads the published paper's stage too: nothing but the word and the round.
    const visitor = await createPerson(testApp);
    expect(await detailStage(paper.id, visitor)).toEqual({ name: 'published', round: 1, reviewsIn: null, reviewsExpected: null, dueAt: null });
  });

  it('filters by stage together with status and search, and refuses a stage that is not one', async () => {
    const paper = await submitPaper();
    expect((await as(admin).get('/api/admin/papers').query({ q: paper.word, stage: 'submitted', status: 'submitted' }).expect(200)).body).toMatchObject({ items: [{ id: paper.id }] });
    expect((await as(admin).get('/api/admin/papers').query({ q: paper.word, stage: 'submitted', status: 'under_review' }).expect(200)).body).toMatchObject({ items: [] });
    for (const stage of ['waiting', 'Submitted', 'under_review', '']) {
      const refused = (await as(admin).get('/api/admin/papers').query({ stage }).expect(400)).body as { code: string; message: string };
      expect(refused).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(refused.message).toContain('stage must be one of: submitted, awaiting_reviewer, in_review, revisions_requested, revised, accepted, published, rejected');
    }
    await as(author).get('/api/admin/papers').query({ stage: 'submitted' }).expect(403);
  });
});
