import type pg from 'pg';

/**
 * What the database offers the search, read once per pool and again every REREAD_AFTER_MS: whether
 * it has the RUM index of the papers' words (migration 20261203001000, where the extension is
 * installed), the share of papers that have each of its most common words, from the column's
 * statistics (ANALYZE keeps about 1,000 of them, the words in more than roughly 1 to 3% of papers),
 * and about how many papers there are.
 */
export interface SearchIndex {
  rum: boolean;
  /** The share of papers that have each of the most common words. */
  commonWordShares: ReadonlyMap<string, number>;
  /** The table's rows as its statistics estimate them (pg_class.reltuples; 0 before the first ANALYZE). */
  papers: number;
}

/** A database without the RUM index, of `papers` papers. */
export function withoutRum(papers: number): SearchIndex {
  return { rum: false, commonWordShares: new Map(), papers };
}

export const WITHOUT_RUM: SearchIndex = withoutRum(0);

const REREAD_AFTER_MS = 10 * 60_000;

/** Reads it now. */
export async function readSearchIndex(pool: pg.Pool): Promise<SearchIndex> {
  const { rows } = await pool.query<{ rum: boolean; words: string[] | null; shares: number[] | null; papers: number }>(
    `select exists (select 1 from pg_indexes where schemaname = current_schema() and indexname = 'research_papers_search_rum_idx') as rum,
            (select most_common_elems::text::text[] from pg_stats where schemaname = current_schema() and tablename = 'research_papers' and attname = 'search_words') as words,
            (select most_common_elem_freqs from pg_stats where schemaname = current_schema() and tablename = 'research_papers' and attname = 'search_words') as shares,
            greatest(0, (select reltuples from pg_class where oid = 'research_papers'::regclass))::float8 as papers`,
  );
  const { rum, words, shares, papers } = rows[0];
  if (!rum) return withoutRum(papers);
  const commonWordShares = new Map<string, number>();
  words?.forEach((word, index) => commonWordShares.set(word, shares![index]));
  return { rum, commonWordShares, papers };
}

const known = new WeakMap<pg.Pool, { readAt: number; index: Promise<SearchIndex> }>();

/**
 * The pool's SearchIndex, read at most every REREAD_AFTER_MS: an index created (a later
 * `migrate`) or statistics refreshed (autovacuum's ANALYZE) count from the next read on. A read
 * that fails is forgotten, so the next search tries again.
 */
export function searchIndexOf(pool: pg.Pool, now = Date.now()): Promise<SearchIndex> {
  const entry = known.get(pool);
  if (entry && now - entry.readAt < REREAD_AFTER_MS) return entry.index;
  const index = readSearchIndex(pool);
  known.set(pool, { readAt: now, index });
  index.catch(() => known.delete(pool));
  return index;
}

/**
 * The estimated share of papers that have every part, each given as the vocabulary's words that
 * contain it, as if the parts were independent: a part's share is the sum of its common words'
 * (at most 1). The words not listed count for nothing: most are far rarer than the least common
 * listed (the long tail), and the sum of all of them, at that share each, sent searches for parts
 * in 0.9% of papers to a walk that could not fill the page.
 */
export function estimatedShare(index: SearchIndex, parts: readonly (readonly string[])[]): number {
  return parts.reduce((product, words) => {
    const share = words.reduce((sum, word) => sum + (index.commonWordShares.get(word) ?? 0), 0);
    return product * Math.min(1, share);
  }, 1);
}
