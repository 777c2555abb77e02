import type pg from 'pg';
import { categoryFilterSql } from '../display-rules.js';
import { DEFAULT_PAGE_SIZE, type ListPapersQueryDto } from '../dtos/list-papers.query.js';
import type { PaperPageDto } from '../dtos/paper.dto.js';
import { ALL_CATEGORIES } from '../paper-category.js';
import { cardSourceOf, type PaperCardColumns, toPaperCard } from '../paper-card.js';
import { decodePaperCursor, encodePaperCursor } from './paper-cursor.js';
import { rumSearchTerms, searchFilterSql, searchIndexSql, searchPlan, searchWordsSql, type SearchPlan, type SqlFragment, wordIndexParts, wordLookupSql } from './paper-search.js';
import { estimatedShare, type SearchIndex, searchIndexOf } from './search-index.repository.js';
import { InvalidCursorException } from '../catalogue.exception.js';

/**
 * The published-papers list as plain functions (SQL in, JSON out), so the API and the
 * benchmark's bare baseline server (bench/) run the very same query and build the same JSON.
 */

export interface PaperCardRow extends PaperCardColumns {
  /** published_at with microseconds, for the cursor. */
  cursor_at: string;
}

export interface PaperListQuery {
  /** With `?` placeholders, in the order of `params`. */
  sql: string;
  params: unknown[];
  limit: number;
  /**
   * A search's walk further than `sql`'s: the `wanted` newest matches among the `rows` papers after
   * the newest SEARCH_WALK_ROWS, which `sql` read (furtherWalkRows).
   */
  walkOn?: (rows: number, wanted: number) => SqlFragment;
  /** A search's second step, run only when `sql` returned no more than `limit` rows. */
  fallback?: SearchFallback;
  /** The search from the RUM index, where the database has it (readPaperPage). */
  rum?: RumSearch;
}

/** A search the RUM index may answer (rumSearchSql), with what it needs to be built. */
export interface RumSearch {
  plan: SearchPlan;
  /** The conditions of the page other than the search (status, cursor, category). */
  page: SqlFragment;
  /** The cursor's published_at, or null on the first page. */
  cursorAt: string | null;
}

/** Two statements, run in one snapshot (readPaperPage). */
export interface SearchFallback {
  /** The vocabulary's words that contain each part (searchWordsSql), or null: nothing to read. */
  words: SqlFragment | null;
  /**
   * Every match, from the word index or the trigram index (searchIndexSql, with `testOthers`), given
   * the arrays the row of `words` holds; or nothing when `sql` already read every paper there is.
   */
  matches: (words?: readonly (readonly string[])[], testOthers?: boolean) => SqlFragment;
  /** Up to `atMost` + 1 of those matches, in no order: their ids and cursor_at only. */
  someMatches: (words: readonly (readonly string[])[], testOthers: boolean, atMost: number) => SqlFragment;
}

/**
 * How many of the newest papers (from the cursor on, in the category) a search reads before it
 * turns to the trigram index. Testing a row costs 2 to 20 µs (one to eight words), so this bounds
 * the walk to 20 ms at most; when fewer than a page of these papers match, the matches are rare
 * enough for the index to list them all and sort them.
 */
export const SEARCH_WALK_ROWS = 1000;

/** About what the walk costs a paper read (its row and TOAST, tested with `like`) at real lengths. */
const WALK_MS_PER_PAPER = 0.007;
/** About what the second step costs a match: read from the table and TOAST to be sorted (and tested, from the trigram index). */
const FALLBACK_MS_PER_MATCH = 0.02;
/** About what the RUM index costs an entry of the posting lists it reads and sorts. */
const RUM_MS_PER_ENTRY = 0.00025;
/** The longest walk a search takes (140 ms at WALK_MS_PER_PAPER), whatever the index would cost. */
const MAX_WALK_ROWS = 20_000;

/**
 * How many more papers a second walk reads, on from the first's SEARCH_WALK_ROWS, after the first
 * found `found` of the `limit` + 1 matches it looked for (1 to `limit`), or null: ask the index.
 * The first walk's share of matches says how far the rest of the page is, with half as much again
 * and three matches more to spare, so that the second walk seldom falls short even for one more
 * match; `indexMs` says what the index would cost for that share. A query of common words found
 * once every 80 papers read 17,917 matches from the trigram index for its second page at 1,000,000
 * papers (1.1 s), where a walk of 1,500 papers fills it; and walking those 1,500 from the newest
 * again read the first walk's 1,000 twice (page 2 of 200 characters of common words: 36 ms, page 1 12 ms).
 */
