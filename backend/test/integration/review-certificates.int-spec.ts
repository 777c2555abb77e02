import request from 'supertest';
import { extractText } from 'unpdf';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import { createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { createAssignableReviewer } from '../support/reviewers.js';
import { rubricScores } from '../support/rubric.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

/** A valid iD (its check digit included) that no other suite links. */
const ORCID_ID = '0000-0003-1415-9269';

/** The journal's default date style (JOURNAL_LOCALE en-US, JOURNAL_TIME_ZONE UTC), as every screen and e-mail writes a day. */
const DAY = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('review certificates', () => {
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
    // Every account is "Test Person": the reviewer's own name tells the certificate's apart from the author's.
    await rename(reviewer, 'Grace', 'Hopper');
  }, 60_000);

  afterAll(() => testApp.close());

  // Making reviewers accepts invitations, which share sign-up's rate limit.
  beforeEach(() => clearRateLimits(testApp));

  const rename = (person: Person, firstName: string, lastName: string) =>
    sql(testApp.app, 'update profiles set first_name = ?, last_name = ? where id = ?', [firstName, lastName, person.id]);

  const as = (who: Person | null) => {
    const auth = (req: request.Test) => (who ? req.set('Authorization', `Bearer ${who.token}`) : req);
    return {
      get: (url: string) => auth(request(testApp.server).get(url)),
      post: (url: string) => auth(request(testApp.server).post(url)),
    };
  };

  /** A paper by the author, assigned to the reviewer: the assignment's id. */
  async function assigned(to: Person = reviewer): Promise<{ id: string; title: string }> {
    const paper = await createPaper(testApp, {
      userId: author.id,
      status: PaperStatus.Submitted,
      title: `Tidal heating of icy moons ${uniqueWord()}`,
      category: 'Astrophysics',
      authors: [{ name: 'Rosalind Franklin', email: 'rosalind@example.org', school: 'King’s School' }],
    });
    const response = await as(admin).post('/api/admin/reviews').send({ paperId: paper.id, reviewerId: to.id }).expect(201);
    return { id: (response.body as { id: string }).id, title: paper.title };
  }

  async function submitted(to: Person = reviewer): Promise<{ id: string; title: string; submittedAt: Date }> {
    const review = await assigned(to);
    const response = await as(to).post(`/api/reviews/${review.id}/submit`).send({ text: 'A careful study, clearly written.', recommendation: 'accept', criteria: await rubricScores(testApp) }).expect(200);
    return { ...review, submittedAt: new Date((response.body as { submittedAt: string }).submittedAt) };
  }

  /** Collects the binary body, which supertest leaves unparsed for application/pdf. */
  const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };

  async function certificate(who: Person, reviewId: string): Promise<{ response: request.Response; text: string }> {
    const response = await as(who).get(`/api/reviews/${reviewId}/certificate`).buffer(true).parse(binary).expect(200);
    const { text } = await extractText(new Uint8Array(response.body as Buffer), { mergePages: true });
    return { response, text: text.replace(/\s+/g, ' ') };
  }

  it('gives the reviewer of a submitted review a PDF naming them, the journal and the day, and not the paper or its author', async () => {
    const review = await submitted();
    const { response, text } = await certificate(reviewer, review.id);

    const day = DAY.format(review.submittedAt);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=review-certificate-${review.submittedAt.toISOString().slice(0, 10)}.pdf`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((response.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect(text).toContain('Certificate of Peer Review');
    expect(text).toContain('This certifies that');
    expect(text).toContain('Grace Hopper');
    expect(text).toContain(`reviewed a manuscript for ${config.journal.name}`);
    expect(text).toContain(day);
    expect(text).not.toContain('ORCID');
    for (const secret of [review.title, 'Tidal heating', 'Astrophysics', 'Rosalind Franklin', 'Test Person', author.email]) expect(text).not.toContain(secret);
  });

  it('gives the linked ORCID iD', async () => {
    const review = await submitted();
    expect(await testApp.app.get(UsersService).linkOrcid(reviewer.id, { id: ORCID_ID, name: 'Grace Hopper' })).toBe('linked');
    try {
      const { text } = await certificate(reviewer, review.id);
      expect(text).toContain(`ORCID iD: https://orcid.org/${ORCID_ID}`);
    } finally {
      await testApp.app.get(UsersService).unlinkOrcid(reviewer.id);
    }
  });

  it('refuses a review not yet submitted (409), and hides it from everyone but its reviewer', async () => {
    const draft = await assigned();
    const refused = await as(reviewer).get(`/api/reviews/${draft.id}/certificate`).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, code: 'REVIEW_NOT_SUBMITTED', message: 'The certificate is available once you have submitted this review.' });

    const review = await submitted();
    await as(otherReviewer).get(`/api/reviews/${review.id}/certificate`).expect(404);
    await as(author).get(`/api/reviews/${review.id}/certificate`).expect(404);
    expect((await as(admin).get(`/api/reviews/${review.id}/certificate`).expect(403)).body).toMatchObject({ code: 'FORBIDDEN' });
    await as(null).get(`/api/reviews/${review.id}/certificate`).expect(401);
    await as(reviewer).get('/api/reviews/00000000-0000-4000-8000-000000000000/certificate').expect(404);
    await as(reviewer).get('/api/reviews/not-a-uuid/certificate').expect(404);
  });

  it('is gone once the reviewer has declined the assignment', async () => {
    const declined = await assigned();
    await as(reviewer).post(`/api/reviews/${declined.id}/decline`).send({ declineReason: 'I know the authors.' }).expect(204);
    await as(reviewer).get(`/api/reviews/${declined.id}/certificate`).expect(404);
  });

  it('draws a name the standard fonts cannot encode as near as they can, rather than failing', async () => {
    const unusual = await createAssignableReviewer(testApp, admin.token);
    await rename(unusual, 'Zoë Łukasz', '李 Ştefan');
    const review = await submitted(unusual);
    const { text } = await certificate(unusual, review.id);
    expect(text).toContain('Zoë Lukasz ? Stefan');
  });
});
