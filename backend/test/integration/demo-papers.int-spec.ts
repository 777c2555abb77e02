import { EntityManager } from '@mikro-orm/postgresql';
import request from 'supertest';
import { DEMO_PAPERS, DemoPapersSeeder } from '../../src/cli/seeders/demo-papers.seeder.js';
import { ResearchPaper } from '../../src/modules/manuscripts/entities/research-paper.entity.js';
import { StorageService } from '../../src/modules/storage/storage.service.js';
import { createAccount, sql } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('demo papers and the research_papers table', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('seeds the demo papers as published, once, however often it runs', async () => {
    const user = await createAccount(testApp);
    const seeder = testApp.app.get(DemoPapersSeeder);
    const ids = DEMO_PAPERS.map((paper) => paper.id);
    const em = testApp.app.get(EntityManager).fork();
    await em.nativeDelete(ResearchPaper, { id: { $in: ids } });

    expect(await seeder.seed(user.id)).toBe(DEMO_PAPERS.length);
    expect(await seeder.seed(user.id)).toBe(0);

    const papers = await em.fork().find(ResearchPaper, { id: { $in: ids } });
    expect(papers).toHaveLength(DEMO_PAPERS.length);
    for (const paper of papers) {
      expect(paper).toMatchObject({ status: 'published', userId: user.id });
      expect(paper.publishedAt).toBeInstanceOf(Date);
      expect(paper.pdfStorageKey).toBe(`${user.id}/${Date.parse(DEMO_PAPERS.find((demo) => demo.id === paper.id)!.publishedAt)}.pdf`);
      // A timeline that reads in order: submitted by the owner before it was published.
      const timeline = await sql<{ from_status: string | null; to_status: string; changed_by: string | null; changed_at: Date }>(
        testApp.app,
        'select from_status, to_status, changed_by, changed_at from paper_status_events where paper_id = ? order by changed_at',
        [paper.id],
      );
      expect(timeline.map((event) => [event.from_status, event.to_status, event.changed_by])).toEqual([
        [null, 'submitted', user.id],
        ['submitted', 'published', null],
      ]);
      expect(new Date(timeline[1].changed_at).getTime()).toBe(paper.publishedAt!.getTime());
      expect(paper.createdAt.getTime()).toBeLessThan(paper.publishedAt!.getTime());
    }
  });

  it('gives every demo paper a one-page PDF, and writes a missing one again', async () => {
    const user = await createAccount(testApp);
    await testApp.app.get(DemoPapersSeeder).seed(user.id);
    const [first] = await sql<{ id: string; pdf_storage_key: string }>(testApp.app, 'select id, pdf_storage_key from research_papers where id = ?', [DEMO_PAPERS[0].id]);
    const storage = testApp.app.get(StorageService);
    await storage.delete(first.pdf_storage_key);
    await testApp.app.get(DemoPapersSeeder).seed(user.id);
    expect(await storage.exists(first.pdf_storage_key)).toBe(true);
    for (const demo of DEMO_PAPERS) {
      const response = await request(testApp.server).get(`/api/papers/${demo.id}/pdf`).expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(Number(response.headers['content-length'])).toBeGreaterThan(800);
    }
  });

  it('refuses a published paper without a publication date, and a date on any other status', async () => {
    const user = await createAccount(testApp);
    const insert = (status: string, publishedAt: string | null) =>
      sql(
        testApp.app,
        "insert into research_papers (id, user_id, title, abstract, category, status, published_at) values (gen_random_uuid(), ?, 't', 'a', 'Biology', ?, ?)",
        [user.id, status, publishedAt],
      );
    await expect(insert('published', null)).rejects.toThrow(/research_papers_published_at_check/);
    await expect(insert('accepted', '2025-01-01T00:00:00Z')).rejects.toThrow(/research_papers_published_at_check/);
    await expect(insert('in_review', null)).rejects.toThrow(/research_papers_status_check/);
    await expect(insert('submitted', null)).resolves.toBeDefined();
  });
});
