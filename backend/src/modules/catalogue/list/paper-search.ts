/**
 * Turns the search box's text into SQL conditions on research_papers' generated `search_text`
 * (migration 20261121000500: the title, the authors' names and the abstract, lower-cased), with
 * its GIN trigram index. Every word must match, case-insensitively, including partial words. A
 * word is matched by its parts, the runs of letters and digits in it ("low-cost" is "low" and
 * "cost", "o'brien" is "o" and "brien"), each of which must match:
 * - a part of 3 or more characters anywhere, as a substring (`search_text like '%part%'`):
 *   whole words, prefixes and infixes alike;
 * - a shorter part at the start of a word: at the start of the text or after white space or an
 *   ASCII punctuation mark (`search_text ~ '(^|[ ...])pa'`). pg_trgm indexes every word with two
 *   leading blanks, so this is one trigram lookup ('  p', ' pa'); a full-text prefix (`'pa':*`)
 *   read the posting lists of every word starting with it (50 ms for eight two-letter words at
 *   100,000 papers), and a wider class of characters before the part leaves pg_trgm nothing to
 *   look up. Short parts are left out of a query that has a longer one, and at most
 *   MAX_SHORT_PARTS count: they match nearly every paper, and a regular expression costs about
 *   10 µs per paper tested, five times a LIKE.
 * A word with no letter or digit ("%") is matched as typed, as a substring: it has no trigram.
 * Only the first MAX_PARTS distinct parts and symbol words count; the rest of a long query is
 * ignored. search_text is lower-cased, and so are the patterns (`lower(?)`, by PostgreSQL's rules
 * as the column), so `like` does what `ilike` did without lower-casing every paper it tests.
 *
 * Why parts and not the word as typed: pg_trgm looks up letters and digits only, so for
 * "results.compared" the index returned every paper with "results" and "compared", and checking
 * the whole string in each of them read the whole table (8 s at 1,000,000 papers).
 * User input is never SQL: it is passed as parameters, and the LIKE wildcards it may contain are
 * escaped; a part is letters and digits only, so it is never regex syntax.
 *
 * Words that are each common but never occur together cost the trigram index the long posting
 * lists of their common trigrams (`ing`, `par`) to prove it. The word index (migration
 * 20261126002000) answers them from one list per word: a paper's words are the runs of
 * characters between white space and ASCII punctuation in search_text, so a part, made of letters
 * and digits only, lies inside one of them wherever it matches. The paper has the part if and only
 * if one of its words contains it, that is one of the vocabulary's words that contain it
 * (research_paper_words, every word of every paper): `like '%part%'` on the vocabulary, then a
 * lookup of those whole words. A word longer than 100 characters is indexed as pieces, any
 * WORD_LOOKUP_LENGTH characters of it inside one, so a longer part is looked up by its first
 * WORD_LOOKUP_LENGTH characters; `like` decides. A part found in more than MAX_PART_WORDS words
 * of the vocabulary ('ing' or 'the' in real abstracts) is tested with `like` on the papers the
 * other parts' words find, where they are few (searchIndexSql); otherwise the query goes to the
 * trigram index.
 */

export const MAX_PARTS = 8;
export const MAX_SHORT_PARTS = 3;
/**
 * The most words of the vocabulary a part is looked up as in the word index. Each is a posting
 * list the index merges, most of them short (the long tail); the parts that make a search slow
 * for the trigram index are whole words and pieces of words found in a few hundred words at most
 * (`vig`, in 136 words of real abstracts, with the 42 of `visit`: 3.4 ms at 100,000 papers,
 * where the trigram index rechecked every paper with both from TOAST).
 */
export const MAX_PART_WORDS = 256;
/** The most characters of a part that one piece of a long word is sure to hold (research_paper_search_words()). */
export const WORD_LOOKUP_LENGTH = 51;
const MIN_SUBSTRING_LENGTH = 3;
const PART = /[\p{L}\p{N}]+/gu;
const WORD_START = '(^|[\t\n\r !-/:-@[-`{-~])';

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/** What a query asks for, as the SQL below needs it. */
export interface SearchPlan {
  /** LIKE patterns of the parts of 3 or more characters. */
  substrings: string[];
  /** Regular expressions of the shorter parts, each at the start of a word. */
  wordStarts: string[];
  /** LIKE patterns of the words without a letter or digit. */
  literals: string[];
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
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
  return [...new Set(terms)];
}

