import request from 'supertest';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Page {
  items: { id: string; title: string }[];
  nextCursor: string | null;
}

const STRONG_TAG = /^"[A-Za-z0-9_-]{27}"$/;

/**
 * ETags and Cache-Control on the public reads (docs/api.md, Papers), and the list's cache of
 * pages (papers/paper-list-cache.service.ts) seen from outside: two API processes on one
 * database, as behind the proxy, and a third with the cache turned off.
 */
describe('papers: caching of public reads', () => {
  let api: TestApp;
  let otherApi: TestApp;
  let uncachedApi: TestApp;
  let admin: Person;
  let author: Person;

  beforeAll(async () => {
    api = await startTestApp();
    otherApi = await startTestApp();
    uncachedApi = await startTestApp({ env: { PAPERS_LIST_CACHE_MB: '0' } });
    admin = await createPerson(api, 'admin');
    author = await createPerson(api);
  });

  afterAll(async () => {
    await Promise.all([api, otherApi, uncachedApi].map((testApp) => testApp?.close()));
  });

  const firstPage = (testApp: TestApp, ifNoneMatch?: string) => {
    const call = request(testApp.server).get('/api/papers').query({ limit: 50 });
    return ifNoneMatch ? call.set('If-None-Match', ifNoneMatch) : call;
  };
  const idsOf = (response: request.Response) => (response.body as Page).items.map((item) => item.id);
  const decide = (testApp: TestApp, paperId: string, status: string) =>
    actingAs(testApp, admin).patch(`/api/papers/${paperId}/status`).send({ status }).expect(200);

  describe('the list', () => {
    it('has a strong ETag and Cache-Control: public, no-cache, the same for a signed-in caller and on every process', async () => {
      const visitor = await firstPage(api).expect(200);
      expect(visitor.headers.etag).toMatch(STRONG_TAG);
      expect(visitor.headers['cache-control']).toBe('public, no-cache');
      expect(visitor.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(visitor.headers.vary).toBeUndefined();

      const signedIn = await firstPage(api).set('Cookie', `access_token=${author.token}`).expect(200);
      expect(signedIn.headers.etag).toBe(visitor.headers.etag);
      expect(signedIn.headers['cache-control']).toBe('public, no-cache');
      expect(signedIn.text).toBe(visitor.text);

      for (const testApp of [otherApi, uncachedApi]) {
        const elsewhere = await firstPage(testApp).expect(200);
        expect(elsewhere.headers.etag).toBe(visitor.headers.etag);
        expect(elsewhere.text).toBe(visitor.text);
      }
    });

    it('answers 304 without a body when If-None-Match names the ETag, with or without the cache', async () => {
      for (const testApp of [api, uncachedApi]) {
        const { etag } = (await firstPage(testApp).expect(200)).headers as { etag: string };
        for (const ifNoneMatch of [etag, `W/${etag}`, `"elsewhere", ${etag}`, '*']) {
          const response = await firstPage(testApp, ifNoneMatch).expect(304);
          expect(response.text).toBe('');
          expect(response.headers.etag).toBe(etag);
          expect(response.headers['cache-control']).toBe('public, no-cache');
        }
        await firstPage(testApp, '"elsewhere"').expect(200);
      }
    });

    it('shows a paper published or unpublished through either API at once, on both, with a new ETag', async () => {
      const paper = await createPaper(api, { userId: author.id, status: PaperStatus.Accepted });
      // Both processes hold the first page before the decision.
      const before = await firstPage(api).expect(200);
      await firstPage(api).expect(200);
      await firstPage(otherApi).expect(200);
      expect(idsOf(before)).not.toContain(paper.id);

      await decide(api, paper.id, PaperStatus.Published);
      const published: request.Response[] = [];
      for (const testApp of [api, otherApi]) {
        const response = await firstPage(testApp, before.headers.etag).expect(200);
        expect(idsOf(response)).toContain(paper.id);
        expect(response.headers.etag).not.toBe(before.headers.etag);
        published.push(response);
      }
      expect(published[1].headers.etag).toBe(published[0].headers.etag);

      await decide(otherApi, paper.id, PaperStatus.Rejected);
      for (const testApp of [api, otherApi]) {
        const response = await firstPage(testApp, published[0].headers.etag).expect(200);
        expect(idsOf(response)).not.toContain(paper.id);
      }
    });

    it('shows a change written to the database without the API (a seed, SQL by hand) at once too', async () => {
      const warm = async () => {
        for (const testApp of [api, otherApi]) await firstPage(testApp).expect(200);
      };
      await warm();
      const paper = await createPaper(api, { userId: author.id, title: 'Written Straight to the Database' });
      for (const testApp of [api, otherApi]) expect(idsOf(await firstPage(testApp).expect(200))).toContain(paper.id);

      await sql(api.app, "update research_papers set title = 'Edited by Hand' where id = ?", [paper.id]);
      for (const testApp of [api, otherApi]) {
        const item = (await firstPage(testApp).expect(200)).body as Page;
        expect(item.items.find((card) => card.id === paper.id)?.title).toBe('Edited by Hand');
      }

      await sql(api.app, 'delete from research_papers where id = ?', [paper.id]);
      for (const testApp of [api, otherApi]) expect(idsOf(await firstPage(testApp).expect(200))).not.toContain(paper.id);
    });

    it('sends a 400 for a bad query without caching headers', async () => {
      const response = await request(api.server).get('/api/papers').query({ limit: 0 }).expect(400);
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBeUndefined();
    });
  });

  describe('a paper', () => {
    let published: string;
    let unpublished: string;

    beforeAll(async () => {
      published = (await createPaper(api, { userId: author.id })).id;
      unpublished = (await createPaper(api, { userId: author.id, status: PaperStatus.UnderReview })).id;
    });

    const detail = (id: string, who: Person | null, how: 'cookie' | 'bearer' = 'cookie') => {
      const call = request(api.server).get(`/api/papers/${id}`);
      if (!who) return call;
      return how === 'cookie' ? call.set('Cookie', `access_token=${who.token}`) : call.set('Authorization', `Bearer ${who.token}`);
    };

    it('is public, no-cache for a visitor, with an ETag, and varies with the credentials', async () => {
      const response = await detail(published, null).expect(200);
      expect(response.headers.etag).toMatch(STRONG_TAG);
      expect(response.headers['cache-control']).toBe('public, no-cache');
      expect(response.headers.vary).toBe('Authorization, Cookie');
      const again = await detail(published, null).set('If-None-Match', response.headers.etag).expect(304);
      expect(again.text).toBe('');
    });

    it('is private for a signed-in caller, by cookie or bearer token, published or not', async () => {
      for (const [id, how] of [[published, 'cookie'], [published, 'bearer'], [unpublished, 'cookie']] as const) {
        const response = await detail(id, author, how).expect(200);
        expect(response.headers['cache-control']).toBe('private, no-cache');
        expect(response.headers.vary).toBe('Authorization, Cookie');
        expect(response.headers.etag).toMatch(STRONG_TAG);
      }
      const visitor = await detail(published, null).expect(200);
      const owner = await detail(published, author).expect(200);
      expect(owner.headers.etag).not.toBe(visitor.headers.etag);
    });

    it('never answers 304 to a caller who may not see the paper', async () => {
      const { etag } = (await detail(unpublished, author).expect(200)).headers as { etag: string };
      await detail(unpublished, null).set('If-None-Match', etag).expect(404);
      await detail(unpublished, null).set('If-None-Match', '*').expect(404);
    });

    it('leaves the signed-in caller’s own lists unmarked for shared caches', async () => {
      const response = await request(api.server).get('/api/papers/mine').set('Cookie', `access_token=${author.token}`).expect(200);
      expect(response.headers['cache-control'] ?? '').not.toContain('public');
    });
  });
});
