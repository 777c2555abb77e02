import request from 'supertest';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

interface Criterion {
  name: string;
  hint: string;
}

interface ReviewCriterion extends Criterion {
  score: number | null;
  comment: string;
}

interface Review {
  id: string;
  status: string;
  submittedAt: string | null;
  criteria: ReviewCriterion[];
}

const DEFAULT_NAMES = ['Research question', 'Method', 'Use of evidence', 'Clarity of writing', 'Sources', 'Ethics'];

describe('the review rubric', () => {
  let testApp: TestApp;
  let admin: Person;
  let author: Person;
  let reviewer: Person;
  let defaults: Criterion[];

  beforeAll(async () => {
    testApp = await startTestApp();
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
    reviewer = await createAssignableReviewer(testApp, admin.token);
    defaults = await sql<Criterion>(testApp.app, 'select name, hint from review_criteria order by position, id');
  }, 60_000);

  // The suites share the database: leave the rubric as it was found.
  afterAll(async () => {
    await request(testApp.server).put('/api/admin/rubric').set('Authorization', `Bearer ${admin.token}`).send({ criteria: defaults });
    await testApp.close();
  });

  beforeEach(() => clearRateLimits(testApp));

  const as = (who: Person | null) => {
    const agent = request(testApp.server);
    const auth = (req: request.Test) => (who ? req.set('Authorization', `Bearer ${who.token}`) : req);
    return {
      get: (url: string) => auth(agent.get(url)),
      post: (url: string) => auth(agent.post(url)),
      put: (url: string) => auth(agent.put(url)),
    };
  };

  const replace = (criteria: unknown[]) => as(admin).put('/api/admin/rubric').send({ criteria });

  /** A fresh assignment of a new paper to the reviewer: its id. */
  const assignment = async (): Promise<string> => {
    const paper = await createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted, title: `Rubric study ${uniqueWord()}`, withPdf: true });
    return ((await as(admin).post('/api/admin/reviews').send({ paperId: paper.id, reviewerId: reviewer.id }).expect(201)).body as { id: string }).id;
  };

  const submitBody = (criteria: unknown) => ({ text: 'A careful study, clearly written.', recommendation: 'accept', criteria });

  it('starts with six criteria, each with a hint for reviewers of high-school work', async () => {
    expect(defaults.map((criterion) => criterion.name)).toEqual(DEFAULT_NAMES);
    for (const criterion of defaults) {
      expect(criterion.hint.length).toBeGreaterThan(20);
      expect(criterion.hint.length).toBeLessThanOrEqual(300);
    }
    expect(defaults[0].hint).toContain('answerable');
    const read = (await as(reviewer).get('/api/rubric').expect(200)).body as Criterion[];
    expect(read).toEqual(defaults);
    expect((await as(admin).get('/api/rubric').expect(200)).body).toEqual(defaults);
  });

  it('lets editors replace the list, in order; nobody else may, and visitors may not read it', async () => {
    try {
      const saved = (await replace([{ name: ' Question ', hint: 'Is it clear?' }, { name: 'Data' }]).expect(200)).body as Criterion[];
      expect(saved).toEqual([
        { name: 'Question', hint: 'Is it clear?' },
        { name: 'Data', hint: '' },
      ]);
      expect((await as(reviewer).get('/api/rubric').expect(200)).body).toEqual(saved);

      for (const who of [reviewer, author]) {
        const refused = await as(who).put('/api/admin/rubric').send({ criteria: [{ name: 'Mine' }] }).expect(403);
        expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
      }
      await as(null).put('/api/admin/rubric').send({ criteria: [{ name: 'Mine' }] }).expect(401);
      await as(author).get('/api/rubric').expect(403);
      await as(null).get('/api/rubric').expect(401);
      expect((await as(admin).get('/api/rubric').expect(200)).body).toEqual(saved);
    } finally {
      await replace(defaults).expect(200);
    }
  });

  it('refuses a bad list (400 VALIDATION_FAILED) and keeps the rubric as it was', async () => {
    const cases: [unknown, string][] = [
      [[], 'at least one criterion'],
      [Array.from({ length: 13 }, (_, index) => ({ name: `Criterion ${index}` })), 'at most 12 criteria'],
      [[{ name: 'Method' }, { name: 'method ' }], 'distinct'],
      [[{ name: 'Method' }, { name: '   ' }], 'needs a name'],
      [[{ name: 'x'.repeat(81) }], 'at most 80 characters'],
      [[{ name: 'Method', hint: 'x'.repeat(301) }], 'at most 300 characters'],
      [[{ name: 'Method', weight: 2 }], 'weight'],
    ];
    for (const [criteria, words] of cases) {
      const refused = await replace(criteria as unknown[]).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((refused.body as { message: string }).message).toContain(words);
    }
    await as(admin).put('/api/admin/rubric').send({}).expect(400);
    expect((await as(admin).get('/api/rubric').expect(200)).body).toEqual(defaults);
  });

  it('saves a draft with some scores; it shows the current rubric with them', async () => {
    const id = await assignment();
    const fresh = (await as(reviewer).get(`/api/reviews/${id}`).expect(200)).body as Review;
    expect(fresh.criteria).toEqual(defaults.map((criterion) => ({ ...criterion, score: null, comment: '' })));

    const draft = (
      await as(reviewer)
        .put(`/api/reviews/${id}/draft`)
        .send({ text: 'Half done', recommendation: null, criteria: [{ name: 'method', score: 3, comment: 'Say how many plants.' }, { name: 'Ethics', score: null }] })
        .expect(200)
    ).body as Review;
    expect(draft.criteria).toHaveLength(defaults.length);
    expect(draft.criteria[1]).toEqual({ name: 'Method', hint: defaults[1].hint, score: 3, comment: 'Say how many plants.' });
    expect(draft.criteria.filter((criterion) => criterion.score !== null)).toHaveLength(1);

    // Leaving the criteria out of a later save keeps them.
    const again = (await as(reviewer).put(`/api/reviews/${id}/draft`).send({ text: 'More', recommendation: null }).expect(200)).body as Review;
    expect(again.criteria).toEqual(draft.criteria);
  });

  it('refuses scores outside 1 to 5, non-integers, and a criterion named twice', async () => {
    const id = await assignment();
    for (const score of [0, 6, 2.5, '3', true]) {
      const refused = await as(reviewer).put(`/api/reviews/${id}/draft`).send({ text: 'x', recommendation: null, criteria: [{ name: 'Method', score }] }).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      const scores = (await rubricScores(testApp)).map((criterion) => (criterion.name === 'Method' ? { ...criterion, score } : criterion));
      await as(reviewer).post(`/api/reviews/${id}/submit`).send(submitBody(scores)).expect(400);
    }
    const twice = await as(reviewer).put(`/api/reviews/${id}/draft`).send({ text: 'x', recommendation: null, criteria: [{ name: 'Method', score: 2 }, { name: 'METHOD', score: 3 }] }).expect(400);
    expect((twice.body as { message: string }).message).toContain('distinct');
    await as(reviewer).put(`/api/reviews/${id}/draft`).send({ text: 'x', recommendation: null, criteria: [{ name: 'Method', score: 2, comment: 'x'.repeat(2001) }] }).expect(400);
    expect(await sql(testApp.app, "select 1 from paper_reviews where id = ? and status = 'assigned' and criteria is null", [id])).toHaveLength(1);
  });

  it('refuses to submit without a score for every criterion, naming what is missing; with them it submits', async () => {
    const id = await assignment();
    const all = await rubricScores(testApp);

    const missing = await as(reviewer).post(`/api/reviews/${id}/submit`).send(submitBody(all.filter((criterion) => criterion.name !== 'Ethics'))).expect(400);
    expect(missing.body).toMatchObject({ code: 'REVIEW_INCOMPLETE' });
    expect((missing.body as { message: string }).message).toContain('Ethics');

    const unscored = await as(reviewer).post(`/api/reviews/${id}/submit`).send(submitBody(all.map((criterion) => (criterion.name === 'Sources' ? { ...criterion, score: null } : criterion)))).expect(400);
    expect((unscored.body as { message: string }).message).toContain('Sources');

    const none = await as(reviewer).post(`/api/reviews/${id}/submit`).send({ text: 'A careful study.', recommendation: 'accept' }).expect(400);
    expect(none.body).toMatchObject({ code: 'REVIEW_INCOMPLETE' });

    const unknown = await as(reviewer).post(`/api/reviews/${id}/submit`).send(submitBody([...all, { name: 'Originality', score: 5 }])).expect(400);
    expect(unknown.body).toMatchObject({ code: 'REVIEW_INCOMPLETE' });
    expect((unknown.body as { message: string }).message).toContain('Originality');
    expect(await sql(testApp.app, 'select 1 from paper_reviews where id = ? and submitted_at is null', [id])).toHaveLength(1);

    const scored = all.map((criterion, index) => ({ name: criterion.name.toUpperCase(), score: (index % 5) + 1, comment: index === 0 ? 'Sharp question.' : undefined }));
    const done = (await as(reviewer).post(`/api/reviews/${id}/submit`).send(submitBody(scored)).expect(200)).body as Review;
    expect(done.status).toBe('submitted');
    expect(done.criteria).toEqual(defaults.map((criterion, index) => ({ ...criterion, score: (index % 5) + 1, comment: index === 0 ? 'Sharp question.' : '' })));
  });

  it('keeps the criteria of a submitted review after the rubric changes; a draft follows the rubric', async () => {
    const submittedId = await assignment();
    const draftId = await assignment();
    const submitted = (await as(reviewer).post(`/api/reviews/${submittedId}/submit`).send(submitBody(await rubricScores(testApp, 5))).expect(200)).body as Review;
    await as(reviewer)
      .put(`/api/reviews/${draftId}/draft`)
      .send({ text: 'Notes', recommendation: null, criteria: [{ name: 'Method', score: 2, comment: 'Repeat it.' }, { name: 'Ethics', score: 4 }] })
      .expect(200);

    try {
      await replace([{ name: 'Method', hint: 'New words for method.' }, { name: 'Originality', hint: 'Is it new to the student?' }]).expect(200);

      const reread = (await as(admin).get(`/api/reviews/${submittedId}`).expect(200)).body as Review;
      expect(reread.criteria).toEqual(submitted.criteria);
      expect(reread.criteria.map((criterion) => criterion.name)).toEqual(DEFAULT_NAMES);
      expect(reread.criteria[0].hint).toBe(defaults[0].hint);
      const paperId = (await sql<{ paper_id: string }>(testApp.app, 'select paper_id from paper_reviews where id = ?', [submittedId]))[0].paper_id;
      expect(((await as(admin).get(`/api/papers/${paperId}/review`).expect(200)).body as Review).criteria).toEqual(submitted.criteria);

      const draft = (await as(reviewer).get(`/api/reviews/${draftId}`).expect(200)).body as Review;
      expect(draft.criteria).toEqual([
        { name: 'Method', hint: 'New words for method.', score: 2, comment: 'Repeat it.' },
        { name: 'Originality', hint: 'Is it new to the student?', score: null, comment: '' },
      ]);
      // The draft's scores were written against the old rubric: submitting needs the new one.
      const refused = await as(reviewer).post(`/api/reviews/${draftId}/submit`).send(submitBody([{ name: 'Method', score: 2 }])).expect(400);
      expect((refused.body as { message: string }).message).toContain('Originality');
      const done = (await as(reviewer).post(`/api/reviews/${draftId}/submit`).send(submitBody([{ name: 'Method', score: 2 }, { name: 'Originality', score: 3 }])).expect(200)).body as Review;
      expect(done.criteria.map((criterion) => [criterion.name, criterion.score])).toEqual([
        ['Method', 2],
        ['Originality', 3],
      ]);
    } finally {
      await replace(defaults).expect(200);
    }
    expect(((await as(reviewer).get(`/api/reviews/${submittedId}`).expect(200)).body as Review).criteria).toEqual(submitted.criteria);
  });

  it('shows no criteria for a review submitted before the rubric, and reads it as before', async () => {
    const id = await assignment();
    await as(reviewer).post(`/api/reviews/${id}/submit`).send(submitBody(await rubricScores(testApp))).expect(200);
    await sql(testApp.app, 'update paper_reviews set criteria = null where id = ?', [id]);
    const old = (await as(reviewer).get(`/api/reviews/${id}`).expect(200)).body as Review;
    expect(old).toMatchObject({ status: 'submitted', criteria: [] });
    expect((await as(admin).get('/api/admin/reviews').expect(200)).body).toContainEqual(expect.objectContaining({ id, status: 'submitted' }));
  });
});