export function furtherWalkRows(found: number, limit: number, indexMs: (share: number) => number): number | null {
  if (found <= 0 || found > limit) return null;
  const share = found / SEARCH_WALK_ROWS;
  const rows = Math.ceil(((limit + 1 - found) * 1.5 + 3) / share);
  return rows <= MAX_WALK_ROWS && rows * WALK_MS_PER_PAPER < indexMs(share) ? rows : null;
}

const CURSOR_AT = `to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;
const CARD_COLUMNS = `id, title, abstract, category, authors, published_at, source_id, pdf_storage_key, ${CURSOR_AT}`;
const NEWEST_FIRST = 'order by published_at desc, id desc';
/**
 * What the page's conditions (status, cursor, category) read, for an index's matches to be tested
 * on after the index, not with it: given them, the planner joined the word index's bitmap with one
 * of the published papers from the cursor on (half the table for page 50), which went lossy, and
 * every paper on its pages was split into words again to be rechecked (350 ms at 1,000,000).
 */
const PAGE_COLUMNS = 'id, published_at, status, category, title';

/**
 * Published papers, newest first, keyset-paginated. No ranking. Without a search PostgreSQL walks
 * research_papers_published_idx and stops after `limit + 1` rows. A search takes up to two steps,
 * because no single plan is fast for every query: a common combination of words is found at once
 * by walking the newest papers, a rare one by the trigram index; but the planner, estimating each
 * word as if independent of the others, walked the whole table for words that never occur
 * together (7 s at 1,000,000 papers), and checked every paper the index returned for a word
 * whose trigrams are all common (8 s).
 * 1. `sql`: the matches among the newest SEARCH_WALK_ROWS papers, read newest first and no
 *    further than the `limit + 1`-th match. With that many matches, it is the page.
 * 2. `fallback` (see readPaperPage): every match, from the word or the trigram index, sorted.
 * Throws InvalidCursorException.
 */
export function buildPaperListQuery(query: ListPapersQueryDto): PaperListQuery {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const conditions = ["status = 'published'"];
  const params: unknown[] = [];
  let cursorAt: string | null = null;
  if (query.cursor !== undefined) {
    const cursor = decodePaperCursor(query.cursor);
    if (!cursor) throw new InvalidCursorException();
    conditions.push('(published_at, id) < (?::timestamptz, ?::uuid)');
    params.push(cursor.publishedAt, cursor.id);
    cursorAt = cursor.publishedAt;
  }
  if (query.category && query.category !== ALL_CATEGORIES) {
    const filter = categoryFilterSql(query.category);
    conditions.push(filter.sql);
    params.push(...filter.params);
  }
  const page = conditions.join(' and ');
  const plan = searchPlan(query.q);
  if (!plan) {
    const sql = `select ${CARD_COLUMNS} from research_papers where ${page} ${NEWEST_FIRST} limit ?`;
    return { sql, params: [...params, limit + 1], limit };
  }
  const filter = searchFilterSql(plan);
  const walkOver = (rows: number, skipped: number, wanted: number): SqlFragment => ({
    sql: `select ${CARD_COLUMNS}
         from (select id, title, abstract, category, authors, published_at, source_id, pdf_storage_key, search_text
                 from research_papers where ${page} ${NEWEST_FIRST} limit ? offset ?) newest
        where ${filter.sql}
        ${NEWEST_FIRST}
        limit ?`,
    params: [...params, rows, skipped, ...filter.params, wanted],
  });
  const walkOn = (rows: number, wanted: number) => walkOver(rows, SEARCH_WALK_ROWS, wanted);
  const walk = { ...walkOver(SEARCH_WALK_ROWS, 0, limit + 1), limit, walkOn };
  // A word of symbols only: nothing to look up, the walk is the whole search (docs/api.md).
  if (!searchIndexSql(plan)) return walk;
  const matches = (words?: readonly (readonly string[])[], testOthers = false): SqlFragment => {
    const index = searchIndexSql(plan, words, testOthers)!;
    return {
      sql: `with walk as (
         select count(*) = ? as partial from (select 1 from research_papers where ${page} ${NEWEST_FIRST} limit ?) newest),
       found as materialized (
         select ${PAGE_COLUMNS} from research_papers where (select partial from walk) and ${index.sql})
       select ${CARD_COLUMNS}
         from research_papers
        where id in (select id from found where ${page} ${NEWEST_FIRST} limit ?)
        ${NEWEST_FIRST}`,
      params: [SEARCH_WALK_ROWS, ...params, SEARCH_WALK_ROWS, ...index.params, ...params, limit + 1],
    };
  };
  const someMatches = (words: readonly (readonly string[])[], testOthers: boolean, atMost: number): SqlFragment => {
    const index = searchIndexSql(plan, words, testOthers)!;
    // Materialized, so that it is planned for every match (a bitmap of the word index) and stops at
    // the limit only when run: planned for its limit, PostgreSQL walked the papers from the cursor
    // on in date order and split each into words (41 s for page 2 of `vig visit` at 1,000,000).
    return {
      sql: `with found as materialized (select ${PAGE_COLUMNS} from research_papers where ${index.sql})
            select id, ${CURSOR_AT} from found where ${page} limit ?`,
      params: [...index.params, ...params, atMost + 1],
    };
  };
  return { ...walk, fallback: { words: searchWordsSql(plan), matches, someMatches }, rum: { plan, page: { sql: page, params }, cursorAt } };
}

/**
 * The newest `limit` + 1 matches of the tsqueries (rumSearchTerms: any of them), from the RUM
 * index: one scan per tsquery, each of which sorts its matches by the published_at attached to
 * them (`<=|`: the distance back in time from the cursor, or from the newest paper on the first
 * page) and stops after `limit` + 1; the table is read for the rows the scans return only, to test
 * the page's other conditions and the parts left to `like`. Ordered by published_at only: ties at
 * the end of the page are completed by rumTiesSql.
 */
export function rumSearchSql(search: RumSearch, queries: readonly string[], patterns: readonly string[], limit: number): SqlFragment {
  const from = search.cursorAt === null ? "(select max(published_at) from research_papers where status = 'published')" : '?::timestamptz';
  const fromParams = search.cursorAt === null ? [] : [search.cursorAt];
  const conditions = rumConditions(search, 'one.query', patterns);
  return {
    sql: `select distinct id, cursor_at
            from unnest(?::tsquery[]) as one(query)
            cross join lateral (
              select id, ${CURSOR_AT}
                from research_papers
               where ${conditions.sql} and published_at <= ${from}
               order by published_at <=| ${from}
               limit ?) hit
           order by cursor_at desc, id desc
           limit ?`,
    params: [queries, ...conditions.params, ...fromParams, ...fromParams, limit + 1, limit + 1],
  };
}

/** Every match published at `at` (the last of a page from rumSearchSql), for the order of ties by id. */
export function rumTiesSql(search: RumSearch, queries: readonly string[], patterns: readonly string[], at: string): SqlFragment {
  const conditions = rumConditions(search, 'any (?::tsquery[])', patterns, [queries]);
  return {
    sql: `select id, ${CURSOR_AT} from research_papers where ${conditions.sql} and published_at = ?::timestamptz`,
    params: [...conditions.params, at],
  };
}

function rumConditions(search: RumSearch, query: string, patterns: readonly string[], queryParams: unknown[] = []): SqlFragment {
  const sql = [search.page.sql, `search_words @@ ${query}`];
  const params = [...search.page.params, ...queryParams];
  if (patterns.length > 0) {
    sql.push('search_text like all (lower(?)::text[])');
    params.push(patterns);
  }
  return { sql: sql.join(' and '), params };
}

/**
 * The most papers the word index may find for some of a query's parts for `like` to test the
 * others on (searchIndexSql's `testOthers`): about 20 ms at FALLBACK_MS_PER_MATCH.
 */
const MAX_TESTED_PAPERS = 1000;

/**
 * The most matches the word index lists, before the walk, for the API to sort: read from the
 * table without TOAST (about 2 µs a match once the word index's bitmap is built: 15 ms for the
 * 178 words of `vig visit` at 1,000,000 papers, whose 1,057 matches took 2 ms more). More, and the
 * words are common together: the walk finds a page sooner.
 */
export const MAX_LISTED_MATCHES = 5000;

/**
 * From this estimated share of papers on (estimatedShare), a search walks the newest papers
 * before it asks the RUM index: the walk finds `limit` + 1 matches within about 13 / share
 * papers, each read from the table and TOAST (about 7 µs at real lengths), while the index reads
 * and sorts every match of its words (about 0.25 µs a match). At 1,000,000 papers the two cost
 * about the same between 2% and 4% (docs/performance.md). For several parts the index's share is
 * the sum of theirs: it reads every list whatever the parts' correlation, which the walk profits
 * from (the template corpus's sentences put the same words together in every paper that has one).
 */
export const WALK_FIRST_SHARE = 0.04;

/**
 * One page of the list, from a pool of the database (the API's read pool, or the bare server's).
 * A search with parts to look up is read by readWordsSearch, from the RUM index where the database
 * has it (`searchIndex`, read from the pool by default); one of short parts only (no vocabulary
 * to read) in up to two steps (buildPaperListQuery). A search's second step runs in a read-only
 * transaction that rules out the plans it exists to avoid: a sequential scan (checking every
 * paper); JIT compilation, which PostgreSQL starts for a plan it expects to be costly and which
 * took about 12 ms by itself; and parallel workers, whose start took 7 ms for an index lookup of
 * 1 ms. Repeatable read, so that the vocabulary the first statement reads has every word of every
 * paper the second sees.
 */
export async function readPaperPage(pool: pg.Pool, query: ListPapersQueryDto, arxivDetailPageId: string | null, searchIndex?: SearchIndex): Promise<PaperPageDto> {
  const listQuery = buildPaperListQuery(query);
  const { fallback, rum } = listQuery;
  if (!fallback) return toPaperPage((await pool.query<PaperCardRow>(toNumberedPlaceholders(listQuery.sql), listQuery.params)).rows, listQuery.limit, arxivDetailPageId);
  const index = searchIndex ?? (await searchIndexOf(pool));
  const words = fallback.words;
  if (words && rum) return toPaperPage(await readWordsSearch(pool, listQuery, { ...fallback, words }, rum, index), listQuery.limit, arxivDetailPageId);
  let rows = await walkNewest(pool, listQuery, (share) => share * index.papers * FALLBACK_MS_PER_MATCH);
  if (rows.length <= listQuery.limit) {
    const statement = fallback.matches();
    const found = await inSearchTransaction(pool, async (client) => (await client.query<PaperCardRow>(toNumberedPlaceholders(statement.sql), statement.params)).rows);
    // Nothing found: there is no match at all, or the walk read every paper there is.
    if (found.length > 0) rows = found;
  }
  return toPaperPage(rows, listQuery.limit, arxivDetailPageId);
}

/**
 * A search with parts to look up, in one snapshot:
 * 1. the walk of the newest papers first when its parts are common words by themselves
 *    (WALK_FIRST_SHARE, from the RUM index's statistics), which may fill the page without the rest;
 * 2. the vocabulary's words of each part: a part in none, and no paper matches;
 * 3. where the word index looks up more of the parts than the RUM index would (or there is no
 *    RUM index), the matches it finds, when there are no more than MAX_LISTED_MATCHES of them,
 *    sorted here: the RUM index's scans would test the parts they leave to `like` on every paper
 *    they read, newest first, until a page passes (139 ms for `vig visit` at 1,000,000 papers,
 *    where the word index finds the papers with both at once). A part in too many words to look
 *    up is tested with `like` on the papers the others find, where they are few (MAX_TESTED_PAPERS);
 * 4. the walk, if not done yet, unless the RUM index answers and the common words among the
 *    parts' say it reads short posting lists (it would read the newest papers and TOAST for none);
 * 5. the newest `limit` + 1 matches from the RUM index (rumSearchTerms), their ties at the end of
 *    the page and their cards; or every match from the GIN indexes (buildPaperListQuery's second
 *    step).
 */
async function readWordsSearch(pool: pg.Pool, listQuery: PaperListQuery, fallback: SearchFallback & { words: SqlFragment }, search: RumSearch, index: SearchIndex): Promise<PaperCardRow[]> {
  return inSearchTransaction(pool, async (client) => {
    let walked: PaperCardRow[] | null = null;
    const run = async (statement: SqlFragment) => (await client.query<PaperCardRow>(toNumberedPlaceholders(statement.sql), statement.params)).rows;
    const walk = async () => (walked = await run(listQuery));
    // Parts that are common words by themselves: the walk before the vocabulary, which it may not need.
    if (estimatedShare(index, search.plan.substrings.map((pattern) => [pattern.slice(1, -1)])) >= WALK_FIRST_SHARE && (await walk()).length > listQuery.limit) return walked!;
    const words = await readVocabulary(client, fallback.words);
    const rumTerms = rumSearchTerms(search.plan, words);
    if (rumTerms === 'nothing') return [];
    const query = async (statement: SqlFragment) => (await client.query<{ id: string; cursor_at: string }>(toNumberedPlaceholders(statement.sql), statement.params)).rows;
    const looked = wordIndexParts(search.plan, words);
    // The word index's bitmap of the papers with every part it looks up costs about the posting lists
    // of the rarest part (it skips through the others'): the word index first where that part is rare.
    const listFirst = walked === null && Math.min(...looked.map((part) => estimatedShare(index, [words[part]]))) < WALK_FIRST_SHARE;
    const rumLooks = index.rum && rumTerms ? rumTerms.looked.length : 0;
    // Parts in too many words to look up: `like` tests them on the papers the others find, if few;
    // counted only where the word index would look up more parts than the RUM index (which answers otherwise).
    const testOthers =
      listFirst && looked.length > rumLooks && looked.length < search.plan.substrings.length && (await countWordIndexFinds(client, search.plan, words)) <= MAX_TESTED_PAPERS;
    const wordIndexLooks = looked.length === search.plan.substrings.length || testOthers ? looked.length : 0;
    const terms = rumLooks > 0 && rumLooks >= wordIndexLooks ? rumTerms : null;
    // The word index answers: every match, unless they are too many to sort here (then the walk first).
    if (!terms && listFirst && wordIndexLooks > 0) {
      const some = await query(fallback.someMatches(words, testOthers, MAX_LISTED_MATCHES));
      if (some.length <= MAX_LISTED_MATCHES) return readCards(client, some.sort(newestFirst).slice(0, listQuery.limit + 1));
    }
    // The RUM index reads every posting list of its words: cheap when they are rare together, and
    // whatever the parts' correlation. Otherwise the walk first, as without the index.
    const rumReads = terms ? terms.looked.reduce((sum, partWords) => sum + estimatedShare(index, [partWords]), 0) : 1;
    if (walked === null && rumReads >= WALK_FIRST_SHARE && (await walk()).length > listQuery.limit) return walked!;
    // A walk that found some matches but not a page: a longer one where that costs less than the index.
    if (walked !== null) {
      const indexMs = (share: number) => index.papers * (terms ? rumReads * RUM_MS_PER_ENTRY : share * FALLBACK_MS_PER_MATCH);
      if ((walked = await walkFurther(run, listQuery, walked, indexMs)).length > listQuery.limit) return walked;
    }
    if (!terms) {
      const statement = fallback.matches(words, testOthers);
      const found = (await client.query<PaperCardRow>(toNumberedPlaceholders(statement.sql), statement.params)).rows;
      // Nothing found: there is no match at all, or the walk read every paper there is.
      return found.length > 0 ? found : (walked ?? []);
    }
    // No bitmap scan: it would read every match from the table to sort them, where the RUM index
    // sorts them itself. (The GIN indexes, the vocabulary's among them, have bitmap scans only.)
    await client.query('set local enable_bitmapscan = off');
    let newest = await query(rumSearchSql(search, terms.queries, terms.patterns, listQuery.limit));
    if (newest.length > listQuery.limit) {
      const at = newest.at(-1)!.cursor_at;
      const ties = await query(rumTiesSql(search, terms.queries, terms.patterns, at));
      newest = [...newest.filter((row) => row.cursor_at !== at), ...ties].sort(newestFirst).slice(0, listQuery.limit + 1);
    }
    return readCards(client, newest);
  });
}

/** The cards of these papers (newest first), read from the table only now that they are known. */
async function readCards(client: pg.PoolClient, papers: readonly { id: string }[]): Promise<PaperCardRow[]> {
  if (papers.length === 0) return [];
  return (await client.query<PaperCardRow>(`select ${CARD_COLUMNS} from research_papers where id = any($1::uuid[]) ${NEWEST_FIRST}`, [papers.map((paper) => paper.id)])).rows;
}

/** Newest first, then the greater id first: the list's order, on the cursor's text (fixed width) and the uuid's (lower-case hex). */
function newestFirst(a: { id: string; cursor_at: string }, b: { id: string; cursor_at: string }): number {
  if (a.cursor_at !== b.cursor_at) return a.cursor_at < b.cursor_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The walk of the newest papers (`listQuery.sql`), and when it found some matches but not a page,
 * the longer walk furtherWalkRows asks for, where that costs less than the index (`indexMs`).
 */
async function walkNewest(pool: pg.Pool, listQuery: PaperListQuery, indexMs: (share: number) => number): Promise<PaperCardRow[]> {
  const run = async (statement: SqlFragment) => (await pool.query<PaperCardRow>(toNumberedPlaceholders(statement.sql), statement.params)).rows;
  return walkFurther(run, listQuery, await run(listQuery), indexMs);
}

/**
 * What the walk found (`walked`), and where furtherWalkRows asks for a second walk, what that finds
 * after it: the second reads on from the first's papers (older than all of them), not again.
 */
async function walkFurther(
  run: (statement: SqlFragment) => Promise<PaperCardRow[]>,
  listQuery: PaperListQuery,
  walked: PaperCardRow[],
  indexMs: (share: number) => number,
): Promise<PaperCardRow[]> {
  const further = listQuery.walkOn ? furtherWalkRows(walked.length, listQuery.limit, indexMs) : null;
  return further === null ? walked : [...walked, ...(await run(listQuery.walkOn!(further, listQuery.limit + 1 - walked.length)))];
}

/**
 * The statement that counts, up to `atMost` + 1, the papers that have every part the word index
 * looks up (wordLookupSql), whatever their status: whether `like` may test the other parts on them
 * (searchIndexSql's `testOthers`). Nothing but the index is read where the table's pages are all
 * visible (a bitmap scan that needs no column skips the pages the visibility map vouches for).
 */
export function wordIndexCountSql(plan: SearchPlan, words: readonly (readonly string[])[], atMost: number): SqlFragment {
  const lookups = wordLookupSql(plan, words);
  return { sql: `select count(*)::int as papers from (select from research_papers where ${lookups.sql} limit ?) found`, params: [...lookups.params, atMost + 1] };
}

async function countWordIndexFinds(client: pg.PoolClient, plan: SearchPlan, words: readonly (readonly string[])[]): Promise<number> {
  const count = wordIndexCountSql(plan, words, MAX_TESTED_PAPERS);
  return (await client.query<{ papers: number }>(toNumberedPlaceholders(count.sql), count.params)).rows[0].papers;
}

async function readVocabulary(client: pg.PoolClient, words: SqlFragment): Promise<string[][]> {
  return (await client.query<string[][]>({ text: toNumberedPlaceholders(words.sql), values: words.params, rowMode: 'array' })).rows[0];
}

/**
 * Runs `work` in a read-only, repeatable-read transaction without the plans a search must not
 * take: a sequential scan, JIT compilation, parallel workers.
 */
async function inSearchTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query(
      'begin isolation level repeatable read read only; set local enable_seqscan = off; set local jit = off; set local max_parallel_workers_per_gather = 0',
    );
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // A client that failed mid-transaction is discarded, not returned to the pool.
    client.release(failure);
  }
}

/** The SQL with `pg`'s numbered placeholders ($1, $2, ...) for its `?` ones. */
export function toNumberedPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/** One page of cards from the `limit + 1` rows the query returned. */
export function toPaperPage(rows: PaperCardRow[], limit: number, arxivDetailPageId: string | null): PaperPageDto {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toPaperCard(cardSourceOf(row), arxivDetailPageId)),
    nextCursor: rows.length > limit && last ? encodePaperCursor({ publishedAt: last.cursor_at, id: last.id }) : null,
  };
}
