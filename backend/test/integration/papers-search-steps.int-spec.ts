import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { loadConfig } from '../../src/config/app-config.js';
import { buildOrmOptions } from '../../src/orm-options.js';
import type { PaperPageDto } from '../../src/modules/catalogue/dtos/paper.dto.js';
import { encodePaperCursor } from '../../src/modules/catalogue/list/paper-cursor.js';
import { buildPaperListQuery, furtherWalkRows, MAX_LISTED_MATCHES, readPaperPage, rumSearchSql, SEARCH_WALK_ROWS, toNumberedPlaceholders } from '../../src/modules/catalogue/list/paper-list.repository.js';
import { MAX_PART_WORDS } from '../../src/modules/catalogue/list/paper-search.js';
import { readSearchIndex, type SearchIndex, WITHOUT_RUM, withoutRum } from '../../src/modules/catalogue/list/search-index.repository.js';
import { scratchDatabase } from '../support/scratch-database.js';

/**
 * The search beyond the newest papers (paper-list.repository.ts): the newest SEARCH_WALK_ROWS papers,
 * then the RUM index (migration 20261203001000; `npm test` installs the extension) or, without it,
 * the GIN indexes. Every answer is checked both ways: the database's own (the RUM index), and as a
 * database without it would give it (WITHOUT_RUM). Its own database, so that more published
 * papers than one walk reads do not show up in other suites' lists.
 */
/** The word index's list of some matches (the fallback's someMatches), as the client ran it. */
const LISTING = /^with found as materialized \(select id, published_at, status, category, title from research_papers where .*\)\s+select id, .* as cursor_at from found where .* limit \$\d+$/s;

/** The statements the database clients run from now until the mocks are restored. */
function recordStatements(): { sql: string; params: unknown[] }[] {
  const statements: { sql: string; params: unknown[] }[] = [];
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [text, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    statements.push(typeof text === 'string' ? { sql: text, params: values ?? [] } : { sql: text.text, params: text.values ?? [] });
    return query.apply(this, args);
  });
  return statements;
}

