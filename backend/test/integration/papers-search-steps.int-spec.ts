import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { loadConfig } from '../../src/config/app-config.js';
import { buildOrmOptions } from '../../src/database/orm-options.js';
import type { PaperPageDto } from '../../src/modules/papers/dtos/paper.dto.js';
import { encodePaperCursor } from '../../src/modules/papers/paper-cursor.js';
import { readPaperPage, SEARCH_WALK_ROWS } from '../../src/modules/papers/paper-list-query.js';
import { scratchDatabase } from '../support/scratch-database.js';

/**
 * The search's two steps (paper-list-query.ts): the newest SEARCH_WALK_ROWS papers first, then the
 * trigram index. Its own database, so that more published papers than one walk reads do not
 * show up in other suites' lists.
 */
describe('papers: search beyond the newest papers', () => {
  const own = scratchDatabase('paper_search_steps');
  const count = SEARCH_WALK_ROWS + 200;
  // Paper n was published n minutes ago; these, all older than the newest SEARCH_WALK_ROWS, are about tardigrades.
  const tardigrades = [1050, 1100, 1150, 1200];
  let pool: pg.Pool;

  const titlesOf = (page: PaperPageDto) => page.items.map((item) => item.title);
  const read = (query: { q?: string; cursor?: string; limit?: number }) => readPaperPage(pool, query, null);

  beforeAll(async () => {
    await own.drop();
    await own.create();
    const config = loadConfig();
    const orm = await MikroORM.init({ ...buildOrmOptions({ ...config, database: { ...config.database, url: own.url.toString() } }), logger: () => undefined });
    await orm.migrator.up();
    await orm.close(true);
    pool = new pg.Pool({ connectionString: own.url.toString(), max: 2 });
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

  it('finds, newest first, matches that only older papers than the walk reads have', async () => {
    expect(titlesOf(await read({ q: 'tardigrades' }))).toEqual(tardigrades.map((n) => `Paper ${n} on Tardigrades`));
    expect(titlesOf(await read({ q: 'ada tardi' }))).toEqual(tardigrades.map((n) => `Paper ${n} on Tardigrades`));
  });

  it('pages through them without skipping or repeating', async () => {
    const first = await read({ q: 'tardigrades', limit: 3 });
    expect(titlesOf(first)).toEqual(tardigrades.slice(0, 3).map((n) => `Paper ${n} on Tardigrades`));
    const second = await read({ q: 'tardigrades', limit: 3, cursor: first.nextCursor! });
    expect(titlesOf(second)).toEqual([`Paper ${tardigrades[3]} on Tardigrades`]);
    expect(second.nextCursor).toBeNull();
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

  it('looks for a word without a letter or digit among the newest papers only (docs/api.md)', async () => {
    expect(titlesOf(await read({ q: '%' }))).toEqual([]);
    expect(titlesOf(await read({ q: 'power' }))).toEqual([`Paper ${count - 1} at 100% Power`]);
  });
});
