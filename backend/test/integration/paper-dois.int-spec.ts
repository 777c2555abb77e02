import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { DoiAssignment } from '../../src/modules/dois/doi-assignment.chore.js';
import { PaperDoisService } from '../../src/modules/dois/paper-dois.service.js';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PREFIX = '10.5555';
/** `10.5555/ysj.<year>.<number, at least five digits>` */
const DOI_PATTERN = /^10\.5555\/ysj\.\d{4}\.\d{5,}$/;

const doiOf = async (testApp: TestApp, id: string) => (await sql<{ doi: string | null }>(testApp.app, 'select doi from research_papers where id = ?', [id]))[0]?.doi ?? null;

describe('licences and DOIs (issue 17)', () => {
  let testApp: TestApp;
  let config: AppConfig;
  let admin: Person;
  let author: Person;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { CROSSREF_DOI_PREFIX: PREFIX, JOURNAL_SHORT_NAME: 'YSJ', JOURNAL_LICENSE: 'CC-BY-SA-4.0', JOURNAL_ISSN: '2049-3630' } });
    config = testApp.app.get<AppConfig>(APP_CONFIG);
    admin = await createPerson(testApp, 'admin');
    author = await createPerson(testApp);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const as = (who: Person | null) => actingAs(testApp, who);
  const publish = (id: string) => as(admin).patch(`/api/papers/${id}/status`).send({ status: 'published' }).expect(200);

  it('gives a paper its DOI when it is published, once, and keeps it if it is withdrawn and published again', async () => {
    const paper = await createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted });
    const submitted = await as(author).get(`/api/papers/${paper.id}`).expect(200);
    expect(submitted.body.doi).toBeNull();

    const published = await publish(paper.id);
    const doi = published.body.paper.doi as string;
    expect(doi).toMatch(DOI_PATTERN);
    expect(doi).toContain(`.${new Date().getUTCFullYear()}.`);
    expect(await doiOf(testApp, paper.id)).toBe(doi);

    await as(admin).patch(`/api/papers/${paper.id}/status`).send({ status: 'rejected' }).expect(200);
    await publish(paper.id);
    expect(await doiOf(testApp, paper.id)).toBe(doi);
  });

  it('numbers DOIs so that no two papers share one', async () => {
    const papers = await Promise.all([1, 2, 3].map(() => createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted })));
    await Promise.all(papers.map((paper) => publish(paper.id)));
    const dois = await Promise.all(papers.map((paper) => doiOf(testApp, paper.id)));
    expect(new Set(dois).size).toBe(3);
    for (const doi of dois) expect(doi).toMatch(DOI_PATTERN);
  });

  it('the DOI chore gives one to papers published before the prefix was set, and to no unpublished paper', async () => {
    const earlier = await createPaper(testApp, { userId: author.id, publishedAt: new Date('2024-02-03T04:05:06Z') });
    const unpublished = await createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted });
    expect(await doiOf(testApp, earlier.id)).toBeNull();

    const chore = new DoiAssignment(testApp.app.get(PaperDoisService));
    expect(await chore.run()).toBeGreaterThanOrEqual(1);
    expect(await doiOf(testApp, earlier.id)).toMatch(/^10\.5555\/ysj\.2024\.\d{5,}$/);
    expect(await doiOf(testApp, unpublished.id)).toBeNull();
    // Run again: nothing left to give, and nothing changes.
    const before = await doiOf(testApp, earlier.id);
    expect(await chore.run()).toBe(0);
    expect(await doiOf(testApp, earlier.id)).toBe(before);
  });

  it('a paper is submitted under the journal licence of the day, shown in its API once published, and its APA reference cites the DOI', async () => {
    await givePaidFee(testApp, author.id);
    let submission = request(testApp.server).post('/api/papers').set('Authorization', `Bearer ${author.token}`);
    for (const [name, value] of Object.entries(submissionFields())) submission = submission.field(name, value);
    const submitted = await submission.attach('pdf', pdfBytes(), { filename: 'paper.pdf', contentType: 'application/pdf' }).expect(201);
    const id = submitted.body.id as string;
    expect(submitted.body.license.id).toBe('CC-BY-SA-4.0');
    await publish(id);
    const detail = await request(testApp.server).get(`/api/papers/${id}`).expect(200);
    expect(detail.body.license).toEqual({
      id: 'CC-BY-SA-4.0',
      label: 'CC BY-SA 4.0',
      name: 'Creative Commons Attribution-ShareAlike 4.0 International',
      url: 'https://creativecommons.org/licenses/by-sa/4.0/',
    });
    const apa = await request(testApp.server).get(`/api/papers/${id}/citation`).query({ format: 'apa' }).expect(200);
    expect(apa.text).toContain(`https://doi.org/${detail.body.doi as string}`);
    // The page's reference too (formatted once per change and kept): it follows the DOI.
    expect((await request(testApp.server).get(`/api/papers/${id}/citation`).query({ format: 'mla' }).expect(200)).text).toContain('doi.org');
  });

  describe('GET /api/papers/:id/crossref-deposit', () => {
    const deposit = (who: Person | null, id: string) => as(who).get(`/api/papers/${id}/crossref-deposit`);

    it('gives the editors the deposit XML of a published paper, naming its DOI, page, licence and journal', async () => {
      const paper = await createPaper(testApp, {
        userId: author.id,
        status: PaperStatus.Submitted,
        title: 'Tides & <moons>',
        authors: [{ name: 'Maya Chen', email: 'maya@example.org', school: 'Lincoln High School' }],
      });
      await publish(paper.id);
      const doi = await doiOf(testApp, paper.id);
      const response = await deposit(admin, paper.id).expect(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename=crossref-${doi!.split('/')[1]}.xml`);
      expect(response.headers['cache-control']).toBe('no-store');
      const batch = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(response.text).doi_batch;
      const article = batch.body.journal.journal_article;
      expect(article.doi_data).toMatchObject({ doi, resource: `${config.http.publicUrl}/papers/${paper.id}` });
      expect(article.titles.title).toBe('Tides & <moons>');
      expect(article.contributors.person_name).toMatchObject({ given_name: 'Maya', surname: 'Chen' });
      // Created straight in the database, so under the column's default licence.
      expect(article['ai:program']['ai:license_ref']['#text']).toBe('https://creativecommons.org/licenses/by/4.0/');
      expect(batch.body.journal.journal_metadata.issn['#text']).toBe('2049-3630');
    });

    it('is the editors’ alone, and only for a published paper', async () => {
      const published = await createPaper(testApp, { userId: author.id });
      const submitted = await createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted });
      await deposit(null, published.id).expect(401);
      await deposit(author, published.id).expect(403);
      const conflict = await deposit(admin, submitted.id).expect(409);
      expect(conflict.body.message).toBe('Only a published paper can be registered with Crossref');
      await deposit(admin, '00000000-0000-4000-8000-000000000000').expect(404);
      await deposit(admin, 'not-an-id').expect(404);
      // A published paper that the chore has not reached yet gets its DOI now.
      expect(await doiOf(testApp, published.id)).toBeNull();
      await deposit(admin, published.id).expect(200);
      expect(await doiOf(testApp, published.id)).toMatch(DOI_PATTERN);
    });
  });
});

describe('a journal without a Crossref prefix', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { CROSSREF_DOI_PREFIX: undefined } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('gives no DOIs, and says why the deposit cannot be had', async () => {
    const admin = await createPerson(testApp, 'admin');
    const author = await createPerson(testApp);
    const paper = await createPaper(testApp, { userId: author.id, status: PaperStatus.Submitted });
    const published = await actingAs(testApp, admin).patch(`/api/papers/${paper.id}/status`).send({ status: 'published' }).expect(200);
    expect(published.body.paper.doi).toBeNull();
    expect(published.body.paper.license.id).toBe('CC-BY-4.0');
    const response = await actingAs(testApp, admin).get(`/api/papers/${paper.id}/crossref-deposit`).expect(409);
    expect(response.body.message).toBe('The journal has no Crossref DOI prefix: set CROSSREF_DOI_PREFIX to give papers DOIs');
  });
});