/**
 * The parts and symbol words of the query, or null when it has none: the first MAX_PARTS distinct
 * parts of 3 or more characters and symbol words; the parts shorter than 3 characters only when
 * there is no longer part, and then the first MAX_SHORT_PARTS of them.
 */
export function searchPlan(query: string | undefined): SearchPlan | null {
  const long = new Set<string>();
  const short = new Set<string>();
  const literals = new Set<string>();
  const full = () => long.size + literals.size === MAX_PARTS;
  for (const term of searchTerms(query)) {
    const parts = term.match(PART);
    if (!parts) {
      if (!full()) literals.add(term);
      continue;
    }
    for (const part of parts) {
      if (part.length < MIN_SUBSTRING_LENGTH) short.add(part);
      else if (!full()) long.add(part);
    }
  }
  if (long.size + short.size + literals.size === 0) return null;
  return {
    // Longest first: usually the rarest, so `like all` gives up on a row soonest.
    substrings: [...long].sort((a, b) => b.length - a.length).map((part) => `%${part}%`),
    wordStarts: long.size > 0 ? [] : [...short].slice(0, MAX_SHORT_PARTS).map((part) => `${WORD_START}${part}`),
    literals: [...literals].map((literal) => `%${escapeLike(literal)}%`),
  };
}

/**
 * The whole query as one test of a row already read (the newest-first walk): `like all` and
 * `~ all`, so that the text is read (and decompressed) once per row, not once per word.
 */
export function searchFilterSql(plan: SearchPlan): SqlFragment {
  const parts: string[] = [];
  const params: unknown[] = [];
  const patterns = [...plan.substrings, ...plan.literals];
  if (patterns.length > 0) {
    parts.push('search_text like all (lower(?)::text[])');
    params.push(patterns);
  }
  if (plan.wordStarts.length > 0) {
    parts.push('search_text ~ all (lower(?)::text[])');
    params.push(plan.wordStarts);
  }
  return { sql: parts.join(' and '), params };
}

/**
 * The statement that reads, for each part of 3 or more characters (in the order of
 * plan.substrings), the vocabulary's words that contain its first WORD_LOOKUP_LENGTH characters:
 * one row, one array per part, of at most MAX_PART_WORDS + 1 words; or null when there is no such
 * part, or the query is looked for among the newest papers only (a word of symbols, below).
 */
export function searchWordsSql(plan: SearchPlan): SqlFragment | null {
  if (plan.literals.length > 0 || plan.substrings.length === 0) return null;
  // Materialized, so that the planner reads the trigram index: planned for its first rows (the
  // limit), it walked the whole vocabulary in the order of its primary key (60 ms at 275,000
  // words) for a part it expected in thousands of words and found in one.
  const lookup = `(with found as materialized (select word from research_paper_words where word like ('%' || left(lower(?), ${WORD_LOOKUP_LENGTH}) || '%')) select array(select word from found limit ${MAX_PART_WORDS + 1}))`;
  return { sql: `select ${plan.substrings.map(() => lookup).join(', ')}`, params: plan.substrings.map((pattern) => pattern.slice(1, -1)) };
}

/**
 * The parts of a plan (their indexes in plan.substrings) that the word index looks up, given the
 * vocabulary's words of each (searchWordsSql): those found in at most MAX_PART_WORDS words.
 */
export function wordIndexParts(plan: SearchPlan, words: readonly (readonly string[])[]): number[] {
  return plan.substrings.flatMap((_, index) => (words[index] && words[index].length <= MAX_PART_WORDS ? [index] : []));
}

/** The word index's lookups of the parts wordIndexParts names (`looked`), each as the vocabulary's words that contain it. */
export function wordLookupSql(plan: SearchPlan, words: readonly (readonly string[])[], looked = wordIndexParts(plan, words)): SqlFragment {
  return { sql: looked.map(() => 'research_paper_search_words(search_text) && ?::text[]').join(' and '), params: looked.map((index) => words[index]) };
}

