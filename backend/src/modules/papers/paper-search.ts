/**
 * Turns the search box's text into SQL conditions on research_papers' generated search columns
 * (migration 20261121000500). Every word must match, anywhere in the title, an author's name or
 * the abstract, case-insensitively, including partial words:
 * - a word of 3 or more characters as a substring, through trigram matching
 *   (`search_text ilike '%word%'`, GIN trigram index): this covers whole words, prefixes and
 *   infixes alike;
 * - a shorter word (no trigram to look up) as a word prefix, through full-text search
 *   (`search_vector @@ 'wo':*`, GIN index).
 * One condition per word, never `fts OR trigram`: PostgreSQL estimates an OR of the two as about
 * twice as many rows as either, and with several words that error multiplies until it prefers
 * walking the newest-first index over the GIN indexes (measured on 100,000 papers: three author
 * names took 2.9 s that way, against milliseconds from the GIN indexes).
 * User input is never SQL: it is passed as parameters, and the LIKE wildcards and the tsquery
 * operators it may contain are neutralised here.
 */

const MAX_TERMS = 8;
const MIN_TRIGRAM_LENGTH = 3;

export interface SqlFragment {
  sql: string;
  params: string[];
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Letters and digits only, each quoted as a prefix lexeme: `'climat':* & 'chang':*`. */
export function prefixTsQuery(word: string): string | null {
  const tokens = word.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (tokens.length === 0) return null;
  return tokens.map((token) => `'${token}':*`).join(' & ');
}

/**
 * The words of the query, split at white space. Punctuation typed around a word is not part of
 * it ("neural network!", "Okafor, Reyes", "\"Hydroponic\"" as copied from a card), while inside
 * a word it is kept ("50%_off", "o'brien"); a word that is nothing but punctuation ("%") is
 * searched as typed.
 */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  const terms = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '') || word);
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/** One AND-ed condition per word, or null when the query has no words. */
export function searchConditionSql(query: string | undefined): SqlFragment | null {
  const terms = searchTerms(query);
  if (terms.length === 0) return null;
  const parts: string[] = [];
  const params: string[] = [];
  for (const term of terms) {
    const tsQuery = term.length < MIN_TRIGRAM_LENGTH ? prefixTsQuery(term) : null;
    if (tsQuery) {
      parts.push("search_vector @@ to_tsquery('simple', ?)");
      params.push(tsQuery);
    } else {
      parts.push('search_text ilike ?');
      params.push(`%${escapeLike(term)}%`);
    }
  }
  return { sql: parts.join(' and '), params };
}
