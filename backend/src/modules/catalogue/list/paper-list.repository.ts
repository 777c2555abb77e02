import type pg from 'pg';
import { categoryFilterSql } from '../display-rules.js';
import { DEFAULT_PAGE_SIZE, type ListPapersQueryDto } from '../dtos/list-papers.query.js';
import type { PaperPageDto } from '../dtos/paper.dto.js';
import { ALL_CATEGORIES } from '../paper-category.js';
import { cardSourceOf, type PaperCardColumns, toPaperCard } from '../paper-card.js';
import { decodePaperCursor, encodePaperCursor } from './paper-cursor.js';
import { searchFilterSql, searchIndexSql, searchPlan, searchWordsSql, type SqlFragment } from './paper-search.js';
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
  /** A search's second step, run only when `sql` returned no more than `limit` rows. */
  fallback?: SearchFallback;
}

/** Two statements, run in one snapshot (readPaperPage). */
export interface SearchFallback {
  /** The vocabulary's words that contain each part (searchWordsSql), or null: nothing to read. */
  words: SqlFragment | null;
  /**
   * Every match, from the word index or the trigram index (searchIndexSql), given the arrays the
   * row of `words` holds; or nothing when `sql` already read every paper there is.
   */
  matches: (words?: readonly (readonly string[])[]) => SqlFragment;
}

/**
 * How many of the newest papers (from the cursor on, in the category) a search reads before it
 * turns to the trigram index. Testing a row costs 2 to 20 µs (one to eight words), so this bounds
 * the walk to 20 ms at most; when fewer than a page of these papers match, the matches are rare
 * enough for the index to list them all and sort them.
 */
export const SEARCH_WALK_ROWS = 1000;

const CARD_COLUMNS = `id, title, abstract, category, authors, published_at, source_id, pdf_storage_key,
       to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;
const NEWEST_FIRST = 'order by published_at desc, id desc';

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
  if (query.cursor !== undefined) {
    const cursor = decodePaperCursor(query.cursor);
    if (!cursor) throw new InvalidCursorException();
    conditions.push('(published_at, id) < (?::timestamptz, ?::uuid)');
    params.push(cursor.publishedAt, cursor.id);
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
  const sql = `select ${CARD_COLUMNS}
         from (select id, title, abstract, category, authors, published_at, source_id, pdf_storage_key, search_text
                 from research_papers where ${page} ${NEWEST_FIRST} limit ?) newest
        where ${filter.sql}
        ${NEWEST_FIRST}
        limit ?`;
  const walk = { sql, params: [...params, SEARCH_WALK_ROWS, ...filter.params, limit + 1], limit };
  // A word of symbols only: nothing to look up, the walk is the whole search (docs/api.md).
  if (!searchIndexSql(plan)) return walk;
  const matches = (words?: readonly (readonly string[])[]): SqlFragment => {
    const index = searchIndexSql(plan, words)!;
    return {
      sql: `with walk as (
         select count(*) = ? as partial from (select 1 from research_papers where ${page} ${NEWEST_FIRST} limit ?) newest),
       found as materialized (
         select id, published_at from research_papers where (select partial from walk) and ${page} and ${index.sql})
       select ${CARD_COLUMNS}
         from research_papers
        where id in (select id from found ${NEWEST_FIRST} limit ?)
        ${NEWEST_FIRST}`,
      params: [SEARCH_WALK_ROWS, ...params, SEARCH_WALK_ROWS, ...params, ...index.params, limit + 1],
    };
  };
  return { ...walk, fallback: { words: searchWordsSql(plan), matches } };
}

/**
 * One page of the list, from a pool of the database (the API's read pool, or the bare server's).
 * A search's second step runs in a read-only transaction that rules out the plans it exists to
 * avoid: a sequential scan (checking every paper); JIT compilation, which PostgreSQL starts for a
 * plan it expects to be costly and which took about 12 ms by itself; and parallel workers, whose
 * start took 7 ms for an index lookup of 1 ms. Repeatable read, so that the vocabulary the first
 * statement reads has every word of every paper the second sees.
 */
export async function readPaperPage(pool: pg.Pool, query: ListPapersQueryDto, arxivDetailPageId: string | null): Promise<PaperPageDto> {
  const listQuery = buildPaperListQuery(query);
  let { rows } = await pool.query<PaperCardRow>(toNumberedPlaceholders(listQuery.sql), listQuery.params);
  if (listQuery.fallback && rows.length <= listQuery.limit) {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      await client.query(
        'begin isolation level repeatable read read only; set local enable_seqscan = off; set local jit = off; set local max_parallel_workers_per_gather = 0',
      );
      const { words, matches } = listQuery.fallback;
      const vocabulary = words
        ? (await client.query<string[][]>({ text: toNumberedPlaceholders(words.sql), values: words.params, rowMode: 'array' })).rows[0]
        : undefined;
      const statement = matches(vocabulary);
      const found = await client.query<PaperCardRow>(toNumberedPlaceholders(statement.sql), statement.params);
      await client.query('commit');
      // Nothing found: there is no match at all, or the walk read every paper there is.
      if (found.rows.length > 0) rows = found.rows;
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // A client that failed mid-transaction is discarded, not returned to the pool.
      client.release(failure);
    }
  }
  return toPaperPage(rows, listQuery.limit, arxivDetailPageId);
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
