import request from 'supertest';
import { createPerson, type Person, sql } from '../support/accounts.js';
import { pdfBytes, submitPaperAs } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

interface RoundReview {
  reviewer: string;
  mine: boolean;
  status: string;
  recommendation: string | null;
  text: string | null;
  criteria: { name: string; score: number | null; comment: string }[];
  declineReason: string | null;
  sharedWithAuthor: boolean;
}

interface Rounds {
  currentRound: number;
  openRequest: { id: string; round: number; kind: string; dueAt: string; editorNote: string; responseLetter: string | null } | null;
  canRequestRevisions: boolean;
  rounds: {
    round: number;
    version: number;
    pdfUrl: string;
    reviews: RoundReview[];
    revisionRequest: { kind: string; editorNote: string; responseLetter: string | null; respondedAt: string | null } | null;
  }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('review rounds and revision requests', () => {
  let testApp: TestApp;
  let admin: Person;
  let author: Person;
  let stranger: Person;
  let firstReviewer: Person;
  let secondReviewer: Person;

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    stranger = await createPerson(testApp);
    firstReviewer = await createAssignableReviewer(testApp, admin.token);
    secondReviewer = await createAssignableReviewer(testApp, admin.token);
  }, 60_000);

  afterAll(() => testApp.close());

  beforeEach(() => clearRateLimits(testApp));

  const as = (who: Person | null) => {
    const agent = request(testApp.server);
    const auth = (req: request.Test) => (who ? req.set('Authorization', `Bearer ${who.token}`) : req);
    return { get: (url: string) => auth(agent.get(url)), post: (url: string) => auth(agent.post(url)) };
  };

  const submitPaper = () => submitPaperAs(testApp, author);

  const assign = async (paperId: string, reviewer: Person): Promise<string> =>
    ((await as(admin).post('/api/admin/reviews').send({ paperId, reviewerId: reviewer.id }).expect(201)).body as { id: string }).id;

  const submitReview = async (reviewId: string, reviewer: Person, text: string) =>
    as(reviewer)
      .post(`/api/reviews/${reviewId}/submit`)
      .send({ text, recommendation: 'minor_revisions', criteria: (await rubricScores(testApp, 3)).map((row) => ({ ...row, comment: `About ${row.name}` })) })
      .expect(200);

  const requestRevisions = (paperId: string, body: Record<string, unknown> = {}) =>
    as(admin).post(`/api/papers/${paperId}/revision-requests`).send({ kind: 'minor', editorNote: 'Please tighten the method.', shareText: true, shareCriteria: true, ...body });

  const submitRevision = (paperId: string, who: Person, letter: string | undefined, pdf: Buffer | null = pdfBytes(4000, 'b')) => {
    let req = as(who).post(`/api/papers/${paperId}/revisions`);
    if (letter !== undefined) req = req.field('responseLetter', letter);
    if (pdf) req = req.attach('pdf', pdf, { filename: 'revised.pdf', contentType: 'application/pdf' });
    return req;
  };

  const roundsAs = async (who: Person, paperId: string): Promise<Rounds> => (await as(who).get(`/api/papers/${paperId}/rounds`).expect(200)).body as Rounds;

  const mails = (template: string, paperTitle: string) =>
    sql<{ recipient: string; data: Record<string, unknown> }>(testApp.app, "select recipient, data from outbox_mails where template = ? and data->>'title' = ?", [template, paperTitle]);

  /** A paper whose round 1 review by the first reviewer is submitted. */
  const reviewedPaper = async () => {
    const paper = await submitPaper();
    const reviewId = await assign(paper.id, firstReviewer);
    await submitReview(reviewId, firstReviewer, 'The question is good; the sample is small.');
    return { ...paper, reviewId };
  };

  it('needs a submitted review of the current round before revisions can be requested, and one open request at a time', async () => {
    const paper = await submitPaper();
    expect((await requestRevisions(paper.id).expect(409)).body).toMatchObject({ code: 'REVISION_NEEDS_REVIEW' });
    const reviewId = await assign(paper.id, firstReviewer);
    expect((await requestRevisions(paper.id).expect(409)).body).toMatchObject({ code: 'REVISION_NEEDS_REVIEW' });
    await submitReview(reviewId, firstReviewer, 'Solid work.');

    const created = (await requestRevisions(paper.id).expect(201)).body as { round: number; kind: string; dueAt: string };
    expect(created).toMatchObject({ round: 1, kind: 'minor' });
    // Minor revisions are due in 14 days by default.
    expect(Math.round((Date.parse(created.dueAt) - Date.now()) / DAY_MS)).toBe(14);
    expect((await requestRevisions(paper.id, { kind: 'major' }).expect(409)).body).toMatchObject({ code: 'REVISION_ALREADY_REQUESTED' });
    const [told] = await mails('revisions-requested', paper.title);
    expect(told).toMatchObject({ recipient: author.email, data: expect.objectContaining({ revisions: 'minor revisions' }) });
  });