describe('papers: search beyond the newest papers', () => {
  const own = scratchDatabase('paper_search_steps');
  const count = SEARCH_WALK_ROWS + 200;
  // Paper n was published n minutes ago; these, all older than the newest SEARCH_WALK_ROWS, are about tardigrades.
  const tardigrades = [1050, 1100, 1150, 1200];
  let pool: pg.Pool;

  const titlesOf = (page: PaperPageDto) => page.items.map((item) => item.title);
  const read = (query: { q?: string; cursor?: string; limit?: number; category?: string }, index?: SearchIndex) => readPaperPage(pool, query, null, index);
  const bothWays = [
    ['from the RUM index', undefined],
    ['from the GIN indexes', WITHOUT_RUM],
  ] as const;

  beforeAll(async () => {
    await own.drop();
    await own.create();
    const config = loadConfig();
    const orm = await MikroORM.init({ ...buildOrmOptions({ ...config, database: { ...config.database, url: own.url.toString() } }), logger: () => undefined });
    await orm.migrator.up();
    await orm.close(true);
    pool = new pg.Pool({ connectionString: own.url.toString(), max: 2 });
    // The scratch database is dropped with (force) at the end: a connection it ends then is no failure.
    pool.on('error', () => undefined);
    const { rows } = await pool.query<{ id: string }>("insert into users (email, password_hash) values ('steps@example.org', 'x') returning id");
    await pool.query(
      `insert into research_papers (id, user_id, title, abstract, category, authors, status, published_at)
       select gen_random_uuid(), $1, 'Paper ' || n || case when n = any($3::int[]) then ' on Tardigrades' when n = $4 then ' at 100% Power' else ' on Pendulums' end,
              'We timed the swings.', 'Physics', '[{"name": "Ada Byron", "email": "ada@example.org", "school": "North High"}]', 'published',
              now() - n * interval '1 minute'
         from generate_series(1, $2::int) n`,
      [rows[0].id, count, tardigrades, count - 1],
    );
    await pool.query('analyze research_papers');
  });

  afterAll(async () => {
    await pool?.end();
    await own.drop();
  });

  it('has the RUM index, so that both ways are tried, unless the server cannot have it (npm test on an embedded PostgreSQL)', async () => {
    expect((await readSearchIndex(pool)).rum).toBe(process.env.SEARCH_RUM !== 'absent');
  });

  it.each(bothWays)('finds, newest first, matches that only older papers than the walk reads have, %s', async (_way, index) => {
    expect(titlesOf(await read({ q: 'tardigrades' }, index))).toEqual(tardigrades.map((n) => `Paper ${n} on Tardigrades`));
    expect(titlesOf(await read({ q: 'ada tardi' }, index))).toEqual(tardigrades.map((n) => `Paper ${n} on Tardigrades`));
    expect(titlesOf(await read({ q: 'tardigrades', category: 'Physics' }, index))).toEqual(tardigrades.map((n) => `Paper ${n} on Tardigrades`));
    expect(titlesOf(await read({ q: 'tardigrades', category: 'Chemistry' }, index))).toEqual([]);
  });

  it.each(bothWays)('pages through them without skipping or repeating, %s', async (_way, index) => {
    const first = await read({ q: 'tardigrades', limit: 3 }, index);
    expect(titlesOf(first)).toEqual(tardigrades.slice(0, 3).map((n) => `Paper ${n} on Tardigrades`));
    const second = await read({ q: 'tardigrades', limit: 3, cursor: first.nextCursor! }, index);
    expect(titlesOf(second)).toEqual([`Paper ${tardigrades[3]} on Tardigrades`]);
    expect(second.nextCursor).toBeNull();
  });

  it('reads the newest matches of a word from the RUM index, sorted there by date', async () => {
    const search = buildPaperListQuery({ q: 'tardigrades' }).rum!;
    const statement = rumSearchSql(search, ["'tardigrades'"], [], 12);
    const explain = async () => {
      const client = await pool.connect();
      try {
        await client.query('begin; set local enable_seqscan = off; set local enable_bitmapscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${toNumberedPlaceholders(statement.sql)}`, statement.params);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await client.query('rollback');
        client.release();
      }
    };
    if (process.env.SEARCH_RUM === 'absent') {
      // Without the extension the migration adds neither the column nor its index.
      await expect(explain()).rejects.toThrow(/search_words/);
      return;
    }
    const plan = await explain();
    expect(plan).toContain('research_papers_search_rum_idx');
    expect(plan).toMatch(/Order By: \(published_at <=\| /);
  });

  /** Papers published at the same instant, ordered by id at a page's end, whichever way they are found. */
  describe('ties at the end of a page', () => {
    const at = '2001-01-01T00:00:00.000000Z';
    let quokkas: string[];

    beforeAll(async () => {
      const { rows: owner } = await pool.query<{ id: string }>("select id from users where email = 'steps@example.org'");
      await pool.query(
        `insert into research_papers (id, user_id, title, abstract, category, authors, status, published_at)
         select gen_random_uuid(), $1, 'Quokka Count ' || n, 'We counted quokkas.', 'Biology', '[{"name": "Ada Byron", "email": "ada@example.org", "school": "North High"}]', 'published', $2::timestamptz
           from generate_series(1, 7) n`,
        [owner[0].id, at],
      );
      const { rows } = await pool.query<{ title: string }>("select title from research_papers where title like 'Quokka Count %' order by id desc");
      quokkas = rows.map((row) => row.title);
    });

    it.each(bothWays)('pages through them by id without skipping or repeating, %s', async (_way, index) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await read({ q: 'quokkas', limit: 3, cursor }, index);
        seen.push(...titlesOf(page));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(quokkas);
    });
  });

  it('answers from the walk alone when it reads every paper left, or fills the page', async () => {
    const { rows } = await pool.query<{ id: string; at: string }>(
      `select id, to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from research_papers where title = 'Paper 1149 on Pendulums'`,
    );
    const cursor = encodePaperCursor({ publishedAt: rows[0].at, id: rows[0].id });
    expect(titlesOf(await read({ q: 'tardigrades', cursor }))).toEqual(['Paper 1150 on Tardigrades', 'Paper 1200 on Tardigrades']);
    const common = await read({ q: 'pendulums' });
    expect(titlesOf(common)).toEqual(Array.from({ length: 12 }, (_, i) => `Paper ${i + 1} on Pendulums`));
    expect(common.nextCursor).not.toBeNull();
  });

  /**
   * A walk that finds a few matches but not the page walks further where that costs less than the
   * index would (furtherWalkRows): the statements each search ran, read from the database client.
   */
  describe('a longer walk', () => {
    // Minutes ago, between the papers above: two among the newest SEARCH_WALK_ROWS, four older.
    const geckos = [200.5, 600.5, 1010.5, 1030.5, 1060.5, 1090.5];
    const geckoTitles = geckos.map((n) => `Gecko Survey ${n}`);
    let statements: { sql: string; params: unknown[] }[];

    beforeAll(async () => {
      const { rows } = await pool.query<{ id: string }>("select id from users where email = 'steps@example.org'");
      await pool.query(
        `insert into research_papers (id, user_id, title, abstract, category, authors, status, published_at)
         select gen_random_uuid(), $1, 'Gecko Survey ' || n, 'We counted geckos.', 'Biology', '[{"name": "Ada Byron", "email": "ada@example.org", "school": "North High"}]',
                'published', now() - n * interval '1 minute'
           from unnest($2::numeric[]) n`,
        [rows[0].id, geckos],
      );
      await pool.query('analyze research_papers');
    });

    beforeEach(() => (statements = recordStatements()));
    afterEach(() => jest.restoreAllMocks());

    /** Whether a walk over `rows` papers ran, and whether the second step (the GIN indexes' or the RUM index's) did. */
    const ran = () => ({
      walks: statements.filter((statement) => statement.sql.includes(') newest')).map((statement) => statement.params.find((param) => typeof param === 'number' && param >= SEARCH_WALK_ROWS)),
      index: statements.some((statement) => statement.sql.includes('with walk as') || statement.sql.includes('<=|') || LISTING.test(statement.sql)),
    });

    const afar = 3000;
    it('asks for one only where the first walk found some matches and the index would cost more', () => {
      const manyPapers = (share: number) => share * 1_000_000 * 0.02;
      expect(furtherWalkRows(2, 3, manyPapers)).toBe(afar);
      expect(furtherWalkRows(2, 3, () => 1)).toBeNull();
      expect(furtherWalkRows(0, 3, manyPapers)).toBeNull();
      expect(furtherWalkRows(4, 3, manyPapers)).toBeNull();
      // Found once in 1,000 papers: 21,000 more papers to read, over MAX_WALK_ROWS.
      expect(furtherWalkRows(1, 12, manyPapers)).toBeNull();
    });

    it.each([
      // Short parts: no vocabulary to read, the trigram index's regular expressions.
      ['without the RUM index, against the trigram index', 'ge', withoutRum(1_000_000)],
      ['with it, where the words are common and its posting lists long', 'geckos', { rum: true, commonWordShares: new Map([['gecko', 0.05], ['geckos', 0.05]]), papers: 10_000_000 }],
    ] as const)('walks further in a large journal, %s', async (_way, q, index) => {
      if (index.rum && process.env.SEARCH_RUM === 'absent') return;
      const first = await read({ q, limit: 3 }, index);
      expect(titlesOf(first)).toEqual(geckoTitles.slice(0, 3));
      expect(ran()).toEqual({ walks: [SEARCH_WALK_ROWS, afar], index: false });
      const second = await read({ q, limit: 3, cursor: first.nextCursor! }, index);
      expect(titlesOf(second)).toEqual(geckoTitles.slice(3));
      expect(second.nextCursor).toBeNull();
    });

    it.each(bothWays)('asks the index in a small one, %s', async (_way, index) => {
      const small = index ?? (await readSearchIndex(pool));
      const first = await read({ q: 'geckos', limit: 3 }, { ...small, papers: 2_000 });
      expect(titlesOf(first)).toEqual(geckoTitles.slice(0, 3));
      expect(ran().walks).not.toContain(afar);
      expect(ran().index).toBe(true);
    });
  });

  it('looks for a word without a letter or digit among the newest papers only (docs/api.md)', async () => {
    expect(titlesOf(await read({ q: '%' }))).toEqual([]);
    expect(titlesOf(await read({ q: 'power' }))).toEqual([`Paper ${count - 1} at 100% Power`]);
  });

  /**
   * The word index (migration 20261126002000) answers for parts found in a few words of the
   * vocabulary, the trigram index for the rest; either way the results are the substring matches
   * docs/api.md defines. Papers older than every other, so that only the second step finds them.
   */
  describe('whole words from the word index', () => {
    const blorps = MAX_PART_WORDS + 6;
    // 180 digits, no 9 of them twice: a word the index holds as pieces 1-100, 51-150 and 101-180.
    const counters = Array.from({ length: 60 }, (_, i) => String(i).padStart(3, '0')).join('');
    const special = {
      hydroponic: { title: 'Hydroponic Basil Yields', abstract: "Low-cost towers by Maya O'Brien grew basil." },
      hydrology: { title: 'What Hydrology Tells Us', abstract: 'Rain gauges, read daily for a year.' },
      modelling: { title: 'Modelling Rainfall', abstract: 'A model of the rain over one valley.' },
      predicting: { title: 'Predicting Floods', abstract: 'Rivers rose after the storms.' },
      cafe: { title: 'Café—Bar Acoustics', abstract: 'Noise in the ÜBER-busy hall.' },
      sequence: { title: 'Sequencing a Plasmid', abstract: `It reads ${counters}, then stops.` },
      draft: { title: 'Untitled Draft', abstract: 'Nothing yet.' },
    };
    const titles = (...keys: (keyof typeof special)[]) => keys.map((key) => special[key].title);
    const search = async (q: string, index?: SearchIndex) => titlesOf(await read({ q, limit: 50 }, index));
    const blorpTitles = Array.from({ length: blorps }, (_, i) => `Blorp${i + 1} and Xenon`);

    beforeAll(async () => {
      const { rows } = await pool.query<{ id: string }>("select id from users where email = 'steps@example.org'");
      const papers = [
        ...Object.values(special),
        // More words of the vocabulary with "blorp" in them than a part is looked up as.
        ...Array.from({ length: blorps }, (_, i) => ({ title: `Blorp${i + 1} and Xenon`, abstract: 'A gas.' })),
      ];
      await pool.query(
        `insert into research_papers (id, user_id, title, abstract, category, authors, status, published_at)
         select gen_random_uuid(), $1, paper ->> 'title', paper ->> 'abstract', 'Physics', '[{"name": "Ada Byron", "email": "ada@example.org", "school": "North High"}]',
                'published', now() - interval '1 day' - n * interval '1 minute'
           from jsonb_array_elements($2::jsonb) with ordinality as papers(paper, n)`,
        [rows[0].id, JSON.stringify(papers)],
      );
      await pool.query("update research_papers set abstract = 'Zeolites trap water.' where title = 'Untitled Draft'");
      await pool.query('analyze research_papers');
    });

    it('keeps every word of every paper in the vocabulary, after inserts and updates', async () => {
      const { rows } = await pool.query<{ missing: string[] }>(
        `select array(select distinct paper.word from research_papers, unnest(research_paper_search_words(search_text)) paper(word)
                       where not exists (select 1 from research_paper_words known where known.word = paper.word)) as missing`,
      );
      expect(rows[0].missing).toEqual([]);
      const { rows: words } = await pool.query<{ words: string[] }>("select research_paper_search_words(search_text) as words from research_papers where title = 'Café—Bar Acoustics'");
      expect(words[0].words).toEqual(['café—bar', 'acoustics', 'ada', 'byron', 'noise', 'in', 'the', 'über', 'busy', 'hall']);
      const { rows: pieces } = await pool.query<{ words: string[] }>("select research_paper_search_words(search_text) as words from research_papers where title = 'Sequencing a Plasmid'");
      expect(pieces[0].words).toEqual(['sequencing', 'a', 'plasmid', 'ada', 'byron', 'it', 'reads', counters.slice(0, 100), counters.slice(50, 150), counters.slice(100), 'then', 'stops']);
    });

    it('answers a query of whole words from the word index, and not one of a part in many words', async () => {
      const plan = async (q: string) => {
        const { words, matches } = buildPaperListQuery({ q }).fallback!;
        const client = await pool.connect();
        try {
          await client.query('begin isolation level repeatable read read only; set local enable_seqscan = off; set local jit = off');
          const vocabulary = words ? (await client.query<string[][]>({ text: toNumberedPlaceholders(words.sql), values: words.params, rowMode: 'array' })).rows[0] : undefined;
          const statement = matches(vocabulary);
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${toNumberedPlaceholders(statement.sql)}`, statement.params);
          await client.query('commit');
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          client.release();
        }
      };
      const modelling = await plan('modelling predicting');
      expect(modelling).toContain('research_papers_search_words_idx');
      expect(modelling).not.toContain('research_papers_search_text_trgm_idx');
      // Too few papers here for the planner to prefer the trigram index: the words are what count.
      const blorp = await plan('xenon blorp');
      expect(blorp).toContain("'%blorp%'");
      expect(blorp).not.toContain('research_papers_search_words_idx');
      expect(blorp).not.toContain('regexp_split_to_array');
    });

    it.each([
      ['a whole word', 'hydroponic', ['hydroponic']],
      ['a part inside a word', 'ydropon', ['hydroponic']],
      ['a prefix of two words', 'HYDRO', ['hydroponic', 'hydrology']],
      ['a suffix', 'ology', ['hydrology']],
      ['a part after a hyphen', 'cost', ['hydroponic']],
      ['a part after an apostrophe, as typed', "O'Brien", ['hydroponic']],
      ['a part after a dash that is not ASCII', 'bar', ['cafe']],
      ['a word with a letter that is not ASCII, any case', 'über café', ['cafe']],
      ['common words never together', 'modelling predicting', []],
      ['words together', 'rain modelling', ['modelling']],
      ['a word found nowhere', 'xylophone', []],
      ['a word and one found nowhere', 'hydroponic xylophone', []],
      ['a part of a word of more than 100 characters, across the end of its first piece', counters.slice(90, 111), ['sequence']],
      ['a part of 100 characters inside it, in none of its pieces', counters.slice(40, 140), ['sequence']],
      ['a part whose first 51 characters only are in it', `${counters.slice(40, 91)}999`, []],
      ['its last characters', counters.slice(-9), ['sequence']],
      ['its first characters with a whole word', `plasmid ${counters.slice(0, 9)}`, ['sequence']],
      ['a word an update added', 'zeolite', ['draft']],
      ['a word an update removed', 'nothing yet', []],
      ['one letter, at the start of a word', 'h', ['hydroponic', 'hydrology', 'cafe']],
    ] as const)('finds %s as substrings, like the walk, both ways', async (_label, q, expected) => {
      for (const [, index] of bothWays) expect(await search(q, index)).toEqual(expected.flatMap((key) => titles(key)));
    });

    /**
     * A query of several parts the word index looks up is answered from it before any walk when
     * they find few papers: the statements each search ran.
     */
    describe('the word index before the walk', () => {
      let statements: { sql: string; params: unknown[] }[];
      const walked = () => statements.some((statement) => statement.sql.includes(') newest'));
      const listed = () => statements.filter((statement) => LISTING.test(statement.sql)).map((statement) => statement.sql);

      beforeAll(async () => {
        // More papers than the API sorts, older than all others, with "quasar" and one of 100 words
        // with "lumen": too many words for the RUM index's scans.
        const { rows } = await pool.query<{ id: string }>("select id from users where email = 'steps@example.org'");
        await pool.query(
          `insert into research_papers (id, user_id, title, abstract, category, authors, status, published_at)
           select gen_random_uuid(), $1, 'Quasar Lumen' || (n % 100), 'Faint.', 'Physics', '[{"name": "Ada Byron", "email": "ada@example.org", "school": "North High"}]',
                  'published', now() - interval '3 days' - n * interval '1 minute'
             from generate_series(1, $2::int) n`,
          [rows[0].id, MAX_LISTED_MATCHES + 100],
        );
        await pool.query('analyze research_papers');
      });
      beforeEach(() => (statements = recordStatements()));
      afterEach(() => jest.restoreAllMocks());

      // What the statistics say of the words: nothing (they are rare), with the RUM index and without.
      const rareWords = [
        ['with the RUM index', { rum: true, commonWordShares: new Map<string, number>(), papers: 1_000_000 }],
        ['without it', withoutRum(1_000_000)],
      ] as const;

      it.each(rareWords)('lists the matches of parts in few words and sorts them, without walking the newest papers, %s', async (_way, index) => {
        if (index.rum && process.env.SEARCH_RUM === 'absent') return;
        // "blorp1" is in 111 words (blorp1, blorp10 to blorp19, blorp100 to blorp199): more than the
        // RUM index scans one by one, few enough for the word index, which finds the papers with both.
        expect(await search('xenon blorp1', index)).toEqual(blorpTitles.filter((title) => title.startsWith('Blorp1')).slice(0, 50));
        expect(walked()).toBe(false);
        expect(listed()).toHaveLength(1);
        expect(listed()[0]).not.toContain('like');
        expect(statements.some((statement) => statement.sql.includes('<=|'))).toBe(false);
      });

      it.each(rareWords)(`tests a part in more than ${MAX_PART_WORDS} words with like on the few papers the others find, %s`, async (_way, index) => {
        if (index.rum && process.env.SEARCH_RUM === 'absent') return;
        const expected = blorpTitles.filter((title) => title.startsWith('Blorp1'));
        const page = await read({ q: 'gas blorp1 blorp', limit: 12 }, index);
        expect(titlesOf(page)).toEqual(expected.slice(0, 12));
        expect(statements.some((statement) => statement.sql.startsWith('select count(*)::int as papers'))).toBe(true);
        expect(listed()).toHaveLength(1);
        expect(listed()[0]).toContain('search_text like all');
        expect(walked()).toBe(false);
        const next = await read({ q: 'gas blorp1 blorp', limit: 250, cursor: page.nextCursor! }, index);
        expect(titlesOf(next)).toEqual(expected.slice(12));
        expect(next.nextCursor).toBeNull();
      });

      it('leaves a query to the RUM index, counting nothing, where the word index would look up no more of its parts', async () => {
        if (process.env.SEARCH_RUM === 'absent') return;
        // "gas" is in one word, "blorp" in more than either index looks up: the RUM index's scan of "gas" tests it.
        expect(await search('gas blorp', rareWords[0][1])).toEqual(blorpTitles.slice(0, 50));
        expect(statements.some((statement) => statement.sql.includes('<=|'))).toBe(true);
        expect(statements.some((statement) => statement.sql.startsWith('select count(*)::int as papers'))).toBe(false);
        expect(listed()).toHaveLength(0);
      });

      const quasars = Array.from({ length: 12 }, (_, i) => `Quasar Lumen${(i + 1) % 100}`);

      it('walks the newest papers when the parts are common together, after listing no more than it sorts, without the RUM index', async () => {
        const page = await read({ q: 'lumen quasar', limit: 12 }, withoutRum(1_000_000));
        expect(titlesOf(page)).toEqual(quasars);
        expect(listed()).toHaveLength(1);
        expect(walked()).toBe(true);
      });

      it('walks the newest papers first, listing nothing, where the statistics say that every part is common', async () => {
        if (process.env.SEARCH_RUM === 'absent') return;
        const lumens = Array.from({ length: 100 }, (_, i): [string, number] => [`lumen${i}`, 0.004]);
        const page = await read({ q: 'lumen quasar', limit: 12 }, { rum: true, commonWordShares: new Map([['quasar', 0.4], ...lumens]), papers: 1_000_000 });
        expect(titlesOf(page)).toEqual(quasars);
        expect(listed()).toHaveLength(0);
        expect(walked()).toBe(true);
      });
    });

    it.each(bothWays)(`finds the matches of a query with a part found in more than ${MAX_PART_WORDS} words of the vocabulary, %s`, async (_way, index) => {
      const all = Array.from({ length: blorps }, (_, i) => `Blorp${i + 1} and Xenon`);
      const pages: PaperPageDto[] = [await read({ q: 'xenon blorp', limit: 50 }, index)];
      while (pages.at(-1)!.nextCursor) pages.push(await read({ q: 'xenon blorp', limit: 50, cursor: pages.at(-1)!.nextCursor! }, index));
      expect(pages.flatMap(titlesOf)).toEqual(all);
      expect(pages).toHaveLength(Math.ceil(blorps / 50));
      expect(await search('blorp7 xenon', index)).toEqual(all.filter((title) => title.startsWith('Blorp7')));
      expect(await search('blorp hydroponic', index)).toEqual([]);
      expect(await search('blorp', index)).toEqual(all.slice(0, 50));
    });
  });
});
