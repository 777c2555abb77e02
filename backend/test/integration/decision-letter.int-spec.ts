import request from 'supertest';
import { createPerson, type Person, sql } from '../support/accounts.js';
import { submitPaperAs } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

interface RoundsForEditor {
  rounds: { reviews: { reviewer: string; sharedWithAuthor: boolean; text: string | null }[] }[];
}

describe('the decision letter: its preview and the e-mails that carry it', () => {
  let testApp: TestApp;
  let admin: Person;
  let author: Person;
  let reviewer: Person;

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    reviewer = await createAssignableReviewer(testApp, admin.token);
  }, 60_000);

  afterAll(() => testApp.close());

  beforeEach(() => clearRateLimits(testApp));

  const as = (who: Person) => {
    const agent = request(testApp.server);
    const auth = (req: request.Test) => req.set('Authorization', `Bearer ${who.token}`);
    return { get: (url: string) => auth(agent.get(url)), post: (url: string) => auth(agent.post(url)), patch: (url: string) => auth(agent.patch(url)) };
  };

  const submitPaper = () => submitPaperAs(testApp, author);

  /** A paper whose round 1 review is submitted, with the review's id. */
  const reviewedPaper = async () => {
    const paper = await submitPaper();
    const reviewId = ((await as(admin).post('/api/admin/reviews').send({ paperId: paper.id, reviewerId: reviewer.id }).expect(201)).body as { id: string }).id;
    const criteria = (await rubricScores(testApp, 4)).map((row) => ({ ...row, comment: `About ${row.name}` }));
    await as(reviewer).post(`/api/reviews/${reviewId}/submit`).send({ text: 'The question is good; the sample is small.', recommendation: 'minor_revisions', criteria }).expect(200);
    return { ...paper, reviewId, criterion: criteria[0].name };
  };

  const reviewerName = async (paperId: string): Promise<string> => ((await as(admin).get(`/api/papers/${paperId}/rounds`).expect(200)).body as RoundsForEditor).rounds[0].reviews[0].reviewer;

  const preview = (who: Person, paperId: string, body: Record<string, unknown>) => as(who).post(`/api/papers/${paperId}/decision-letter/preview`).send(body);

  const mailsOf = (template: string, title: string) =>
    sql<{ recipient: string; data: { letter?: string } }>(testApp.app, "select recipient, data from outbox_mails where template = ? and data->>'title' = ?", [template, title]);

  it('previews the letter for the editors: the note, then the shared review as "Reviewer 1", never its reviewer', async () => {
    const paper = await reviewedPaper();
    const name = await reviewerName(paper.id);
    expect(name).not.toBe('');
    const response = await preview(admin, paper.id, { decision: 'accepted', editorNote: 'A careful study.', sharedReviewIds: [paper.reviewId] }).expect(200);
    const { letter } = response.body as { letter: string };
    expect(letter).toContain('A note from the editors:\n\nA careful study.');
    expect(letter).toContain("Reviewer 1's review:\n\nThe question is good; the sample is small.");
    expect(letter).toContain(`- ${paper.criterion}: 4/5. About ${paper.criterion}`);
    expect(letter).not.toContain(name);
    expect(letter).not.toContain(reviewer.email);

    const textOnly = (await preview(admin, paper.id, { decision: 'minor_revisions', sharedReviewIds: [paper.reviewId], shareCriteria: false }).expect(200)).body as { letter: string };
    expect(textOnly.letter).not.toContain('Scores:');
    expect(textOnly.letter).toContain('Please answer each point');
    // Nothing written, nothing shared: no letter, and the e-mail is the usual one.
    expect((await preview(admin, paper.id, { decision: 'rejected' }).expect(200)).body).toEqual({ letter: '' });
    // A preview records and sends nothing.
    expect(await mailsOf('paper-accepted', paper.title)).toEqual([]);
    expect(await sql(testApp.app, "select id from paper_status_events where paper_id = ? and to_status = 'accepted'", [paper.id])).toEqual([]);
  });

  it('lets only the editors preview, and quotes only submitted reviews of the current round', async () => {
    const paper = await reviewedPaper();
    expect((await preview(author, paper.id, { decision: 'accepted', editorNote: 'x' }).expect(403)).body).toMatchObject({ code: 'FORBIDDEN' });
    await preview(reviewer, paper.id, { decision: 'accepted' }).expect(403);
    for (const body of [{ decision: 'published' }, { decision: 'accepted', sharedReviewIds: ['not-an-id'] }, { decision: 'accepted', editorNote: 'x'.repeat(10_001) }]) {
      expect((await preview(admin, paper.id, body).expect(400)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // A review of another paper, or one not submitted, is refused rather than left out.
    const other = await submitPaper();
    const pending = ((await as(admin).post('/api/admin/reviews').send({ paperId: other.id, reviewerId: reviewer.id }).expect(201)).body as { id: string }).id;
    for (const [paperId, reviewId] of [[other.id, paper.reviewId], [other.id, pending]]) {
      const refused = await preview(admin, paperId, { decision: 'accepted', sharedReviewIds: [reviewId] }).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: "A shared review must be a submitted review of the paper's current round" });
    }
  });

  it('sends the previewed letter with the decision, and the usual e-mail when the editors add nothing', async () => {
    const paper = await reviewedPaper();
    const body = { editorNote: 'A careful study.', sharedReviewIds: [paper.reviewId] };
    const { letter } = (await preview(admin, paper.id, { decision: 'accepted', ...body }).expect(200)).body as { letter: string };
    await as(admin).patch(`/api/papers/${paper.id}/status`).send({ status: 'accepted', ...body }).expect(200);
    const [accepted] = await mailsOf('paper-accepted', paper.title);
    expect(accepted).toMatchObject({ recipient: author.email, data: { letter } });
    expect(letter).not.toContain(await reviewerName(paper.id));
    // What the letter quoted, the author reads on the paper's page too, unnamed.
    const feedback = (await as(author).get(`/api/papers/${paper.id}/rounds`).expect(200)).body as { rounds: { reviews: { reviewer: string; text: string | null }[] }[] };
    expect(feedback.rounds[0].reviews).toEqual([expect.objectContaining({ reviewer: 'Reviewer 1', text: 'The question is good; the sample is small.' })]);

    // An existing call, the status alone: no letter, and nothing shared.
    const plain = await reviewedPaper();
    await as(admin).patch(`/api/papers/${plain.id}/status`).send({ status: 'rejected' }).expect(200);
    expect((await mailsOf('paper-rejected', plain.title))[0]).toMatchObject({ data: { letter: '' } });
    const nothingShared = (await as(author).get(`/api/papers/${plain.id}/rounds`).expect(200)).body as { rounds: { reviews: unknown[] }[] };
    expect(nothingShared.rounds.flatMap((round) => round.reviews)).toEqual([]);

    // A review that may not be shared refuses the decision: nothing recorded, nothing sent.
    const refused = await reviewedPaper();
    await as(admin).patch(`/api/papers/${refused.id}/status`).send({ status: 'rejected', sharedReviewIds: [paper.reviewId] }).expect(400);
    expect(await mailsOf('paper-rejected', refused.title)).toEqual([]);
    const [row] = await sql<{ status: string }>(testApp.app, 'select status from research_papers where id = ?', [refused.id]);
    expect(row.status).toBe('submitted');
  });

  it('sends the letter with a revision request: the note and the review as the author may read it', async () => {
    const paper = await reviewedPaper();
    const body = { kind: 'major', editorNote: 'Please enlarge the sample.', shareText: true, shareCriteria: false };
    const { letter } = (await preview(admin, paper.id, { decision: 'major_revisions', editorNote: body.editorNote, sharedReviewIds: [paper.reviewId], shareCriteria: false }).expect(200))
      .body as { letter: string };
    // Without a choice of reviews, the preview of a revision request quotes the round's reviews, as the request shares them.
    const byDefault = (await preview(admin, paper.id, { decision: 'major_revisions', editorNote: body.editorNote, shareCriteria: false }).expect(200)).body as { letter: string };
    expect(byDefault.letter).toBe(letter);
    await as(admin).post(`/api/papers/${paper.id}/revision-requests`).send(body).expect(201);
    const [told] = await mailsOf('revisions-requested', paper.title);
    // Without a choice of reviews, the round's review is the one shared, as before letters.
    expect(told.data.letter).toBe(letter);
    expect(letter).toContain('Please enlarge the sample.');
    expect(letter).toContain('The question is good; the sample is small.');
    expect(letter).not.toContain('Scores:');

    // Shared with no review chosen: the author reads none, and the letter quotes only the note.
    const unshared = await reviewedPaper();
    await as(admin).post(`/api/papers/${unshared.id}/revision-requests`).send({ ...body, sharedReviewIds: [] }).expect(201);
    const [plain] = await mailsOf('revisions-requested', unshared.title);
    expect(plain.data.letter).toBe('A note from the editors:\n\nPlease enlarge the sample.\n\nPlease answer each point in the response letter you send with your revised paper.');
    const seen = (await as(author).get(`/api/papers/${unshared.id}/rounds`).expect(200)).body as RoundsForEditor;
    expect(seen.rounds[0].reviews).toEqual([]);
  });
});