  it('refuses malformed requests with 400 and lets only editors ask', async () => {
    const paper = await reviewedPaper();
    for (const body of [{ kind: 'huge' }, { shareText: 'yes' }, { shareCriteria: undefined }, { dueAt: new Date(Date.now() - DAY_MS).toISOString() }]) {
      expect((await requestRevisions(paper.id, body).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await as(author).post(`/api/papers/${paper.id}/revision-requests`).send({ kind: 'minor', shareText: true, shareCriteria: true }).expect(403);
    await as(firstReviewer).post(`/api/papers/${paper.id}/revision-requests`).send({ kind: 'minor', shareText: true, shareCriteria: true }).expect(403);
    await as(stranger).post(`/api/papers/${paper.id}/revision-requests`).send({ kind: 'minor', shareText: true, shareCriteria: true }).expect(404);
    expect(await sql(testApp.app, 'select id from revision_requests where paper_id = ?', [paper.id])).toHaveLength(0);
  });

  it('shows the author only what the editors shared, as "Reviewer 1", never the name or the recommendation', async () => {
    const paper = await reviewedPaper();
    const before = await roundsAs(author, paper.id);
    expect(before.rounds[0].reviews).toEqual([]);

    await requestRevisions(paper.id, { shareText: false, shareCriteria: true }).expect(201);
    const shared = await roundsAs(author, paper.id);
    const [review] = shared.rounds[0].reviews;
    expect(review.reviewer).toBe('Reviewer 1');
    expect(review.text).toBeNull();
    expect(review.recommendation).toBeNull();
    expect(review.criteria.length).toBeGreaterThan(0);
    expect(review.criteria[0]).toMatchObject({ score: 3, comment: expect.stringMatching(/^About /) });
    expect(JSON.stringify(shared)).not.toContain(firstReviewer.email);
    expect(JSON.stringify(shared)).not.toContain('Test Person');
    expect(shared.openRequest).toMatchObject({ kind: 'minor', editorNote: 'Please tighten the method.' });
    expect(shared.canRequestRevisions).toBe(false);

    // The editors see everything, names and recommendation included.
    const editors = await roundsAs(admin, paper.id);
    expect(editors.rounds[0].reviews[0]).toMatchObject({ text: 'The question is good; the sample is small.', recommendation: 'minor_revisions', sharedWithAuthor: true });
    expect(editors.rounds[0].reviews[0].reviewer).not.toMatch(/^Reviewer \d/);
    await as(stranger).get(`/api/papers/${paper.id}/rounds`).expect(404);
  });

  it('shares the text alone when the editors choose it', async () => {
    const paper = await reviewedPaper();
    await requestRevisions(paper.id, { shareText: true, shareCriteria: false }).expect(201);
    const [review] = (await roundsAs(author, paper.id)).rounds[0].reviews;
    expect(review).toMatchObject({ reviewer: 'Reviewer 1', text: 'The question is good; the sample is small.', criteria: [] });
  });

  it('takes the revised PDF and a letter from the author only, opening round 2 under review', async () => {
    const paper = await reviewedPaper();
    expect((await submitRevision(paper.id, author, 'Too early').expect(409)).body).toMatchObject({ code: 'REVISION_NOT_REQUESTED' });
    await requestRevisions(paper.id).expect(201);

    expect((await submitRevision(paper.id, author, '   ').expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await submitRevision(paper.id, author, undefined).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await submitRevision(paper.id, author, 'No file', null).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    await submitRevision(paper.id, author, 'Not a PDF', Buffer.from('hello, not a pdf at all')).expect(415);
    await submitRevision(paper.id, admin, 'An editor cannot answer for the author').expect(403);
    await submitRevision(paper.id, firstReviewer, 'Nor can the reviewer').expect(403);
    expect(await sql(testApp.app, 'select version from paper_files where paper_id = ?', [paper.id])).toHaveLength(1);

    const answered = (await submitRevision(paper.id, author, 'We doubled the sample and rewrote the method.').expect(201)).body as { respondedAt: string };
    expect(answered.respondedAt).toEqual(expect.any(String));
    const [state] = await sql<{ round: number; status: string }>(testApp.app, 'select round, status from research_papers where id = ?', [paper.id]);
    expect(state).toEqual({ round: 2, status: 'under_review' });
    const versions = await sql<{ version: number }>(testApp.app, 'select version from paper_files where paper_id = ? order by version', [paper.id]);
    expect(versions.map((row) => row.version)).toEqual([1, 2]);
    expect(await mails('revision-submitted', paper.title)).toContainEqual(expect.objectContaining({ recipient: admin.email, data: expect.objectContaining({ round: 2 }) }));
    // Answered once: a second answer has nothing to answer.
    expect((await submitRevision(paper.id, author, 'Again').expect(409)).body).toMatchObject({ code: 'REVISION_NOT_REQUESTED' });

    const rounds = await roundsAs(author, paper.id);
    expect(rounds.currentRound).toBe(2);
    expect(rounds.rounds.map((round) => [round.round, round.version])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(rounds.rounds[0].revisionRequest).toMatchObject({ responseLetter: 'We doubled the sample and rewrote the method.' });
  });

  it('numbers the rounds: round 2 is assignable again, to the same reviewer, who sees the earlier round, the letter and both PDFs', async () => {
    const paper = await reviewedPaper();
    await requestRevisions(paper.id).expect(201);
    // Not assignable while the author revises: round 1 has its review.
    const offeredBefore = (await as(admin).get('/api/admin/reviews/assignable-papers').expect(200)).body as { id: string }[];
    expect(offeredBefore.map((row) => row.id)).not.toContain(paper.id);
    await submitRevision(paper.id, author, 'Answered every point.').expect(201);

    const offered = (await as(admin).get('/api/admin/reviews/assignable-papers').expect(200)).body as { id: string; round: number }[];
    expect(offered).toContainEqual(expect.objectContaining({ id: paper.id, round: 2 }));
    const secondRoundReview = await assign(paper.id, firstReviewer);
    const [row] = await sql<{ round: number }>(testApp.app, 'select round from paper_reviews where id = ?', [secondRoundReview]);
    expect(row.round).toBe(2);
    // The e-mails about round 2 name it: the assignment's and, once the review is in, the editors'.
    const assigned = (await mails('review-assigned', paper.title)).map((mail) => mail.data.round);
    expect(assigned.sort()).toEqual([1, 2]);
    expect((await as(firstReviewer).get(`/api/reviews/${secondRoundReview}`).expect(200)).body).toMatchObject({ round: 2 });

    const seen = await roundsAs(firstReviewer, paper.id);
    expect(seen.rounds.map((round) => round.round)).toEqual([1, 2]);
    expect(seen.rounds[0].reviews[0]).toMatchObject({ mine: true, text: 'The question is good; the sample is small.' });
    expect(seen.rounds[0].revisionRequest).toMatchObject({ responseLetter: 'Answered every point.' });
    const first = await as(firstReviewer).get(`/api/papers/${paper.id}/rounds/1/pdf`).expect(200);
    const second = await as(firstReviewer).get(`/api/papers/${paper.id}/rounds/2/pdf`).expect(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(Number(first.headers['content-length'])).toBe(3000);
    expect(Number(second.headers['content-length'])).toBe(4000);
    await as(firstReviewer).get(`/api/papers/${paper.id}/rounds/3/pdf`).expect(404);
    await as(firstReviewer).get(`/api/papers/${paper.id}/rounds/0/pdf`).expect(404);
    await as(firstReviewer).get(`/api/papers/${paper.id}/rounds/abc/pdf`).expect(404);
    await as(stranger).get(`/api/papers/${paper.id}/rounds/1/pdf`).expect(404);
  });

  describe('one way to send a new PDF', () => {
    const uploadVersion = (paperId: string) =>
      as(author).post(`/api/papers/${paperId}/versions`).attach('pdf', pdfBytes(2500, 'u'), { filename: 'updated.pdf', contentType: 'application/pdf' });
    const versionsOf = async (paperId: string) =>
      (await sql<{ version: number }>(testApp.app, 'select version from paper_files where paper_id = ? order by version', [paperId])).map((row) => row.version);
    const windowSeenBy = async (who: Person, paperId: string) =>
      ((await as(who).get(`/api/papers/${paperId}`).expect(200)).body as { actions: { versionUpload: string } }).actions.versionUpload;

    it('refuses a new version while the round is in review, until the review is in', async () => {
      const paper = await submitPaper();
      // Before any assignment, versions work as before.
      expect(await windowSeenBy(author, paper.id)).toBe('open');
      await uploadVersion(paper.id).expect(201);

      const reviewId = await assign(paper.id, firstReviewer);
      expect(await windowSeenBy(author, paper.id)).toBe('inReview');
      const refused = await uploadVersion(paper.id).expect(409);
      expect(refused.body).toEqual({
        statusCode: 409,
        code: 'VERSION_IN_REVIEW',
        message: 'Your paper is being reviewed; you can upload a new version once the review is in or the editors ask for revisions.',
      });
      // A draft is still a round in review.
      await request(testApp.server).put(`/api/reviews/${reviewId}/draft`).set('Authorization', `Bearer ${firstReviewer.token}`).send({ text: 'Half way.' }).expect(200);
      expect((await uploadVersion(paper.id).expect(409)).body).toMatchObject({ code: 'VERSION_IN_REVIEW' });
      expect(await versionsOf(paper.id)).toEqual([1, 2]);

      await submitReview(reviewId, firstReviewer, 'Sound.');
      expect(await windowSeenBy(author, paper.id)).toBe('open');
      await uploadVersion(paper.id).expect(201);
      expect(await versionsOf(paper.id)).toEqual([1, 2, 3]);
    });

    it('takes a new PDF only as the revision while revisions are requested, and again as before once it is sent', async () => {
      const paper = await reviewedPaper();
      await requestRevisions(paper.id).expect(201);
      expect(await windowSeenBy(author, paper.id)).toBe('revisionRequested');
      const refused = await uploadVersion(paper.id).expect(409);
      expect(refused.body).toMatchObject({ statusCode: 409, code: 'VERSION_REVISION_REQUESTED' });
      expect((refused.body as { message: string }).message).toContain('Submit Your Revision');
      expect(await versionsOf(paper.id)).toEqual([1]);

      await submitRevision(paper.id, author, 'Answered.').expect(201);
      // Round 2 has no reviewer yet: an upload is as before, and becomes the PDF round 2 is reviewed on.
      expect(await windowSeenBy(author, paper.id)).toBe('open');
      await uploadVersion(paper.id).expect(201);
      expect(await versionsOf(paper.id)).toEqual([1, 2, 3]);
    });

    it('lets a declined or withdrawn assignment of the round, or one of an earlier round, leave uploads open', async () => {
      const paper = await reviewedPaper();
      await requestRevisions(paper.id).expect(201);
      await submitRevision(paper.id, author, 'Answered.').expect(201);

      const declined = await assign(paper.id, secondReviewer);
      expect((await uploadVersion(paper.id).expect(409)).body).toMatchObject({ code: 'VERSION_IN_REVIEW' });
      await as(secondReviewer).post(`/api/reviews/${declined}/decline`).send({ declineReason: 'Too close to my own work.' }).expect(204);
      expect((await mails('review-declined', paper.title)).map((mail) => mail.data.round)).toContainEqual(2);
      await uploadVersion(paper.id).expect(201);

      const withdrawn = await assign(paper.id, firstReviewer);
      expect(await windowSeenBy(author, paper.id)).toBe('inReview');
      await request(testApp.server).delete(`/api/admin/reviews/${withdrawn}`).set('Authorization', `Bearer ${admin.token}`).expect(204);
      expect(await windowSeenBy(author, paper.id)).toBe('open');
      await uploadVersion(paper.id).expect(201);
    });
  });

  it('lets a new reviewer of round 2 see round 1 anonymously, and keeps every round in order for the editors', async () => {
    const paper = await reviewedPaper();
    await requestRevisions(paper.id, { kind: 'major' }).expect(201);
    await submitRevision(paper.id, author, 'Rebuilt the experiment.').expect(201);
    const reviewId = await assign(paper.id, secondReviewer);

    const seen = await roundsAs(secondReviewer, paper.id);
    expect(seen.rounds[0].reviews[0]).toMatchObject({ reviewer: 'Reviewer 1', mine: false, recommendation: null });
    expect(seen.rounds[1].reviews).toEqual([]);

    await submitReview(reviewId, secondReviewer, 'Much better now.');
    expect((await mails('review-submitted', paper.title)).map((mail) => mail.data.round)).toEqual(expect.arrayContaining([1, 2]));
    const editors = await roundsAs(admin, paper.id);
    expect(editors.rounds.map((round) => round.reviews.map((review) => review.text))).toEqual([['The question is good; the sample is small.'], ['Much better now.']]);
    expect(editors.rounds[0].revisionRequest).toMatchObject({ kind: 'major', responseLetter: 'Rebuilt the experiment.' });
    expect(editors.canRequestRevisions).toBe(true);
    // The first reviewer, not assigned in round 2, sees only round 1 (their own round).
    const firstSees = await roundsAs(firstReviewer, paper.id);
    expect(firstSees.rounds.map((round) => round.round)).toEqual([1]);
  });
});
