import request from 'supertest';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { encodePaperCursor } from '../../src/modules/catalogue/list/paper-cursor.js';
import { createAccount, signIn, sql } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Card {
  id: string;
  title: string;
  authors: { name: string; school: string | null }[];
  abstract: string;
  category: string;
  publishedAt: string;
  school: string | null;
  pdfUrl: string | null;
  opensPdfDirectly: boolean;
}
interface Page {
  items: Card[];
  nextCursor: string | null;
}

describe('papers: public reading', () => {
  let testApp: TestApp;
  let owner: { id: string; email: string; password: string };

  beforeAll(async () => {
    testApp = await startTestApp();
    owner = await createAccount(testApp);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const list = (query: Record<string, string | number>) => request(testApp.server).get('/api/papers').query(query);
  const titlesOf = (response: request.Response) => (response.body as Page).items.map((item) => item.title).sort();

  describe('search', () => {
    const word = uniqueWord();
    const titles = {
      sediment: `Microplastics in River Sediment ${word}`,
      author: `Bee Navigation in Gardens ${word}`,
      abstract: `Light and Growth ${word}`,
      percent: `A 100% Solar School ${word}`,
    };

    beforeAll(async () => {
      await createPaper(testApp, { userId: owner.id, title: titles.sediment, abstract: 'Counting particles by density separation.' });
      await createPaper(testApp, {
        userId: owner.id,
        title: titles.author,
        authors: [
          { name: 'Ana Lopez', email: 'ana@example.org', school: 'North High' },
          { name: 'Bartholomew Xylander', email: 'bart@example.org', school: 'South High' },
        ],
      });
      await createPaper(testApp, { userId: owner.id, title: titles.abstract, abstract: 'Basil seedlings and their photosynthesis under LED panels.' });
      await createPaper(testApp, { userId: owner.id, title: titles.percent });
      // Not published: never found by the list.
      await createPaper(testApp, { userId: owner.id, title: `Hidden Sediment ${word}`, status: PaperStatus.Submitted });
    });

    it.each([
      ['a title word', 'sediment', ['sediment']],
      ['a word prefix', 'SEDIM', ['sediment']],
      ['a part inside a word', 'ediment', ['sediment']],
      ['an author’s name, any case', 'xylander', ['author']],
      ['part of an author’s name', 'YLAND', ['author']],
      ['a co-author’s first name', 'ana', ['author']],
      ['an abstract word', 'photosynthesis', ['abstract']],
      ['part of an abstract word', 'tosynth', ['abstract']],
      ['a literal percent sign', '%', ['percent']],
      ['a word with punctuation typed around it', '"Sediment",', ['sediment']],
      ['an author list as a card shows it', 'Ana Lopez, Bartholomew Xylander', ['author']],
      ['several words in any field', 'basil growth', ['abstract']],
      ['a word with punctuation inside, by its parts anywhere', 'separation.counting', ['sediment']],
    ] as const)('finds %s', async (_label, term, expected) => {
      const response = await list({ q: `${word} ${term}` }).expect(200);
      expect(titlesOf(response)).toEqual(expected.map((key) => titles[key]).sort());
    });

    it('matches a query of parts shorter than three characters at the start of a word only', async () => {
      const titlesFor = async (q: string) => titlesOf(await list({ q, limit: 50 }).expect(200));
      expect(await titlesFor('xy')).toContain(titles.author);
      expect(await titlesFor('Xy, ba')).toContain(titles.author);
      expect(await titlesFor('yl')).not.toContain(titles.author);
      expect(await titlesFor('10')).toContain(titles.percent);
      expect(await titlesFor('00')).not.toContain(titles.percent);
    });

    it('leaves out parts shorter than three characters when the query has a longer one (docs/api.md)', async () => {
      expect(titlesOf(await list({ q: `${word} zz` }).expect(200))).toEqual(Object.values(titles).sort());
    });

    it('uses the first eight parts of a long query and ignores the rest (docs/api.md)', async () => {
      const eight = `${word} river sediment counting particles by density separation microplastics`;
      expect(titlesOf(await list({ q: `${eight} nowhere` }).expect(200))).toEqual([titles.sediment]);
      expect(titlesOf(await list({ q: `${word} river sediment nowhere` }).expect(200))).toEqual([]);
    });

    it('matches the unique word itself case-insensitively, published papers only', async () => {
      const response = await list({ q: word.toUpperCase() }).expect(200);
      expect(titlesOf(response)).toEqual(Object.values(titles).sort());
    });

    it.each(['_', "'", '"', '& | ! : *', '\\', "'); drop table research_papers; --", '(a|b)', '<->', 'a:*', '!!!', '%_%'])(
      'treats %j as text, not syntax',
      async (term) => {
        const response = await list({ q: `${word} ${term}` }).expect(200);
        expect((response.body as Page).items.every((item) => item.title.includes(word))).toBe(true);
        await list({ q: term }).expect(200);
      },
    );

    it('never shows authors’ e-mails', async () => {
      const response = await list({ q: word }).expect(200);
      expect(JSON.stringify(response.body)).not.toContain('@example.org');
      const card = (response.body as Page).items.find((item) => item.title === titles.author)!;
      expect(card.authors).toEqual([
        { name: 'Ana Lopez', school: 'North High' },
        { name: 'Bartholomew Xylander', school: 'South High' },
      ]);
      expect(card.school).toBe('North High');
    });
  });

  describe('category filter and the display rules', () => {
    const word = uniqueWord();

    beforeAll(async () => {
      await createPaper(testApp, { userId: owner.id, title: `A Hopfield Network for Melodies ${word}`, category: 'Computer Science', withPdf: true });
      await createPaper(testApp, { userId: owner.id, title: `Early Signs of Alzheimer’s Disease ${word}`, category: 'Chemistry' });
      await createPaper(testApp, { userId: owner.id, title: `Sorting on Small Devices ${word}`, category: 'Computer Science' });
      await createPaper(testApp, { userId: owner.id, title: `Yeast Fermentation ${word}`, category: 'Biology' });
      await createPaper(testApp, { userId: owner.id, title: `Imported Preprint ${word}`, category: 'Physics', sourceId: `arxiv-${word}`, withPdf: true });
      await createPaper(testApp, { userId: owner.id, title: `Imported Without File ${word}`, category: 'Physics', sourceId: `arxiv-${word}-2` });
    });

    it('counts the special titles as Biology and not as their stored category', async () => {
      expect(titlesOf(await list({ q: word, category: 'Biology' }).expect(200))).toEqual(
        [`A Hopfield Network for Melodies ${word}`, `Early Signs of Alzheimer’s Disease ${word}`, `Yeast Fermentation ${word}`].sort(),
      );
      expect(titlesOf(await list({ q: word, category: 'Computer Science' }).expect(200))).toEqual([`Sorting on Small Devices ${word}`]);
      expect(titlesOf(await list({ q: word, category: 'Chemistry' }).expect(200))).toEqual([]);
      expect((await list({ q: word, category: 'All Categories' }).expect(200)).body.items).toHaveLength(6);
    });

    it('shows them as Biology, October 2024, opening the PDF when there is one', async () => {
      const items = (await list({ q: word }).expect(200)).body.items as Card[];
      const byTitle = (prefix: string) => items.find((item) => item.title.startsWith(prefix))!;
      expect(byTitle('A Hopfield')).toMatchObject({ category: 'Biology', publishedAt: '2024-10-01T00:00:00.000Z', opensPdfDirectly: true });
      expect(byTitle('A Hopfield').pdfUrl).toBe(`/api/papers/${byTitle('A Hopfield').id}/pdf`);
      expect(byTitle('Early Signs')).toMatchObject({ category: 'Biology', publishedAt: '2024-10-01T00:00:00.000Z', pdfUrl: null, opensPdfDirectly: false });
      expect(byTitle('Imported Preprint')).toMatchObject({ category: 'Physics', opensPdfDirectly: true });
      expect(byTitle('Imported Without File')).toMatchObject({ pdfUrl: null, opensPdfDirectly: false });
      expect(byTitle('Sorting')).toMatchObject({ category: 'Computer Science', opensPdfDirectly: false });
    });
  });

  describe('order and keyset pagination', () => {
    const word = uniqueWord();
    let expectedIds: string[];

    beforeAll(async () => {
      const created: { id: string; at: string }[] = [];
      const tie = '2025-03-01T10:00:00.123456Z';
      for (let i = 0; i < 31; i += 1) {
        const paper = await createPaper(testApp, { userId: owner.id, title: `Paper ${i} ${word}`, category: i % 2 ? 'Physics' : 'Chemistry' });
        // Eleven papers share one timestamp (to the microsecond); the rest are a second apart.
        const at = i % 3 === 0 ? tie : new Date(Date.UTC(2025, 2, 1, 9, 0, i)).toISOString();
        await sql(testApp.app, 'update research_papers set published_at = ?::timestamptz where id = ?', [at, paper.id]);
        created.push({ id: paper.id, at });
      }
      expectedIds = created
        .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : Date.parse(b.at) - Date.parse(a.at)))
        .map((paper) => paper.id);
    });

    it('lists newest first, ties by id', async () => {
      const response = await list({ q: word, limit: 50 }).expect(200);
      expect((response.body as Page).items.map((item) => item.id)).toEqual(expectedIds);
      expect(response.body.nextCursor).toBeNull();
    });

    it.each([1, 4, 7, 12, 31])('walks every page of %i without skipping or repeating', async (limit) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await list({ q: word, limit, ...(cursor ? { cursor } : {}) }).expect(200);
        const page = response.body as Page;
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 100);
      expect(seen).toEqual(expectedIds);
      expect(pages).toBe(Math.ceil(expectedIds.length / limit));
    });

    it('paginates a filtered list too', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = (await list({ q: word, category: 'Physics', limit: 4, ...(cursor ? { cursor } : {}) }).expect(200)).body as Page;
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(15);
      expect(seen).toEqual(expectedIds.filter((id) => seen.includes(id)));
    });

    it('uses 12 as the default page size', async () => {
      const response = await list({ q: word }).expect(200);
      expect(response.body.items).toHaveLength(12);
      expect(typeof response.body.nextCursor).toBe('string');
    });
  });

  describe('validation', () => {
    it.each([
      ['a cursor with other characters', { cursor: 'abc!' }],
      ['a cursor that decodes to nothing useful', { cursor: Buffer.from('hello').toString('base64url') }],
      ['a cursor with a bad date', { cursor: Buffer.from('2025-13-45T99:00:00Z|6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01').toString('base64url') }],
      ['a limit of 0', { limit: 0 }],
      ['a limit of 51', { limit: 51 }],
      ['a limit that is not a number', { limit: 'ten' }],
      ['a fractional limit', { limit: 2.5 }],
      ['an unknown category', { category: 'Astrology' }],
      ['an unknown parameter', { sort: 'title' }],
      ['a very long query', { q: 'x'.repeat(201) }],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_label, query) => {
      const response = await list(query).expect(400);
      expect(response.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String) });
    });

    it('accepts a well-formed cursor that points past every paper', async () => {
      const cursor = encodePaperCursor({ publishedAt: '1970-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' });
      expect((await list({ cursor }).expect(200)).body).toEqual({ items: [], nextCursor: null });
    });
  });

  describe('visibility of a paper and its PDF', () => {
    let hidden: string;
    let published: string;
    let withoutFile: string;
    let tokens: { owner: string; other: string; admin: string; reviewer: string };

    beforeAll(async () => {
      const author = await createAccount(testApp);
      const other = await createAccount(testApp);
      const admin = await createAccount(testApp, { role: 'admin' });
      const reviewer = await createAccount(testApp, { role: 'reviewer' });
      hidden = (await createPaper(testApp, { userId: author.id, title: 'Under Review: Tardigrades & "Heat" <Stress>', status: PaperStatus.UnderReview, keywords: 'tardigrades', withPdf: true })).id;
      published = (await createPaper(testApp, { userId: author.id, title: 'Published: Bee Navigation / Part 2', withPdf: true })).id;
      withoutFile = (await createPaper(testApp, { userId: author.id, title: 'Published Without File' })).id;
      tokens = {
        owner: (await signIn(testApp, author.email, author.password)).accessToken,
        other: (await signIn(testApp, other.email, other.password)).accessToken,
        admin: (await signIn(testApp, admin.email, admin.password)).accessToken,
        reviewer: (await signIn(testApp, reviewer.email, reviewer.password)).accessToken,
      };
    });

    const get = (path: string, token?: string) => {
      const call = request(testApp.server).get(path);
      return token ? call.set('Cookie', `access_token=${token}`) : call;
    };
    const expectNotFound = (response: request.Response) =>
      expect(response.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String) });

    it('shows a published paper to a visitor, with status and keywords, without e-mails', async () => {
      const response = await get(`/api/papers/${published}`).expect(200);
      expect(response.body).toMatchObject({ id: published, status: 'published', keywords: null, pdfUrl: `/api/papers/${published}/pdf`, opensPdfDirectly: false });
      expect(JSON.stringify(response.body)).not.toContain('@');
    });

    it('hides an unpublished paper and its PDF from visitors, other authors and reviewers (404, not 403)', async () => {
      for (const token of [undefined, tokens.other, tokens.reviewer]) {
        expectNotFound(await get(`/api/papers/${hidden}`, token).expect(404));
        expectNotFound(await get(`/api/papers/${hidden}/pdf`, token).expect(404));
      }
    });

    it('shows an unpublished paper and its PDF to its owner and to admins', async () => {
      for (const token of [tokens.owner, tokens.admin]) {
        const response = await get(`/api/papers/${hidden}`, token).expect(200);
        expect(response.body).toMatchObject({ id: hidden, status: 'under_review', publishedAt: null, keywords: 'tardigrades' });
        const pdf = await get(`/api/papers/${hidden}/pdf`, token).expect(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
      }
    });

    it('serves the PDF inline with a safe file name and nosniff', async () => {
      const response = await get(`/api/papers/${published}/pdf`).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('inline; filename="Published Bee Navigation Part 2.pdf"');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const body = response.body as Buffer;
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(Number(response.headers['content-length'])).toBe(body.length);
    });

    it('strips quotes and markup from the file name', async () => {
      const response = await get(`/api/papers/${hidden}/pdf`, tokens.owner).expect(200);
      expect(response.headers['content-disposition']).toBe('inline; filename="Under Review Tardigrades Heat Stress.pdf"');
    });

    it('answers 404 for a paper without a file, an unknown id and a malformed id', async () => {
      expectNotFound(await get(`/api/papers/${withoutFile}/pdf`).expect(404));
      expectNotFound(await get('/api/papers/00000000-0000-4000-8000-000000000000').expect(404));
      expectNotFound(await get('/api/papers/00000000-0000-4000-8000-000000000000/pdf').expect(404));
      expectNotFound(await get('/api/papers/not-a-uuid').expect(404));
      expectNotFound(await get('/api/papers/not-a-uuid/pdf').expect(404));
    });
  });
});