/**
 * The query for an index. With `words` (what searchWordsSql read, in the same snapshot): the word
 * index, one lookup per part found in at most MAX_PART_WORDS of them (wordIndexParts), when that
 * is every part, or when `testOthers` says the papers those find are few: then the other parts are
 * tested with `like` on them, as is a part longer than WORD_LOOKUP_LENGTH. Otherwise the trigram
 * index, one condition per part, which it answers together. The caller decides `testOthers`: each
 * paper tested is read from TOAST (about 20 µs), and parts common together ("results study") with
 * a rare broad one would test tens of thousands, where the trigram index finds the few that have
 * all three. Never a trigram condition with a word lookup: given one, the planner may read the
 * papers it returns and split each into words to test the others.
 * Null when the query has a word without a letter or digit. Such a word has no trigram: the
 * index could only return the papers the other parts find, every one of which would be read to
 * look for the symbols (8 s at 1,000,000 papers for "!!! (a|b)"), so such a query is looked for
 * among the newest papers only (SEARCH_WALK_ROWS, paper-list.repository.ts).
 */
export function searchIndexSql(plan: SearchPlan, words?: readonly (readonly string[])[], testOthers = false): SqlFragment | null {
  if (plan.literals.length > 0) return null;
  const looked = words ? wordIndexParts(plan, words) : [];
  if (words && looked.length > 0 && (looked.length === plan.substrings.length || testOthers)) {
    const lookups = wordLookupSql(plan, words, looked);
    const sql = [lookups.sql];
    const params = [...lookups.params];
    // A part's words are every word that contains it, so the lookup is the match; a part longer
    // than a lookup holds was looked up by its first characters, and `like` decides. Testing every
    // match with `like` read each from TOAST (about 20 µs a paper).
    const tested = plan.substrings.filter((pattern, index) => !looked.includes(index) || pattern.length - 2 > WORD_LOOKUP_LENGTH);
    if (tested.length > 0) {
      sql.push('search_text like all (lower(?)::text[])');
      params.push(tested);
    }
    return { sql: sql.join(' and '), params };
  }
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const pattern of plan.substrings) {
    parts.push('search_text like lower(?)');
    params.push(pattern);
  }
  for (const pattern of plan.wordStarts) {
    parts.push('search_text ~ lower(?)');
    params.push(pattern);
  }
  return { sql: parts.join(' and '), params };
}

/**
 * The most words a query of several parts is looked up as in one scan of the RUM index. The index
 * reads every posting list of the query whatever the others hold, and costs about 0.2 µs per
 * match per word: two words of 1,500 papers each took 0.7 ms, the 69 words of two parts 120 ms.
 */
export const RUM_QUERY_WORDS = 4;

/** A lexeme of a tsquery, quoted: the word exactly, whatever its characters. */
export function quoteLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The most words of the vocabulary a part is looked up as in the RUM index: one ordered scan per
 * word (rumSearchSql), each of which sorts every match of its word.
 */
export const RUM_PART_WORDS = 64;

/**
 * What the RUM index answers of a plan, given the vocabulary's words of each part (searchWordsSql):
 * - `queries`: tsqueries whose matches together are the papers that have every part looked up;
 *   one per word of the part when a single part is looked up, or a single one, every part required,
 *   when the parts have at most RUM_QUERY_WORDS words in all;
 * - `patterns`: the LIKE patterns to test on the papers those find, of the parts found in more
 *   than RUM_PART_WORDS words and of the parts longer than WORD_LOOKUP_LENGTH (looked up by their
 *   first characters only).
 * `nothing` when a part is in no word at all: no paper has it. Null when the index cannot answer
 * (no part can be looked up, or too many words in all).
 */
export function rumSearchTerms(plan: SearchPlan, words: readonly (readonly string[])[]): { queries: string[]; looked: (readonly string[])[]; patterns: string[] } | 'nothing' | null {
  if (plan.literals.length > 0 || plan.substrings.length === 0) return null;
  if (plan.substrings.some((_, index) => words[index]?.length === 0)) return 'nothing';
  const looked: (readonly string[])[] = [];
  const patterns: string[] = [];
  plan.substrings.forEach((pattern, index) => {
    const partWords = words[index];
    if (partWords && partWords.length <= RUM_PART_WORDS) {
      looked.push(partWords);
      if (pattern.length - 2 > WORD_LOOKUP_LENGTH) patterns.push(pattern);
    } else {
      patterns.push(pattern);
    }
  });
  if (looked.length === 1) return { queries: looked[0].map(quoteLexeme), looked, patterns };
  if (looked.length === 0 || looked.flat().length > RUM_QUERY_WORDS) return null;
  return { queries: [looked.map((partWords) => `(${partWords.map(quoteLexeme).join(' | ')})`).join(' & ')], looked, patterns };
}
