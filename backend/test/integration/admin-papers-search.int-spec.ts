import { EntityManager } from '@mikro-orm/postgresql';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { actingAs, createPerson, type Person, sql } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface AdminRow {
  id: string;
  title: string;
  status: string;
  pendingVersions: number;
}
interface AdminPage {
  items: AdminRow[];
  nextCursor: string | null;
}

describe('GET /api/admin/papers?q=: search by title, author name or e-mail, with the status filter and pages', () => {
  let testApp: TestApp;
  let admin: Person;
  let owner: Person;
  let other: Person;
  /** The suite's own word, in every title below, so no other suite's papers match. */
  const word = uniqueWord('ttl');
  const surname = uniqueWord('Nom');
  const ownerSurname = uniqueWord('Own');
  const coauthorMail = `${uniqueWord('mail')}@school.example`;
  const ids: Record<string, string> = {};

  const as = (who: Person | null) => actingAs(testApp, who);
  const search = async (query: string): Promise<AdminPage> => (await as(admin).get(`/api/admin/papers?${query}`).expect(200)).body as AdminPage;
  /** Every page of a search, two rows at a time. */
  const walk = async (query: string): Promise<AdminRow[]> => {
    const rows: AdminRow[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminPage = await search(`limit=2&${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      rows.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return rows;
  };
  const idsOf = (rows: AdminRow[]) => rows.map((row) => row.id);

  beforeAll(async () => {
    testApp = await startTestApp();
    [admin, owner, other] = await Promise.all([createPerson(testApp, 'admin'), createPerson(testApp), createPerson(testApp)]);
    await sql(testApp.app, 'update profiles set first_name = ?, last_name = ? where id = ?', ['Grace', ownerSurname, owner.id]);
    const paper = async (key: string, input: { title: string; status: PaperStatus; userId: string; authors?: { name: string; email: string; school: string }[] }, minutesAgo: number) => {
      const created = await createPaper(testApp, { ...input, publishedAt: input.status === PaperStatus.Published ? new Date() : null });
      await sql(testApp.app, 'update research_papers set created_at = ? where id = ?', [new Date(Date.now() - minutesAgo * 60_000), created.id]);
      ids[key] = created.id;
    };
    const plain = [{ name: 'Ada Lovelace', email: 'ada@example.org', school: 'S' }];
    await paper('titled', { title: `Soil ${word} Bacteria`, status: PaperStatus.Submitted, userId: other.id, authors: plain }, 1);
    await paper('byName', { title: `Rivers ${word}`, status: PaperStatus.Published, userId: other.id, authors: [{ name: `Jo ${surname}`, email: 'jo@example.org', school: 'S' }] }, 2);
    await paper('byMail', { title: `Clouds ${word}`, status: PaperStatus.Submitted, userId: other.id, authors: [...plain, { name: 'Co Author', email: coauthorMail, school: 'S' }] }, 3);
    await paper('byOwner', { title: `Tides ${word}`, status: PaperStatus.Accepted, userId: owner.id, authors: plain }, 4);
    for (let index = 0; index < 5; index += 1) {
      await paper(`many${index}`, { title: `Series ${index} ${word}`, status: index % 2 === 0 ? PaperStatus.Submitted : PaperStatus.Rejected, userId: other.id, authors: plain }, 10 + index);
    }
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('finds a paper by a partial word of its title, case-insensitively', async () => {
    const found = await search(`q=${encodeURIComponent(`SOIL ${word.slice(0, -2).toUpperCase()}`)}`);
    expect(idsOf(found.items)).toEqual([ids.titled]);
  });

  it("finds papers by an author's name or e-mail, and by the owner's account e-mail or profile name", async () => {
    expect(idsOf((await search(`q=${surname.toLowerCase().slice(1)}`)).items)).toEqual([ids.byName]);
    expect(idsOf((await search(`q=${encodeURIComponent(coauthorMail.toUpperCase())}`)).items)).toEqual([ids.byMail]);
    expect(idsOf((await search(`q=${encodeURIComponent(owner.email)}`)).items)).toEqual([ids.byOwner]);
    expect(idsOf((await search(`q=${encodeURIComponent(`grace ${ownerSurname}`)}`)).items)).toEqual([ids.byOwner]);
    // Every word must match: the owner's name and a word of another paper's title find nothing.
    expect((await search(`q=${encodeURIComponent(`${ownerSurname} rivers`)}`)).items).toEqual([]);
    // LIKE's wildcards are searched as typed, not as wildcards.
    expect((await search(`q=${encodeURIComponent(`${word.slice(0, 4)}_${word.slice(5)}`)}`)).items).toEqual([]);
    expect((await search(`q=${encodeURIComponent(`${word.slice(0, 4)}%${word.slice(6)}`)}`)).items).toEqual([]);
  });

  it('combines the search with the status filter, and pages through the matches newest first without skipping or repeating', async () => {
    const all = await walk(`q=${word}`);
    const expected = ['titled', 'byName', 'byMail', 'byOwner', 'many0', 'many1', 'many2', 'many3', 'many4'].map((key) => ids[key]);
    expect(idsOf(all)).toEqual(expected);
    const submitted = await walk(`q=${word}&status=submitted`);
    expect(idsOf(submitted)).toEqual(['titled', 'byMail', 'many0', 'many2', 'many4'].map((key) => ids[key]));
    expect(submitted.every((row) => row.status === 'submitted')).toBe(true);
    expect(idsOf(await walk(`q=${word}&status=published`))).toEqual([ids.byName]);
    expect(all.every((row) => row.pendingVersions === 0)).toBe(true);
  });

  it('treats an empty q as no search, and refuses a q longer than 200 characters with a 400', async () => {
    const everything = await search('limit=5');
    expect(await search('limit=5&q=')).toEqual(everything);
    expect(await search('limit=5&q=%20%20')).toEqual(everything);
    const tooLong = await as(admin).get(`/api/admin/papers?q=${'a'.repeat(201)}`).expect(400);
    expect(tooLong.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringContaining('q must be at most 200 characters') });
    await as(admin).get(`/api/admin/papers?q=${'a'.repeat(200)}`).expect(200);
    await as(owner).get(`/api/admin/papers?q=${word}`).expect(403);
  });

  it('can answer a search from the trigram index instead of reading every row', async () => {
    const plan = await testApp.app.get(EntityManager).fork().transactional(async (tx) => {
      const run = (query: string) => tx.getConnection().execute<{ 'QUERY PLAN': string }[]>(query, [], 'all', tx.getTransactionContext());
      // A test database is small enough for a sequential scan to win; at scale the index does.
      await run('set local enable_seqscan = off');
      return run(`explain select id from research_papers where research_paper_admin_search_text(title, authors) like '%${word}%'`);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('research_papers_admin_search_trgm_idx');
  });
});
