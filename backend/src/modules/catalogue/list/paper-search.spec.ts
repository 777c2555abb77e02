import { decodePaperCursor, encodePaperCursor } from './paper-cursor.js';
import { buildPaperListQuery, rumSearchSql, rumTiesSql, wordIndexCountSql } from './paper-list.repository.js';
import {
  escapeLike,
  MAX_PART_WORDS,
  MAX_PARTS,
  MAX_SHORT_PARTS,
  quoteLexeme,
  RUM_PART_WORDS,
  RUM_QUERY_WORDS,
  rumSearchTerms,
  searchFilterSql,
  searchIndexSql,
  searchPlan,
  searchTerms,
  searchWordsSql,
  wordIndexParts,
  WORD_LOOKUP_LENGTH,
} from './paper-search.js';

const WORD_START = '(^|[\t\n\r !-/:-@[-`{-~])';

describe('paper search', () => {
  it('splits the query into distinct lower-cased words', () => {
    expect(searchTerms('  Neural   NETWORK neural ')).toEqual(['neural', 'network']);
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
  });

  it('leaves out punctuation typed around a word, keeps it inside one, and searches a lone symbol as typed', () => {
    expect(searchTerms('neural network!')).toEqual(['neural', 'network']);
    expect(searchTerms('Maya Okafor, Daniel Reyes')).toEqual(['maya', 'okafor', 'daniel', 'reyes']);
    expect(searchTerms('"Hydroponic"')).toEqual(['hydroponic']);
    expect(searchTerms("(o'brien) 50%_off.")).toEqual(["o'brien", '50%_off']);
    expect(searchTerms('% !')).toEqual(['%', '!']);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('matches a word by its parts: substrings from three characters, longest first, and symbols as typed', () => {
    expect(searchPlan("Hop ne o'brien Low-Cost 50%_off")).toEqual({
      substrings: ['%brien%', '%cost%', '%hop%', '%low%', '%off%'],
      wordStarts: [],
      literals: [],
    });
    expect(searchPlan('Ünïcode')?.substrings).toEqual(['%ünïcode%']);
    expect(searchPlan('% hop')).toEqual({ substrings: ['%hop%'], wordStarts: [], literals: ['%\\%%'] });
    expect(searchPlan('   ')).toBeNull();
  });

  it(`uses parts shorter than three characters, at the start of a word, only without a longer part, and ${MAX_SHORT_PARTS} at most`, () => {
    expect(searchPlan('ne o x2 y')).toEqual({
      substrings: [],
      wordStarts: [`${WORD_START}ne`, `${WORD_START}o`, `${WORD_START}x2`],
      literals: [],
    });
    expect(searchPlan('e coli')?.wordStarts).toEqual([]);
  });

  it(`uses the first ${MAX_PARTS} distinct parts and symbol words only`, () => {
    const plan = searchPlan('one two three four five six seven eight nine ten two');
    expect(plan?.substrings).toHaveLength(MAX_PARTS);
    expect(plan?.substrings).not.toContain('%nine%');
    expect(searchPlan('the.results.of.the.study.show.a.clear.relationship.between.them.and.more')?.substrings).toEqual(
      ['%relationship%', '%results%', '%between%', '%study%', '%clear%', '%show%', '%them%', '%the%'],
    );
  });

  it('tests a walked row with one expression per kind, and looks up every part in the index', () => {
    const plan = searchPlan('ne %')!;
    expect(searchFilterSql(plan)).toEqual({
      sql: 'search_text like all (lower(?)::text[]) and search_text ~ all (lower(?)::text[])',
      params: [['%\\%%'], [`${WORD_START}ne`]],
    });
    // A symbol has no trigram: the walk is the whole search.
    expect(searchIndexSql(plan)).toBeNull();
    expect(searchIndexSql(searchPlan('hop')!)).toEqual({ sql: 'search_text like lower(?)', params: ['%hop%'] });
    expect(searchIndexSql(searchPlan('ne o')!)).toEqual({
      sql: 'search_text ~ lower(?) and search_text ~ lower(?)',
      params: [`${WORD_START}ne`, `${WORD_START}o`],
    });
  });
});

describe('paper search: the word index', () => {
  const placeholders = (sql: string) => sql.split('?').length - 1;
  const words = (count: number, stem: string) => Array.from({ length: count }, (_, i) => `${stem}${i}`);
  const lookup = `(with found as materialized (select word from research_paper_words where word like ('%' || left(lower(?), ${WORD_LOOKUP_LENGTH}) || '%')) select array(select word from found limit ${MAX_PART_WORDS + 1}))`;

  it(`reads the vocabulary's words that contain each part of three or more characters, ${MAX_PART_WORDS + 1} at most`, () => {
    expect(searchWordsSql(searchPlan('Low-cost tells')!)).toEqual({ sql: `select ${lookup}, ${lookup}, ${lookup}`, params: ['tells', 'cost', 'low'] });
    // Nothing to read: short parts only, or a word of symbols (the walk is the whole search).
    expect(searchWordsSql(searchPlan('ne o')!)).toBeNull();
    expect(searchWordsSql(searchPlan('tells %')!)).toBeNull();
  });

  it('looks up each part as the words that contain it, and tests with like only the parts longer than a lookup holds', () => {
    const plan = searchPlan('Low-cost tells')!;
    expect(searchIndexSql(plan, [['tells', 'retells'], ['cost', 'costs'], ['low', 'below']])).toEqual({
      sql: [
        'research_paper_search_words(search_text) && ?::text[]',
        'research_paper_search_words(search_text) && ?::text[]',
        'research_paper_search_words(search_text) && ?::text[]',
      ].join(' and '),
      params: [['tells', 'retells'], ['cost', 'costs'], ['low', 'below']],
    });
    // A part in no word of the vocabulary: no paper has it.
    expect(searchIndexSql(searchPlan('xylophone')!, [[]])?.params).toEqual([[]]);
    const long = 'y'.repeat(WORD_LOOKUP_LENGTH + 1);
    expect(searchIndexSql(searchPlan(`${long} tells`)!, [[`${long}s`], ['tells']])).toEqual({
      sql: 'research_paper_search_words(search_text) && ?::text[] and research_paper_search_words(search_text) && ?::text[] and search_text like all (lower(?)::text[])',
      params: [[`${long}s`], ['tells'], [`%${long}%`]],
    });
  });

  it(`uses the trigram index for every part when one is found in more than ${MAX_PART_WORDS} words`, () => {
    const plan = searchPlan('ing tells')!;
    const trigrams = { sql: 'search_text like lower(?) and search_text like lower(?)', params: ['%tells%', '%ing%'] };
    expect(searchIndexSql(plan, [['tells'], words(MAX_PART_WORDS + 1, 'ing')])).toEqual(trigrams);
    expect(searchIndexSql(plan)).toEqual(trigrams);
    const index = searchIndexSql(plan, [['tells'], words(MAX_PART_WORDS, 'ing')])!;
    expect(index.params).toEqual([['tells'], words(MAX_PART_WORDS, 'ing')]);
    expect(placeholders(index.sql)).toBe(index.params.length);
    // Short parts (no longer one): the trigram index, as before.
    expect(searchIndexSql(searchPlan('ne o')!, [])?.sql).toBe('search_text ~ lower(?) and search_text ~ lower(?)');
  });

  it(`tests with like the parts in more than ${MAX_PART_WORDS} words on what the others find, when the caller says they are few`, () => {
    const plan = searchPlan('ing the tells')!;
    const vocabulary = [['tells', 'retells'], words(MAX_PART_WORDS + 1, 'ing'), words(MAX_PART_WORDS + 1, 'the')];
    expect(wordIndexParts(plan, vocabulary)).toEqual([0]);
    expect(searchIndexSql(plan, vocabulary, true)).toEqual({
      sql: 'research_paper_search_words(search_text) && ?::text[] and search_text like all (lower(?)::text[])',
      params: [['tells', 'retells'], ['%ing%', '%the%']],
    });
    // Not told: the trigram index for every part.
    expect(searchIndexSql(plan, vocabulary)?.sql).toBe('search_text like lower(?) and search_text like lower(?) and search_text like lower(?)');
    // No part to look up: nothing to test the others on.
    const broad = [words(MAX_PART_WORDS + 1, 'tells'), words(MAX_PART_WORDS + 1, 'ing'), words(MAX_PART_WORDS + 1, 'the')];
    expect(wordIndexParts(plan, broad)).toEqual([]);
    expect(searchIndexSql(plan, broad, true)?.sql).toBe('search_text like lower(?) and search_text like lower(?) and search_text like lower(?)');
    // Every part looked up: nothing left to like, told or not.
    const narrow = [['tells'], words(MAX_PART_WORDS, 'ing'), ['the']];
    expect(searchIndexSql(plan, narrow, true)).toEqual(searchIndexSql(plan, narrow));
    expect(searchIndexSql(plan, narrow)?.sql).not.toContain('like');
  });

  it('counts the papers the looked-up parts find, one more than it needs at most', () => {
    const plan = searchPlan('ing the tells')!;
    const count = wordIndexCountSql(plan, [['tells'], words(MAX_PART_WORDS + 1, 'ing'), ['the', 'other']], 1000);
    expect(count).toEqual({
      sql: 'select count(*)::int as papers from (select from research_papers where research_paper_search_words(search_text) && ?::text[] and research_paper_search_words(search_text) && ?::text[] limit ?) found',
      params: [['tells'], ['the', 'other'], 1001],
    });
  });

  it('lists some matches, in no order, with the page\'s conditions and one parameter per placeholder', () => {
    const cursor = encodePaperCursor({ publishedAt: '2025-06-15T12:00:00.123456Z', id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01' });
    const { fallback } = buildPaperListQuery({ q: 'ing tells', category: 'Physics', cursor });
    const some = fallback!.someMatches([['tells'], words(MAX_PART_WORDS + 1, 'ing')], true, 1000);
    expect(some.sql).toMatch(
      /^with found as materialized \(select id, published_at, status, category, title from research_papers where research_paper_search_words\(search_text\) && \?::text\[\] and search_text like all \(lower\(\?\)::text\[\]\)\)\s+select id, .* as cursor_at from found where status = 'published' and \(published_at, id\) < .* limit \?$/,
    );
    expect(some.params).toContain('2025-06-15T12:00:00.123456Z');
    expect(some.params.at(-1)).toBe(1001);
    expect(placeholders(some.sql)).toBe(some.params.length);
  });

  it('builds a second step that reads the vocabulary first, then the matches from what it read', () => {
    const { fallback, limit } = buildPaperListQuery({ q: 'modelling predicting', limit: 5 });
    expect(limit).toBe(5);
    expect(fallback?.words).toEqual(searchWordsSql(searchPlan('modelling predicting')!));
    const fromWords = fallback!.matches([['predicting'], ['modelling', 'remodelling']]);
    expect(fromWords.sql).toContain('research_paper_search_words(search_text) && ?::text[] and research_paper_search_words(search_text) && ?::text[]');
    expect(fromWords.sql).not.toContain('search_text like lower(?)');
    expect(fromWords.params).toContainEqual(['modelling', 'remodelling']);
    expect(placeholders(fromWords.sql)).toBe(fromWords.params.length);
    const fromTrigrams = fallback!.matches();
    expect(fromTrigrams.sql).toContain('search_text like lower(?) and search_text like lower(?)');
    expect(fromTrigrams.sql).not.toContain('research_paper_search_words');
    expect(placeholders(fromTrigrams.sql)).toBe(fromTrigrams.params.length);
    expect(buildPaperListQuery({ q: 'ne o' }).fallback?.words).toBeNull();
    expect(buildPaperListQuery({ q: 'tells %' }).fallback).toBeUndefined();
  });
});

describe('paper search: the RUM index', () => {
  const placeholders = (sql: string) => sql.split('?').length - 1;
  const words = (count: number, stem: string) => Array.from({ length: count }, (_, i) => `${stem}${i}`);

  it('quotes a lexeme so that it is the word exactly', () => {
    expect(quoteLexeme('café')).toBe("'café'");
    expect(quoteLexeme("o'brien")).toBe("'o''brien'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
  });

  it('scans the index once per word of a single part, and tests the parts in too many words with like', () => {
    expect(rumSearchTerms(searchPlan('Puck')!, [['puck', 'pucks']])).toEqual({ queries: ["'puck'", "'pucks'"], looked: [['puck', 'pucks']], patterns: [] });
    // "ing" is in more words than a part is looked up as: like, on what "puck" finds.
    expect(rumSearchTerms(searchPlan('puck ing')!, [['puck'], words(RUM_PART_WORDS + 1, 'ing')])).toEqual({ queries: ["'puck'"], looked: [['puck']], patterns: ['%ing%'] });
    expect(rumSearchTerms(searchPlan('puck ing')!, [['puck'], words(RUM_PART_WORDS, 'ing')])).toBeNull();
  });

  it(`answers several parts in one scan when they have at most ${RUM_QUERY_WORDS} words in all, and leaves the rest to the GIN indexes`, () => {
    expect(rumSearchTerms(searchPlan('gane puck')!, [['puck', 'pucks'], ['gane']])).toEqual({
      queries: ["('puck' | 'pucks') & ('gane')"],
      looked: [['puck', 'pucks'], ['gane']],
      patterns: [],
    });
    expect(rumSearchTerms(searchPlan('gane puck')!, [words(3, 'puck'), words(2, 'gane')])).toBeNull();
    expect(rumSearchTerms(searchPlan('ing tion')!, [words(RUM_PART_WORDS + 1, 'tion'), words(RUM_PART_WORDS + 1, 'ing')])).toBeNull();
    // Short parts and words of symbols are not looked up.
    expect(rumSearchTerms(searchPlan('ne o')!, [])).toBeNull();
    expect(rumSearchTerms(searchPlan('tells %')!, [['tells']])).toBeNull();
  });

  it('knows no paper matches when a part is in no word of the vocabulary', () => {
    expect(rumSearchTerms(searchPlan('puck xylophone')!, [[], ['puck']])).toBe('nothing');
  });

  it('tests with like a part longer than the index holds of a word', () => {
    const long = 'x'.repeat(WORD_LOOKUP_LENGTH + 5);
    expect(rumSearchTerms(searchPlan(long)!, [[`${long}s`]])).toEqual({ queries: [`'${long}s'`], looked: [[`${long}s`]], patterns: [`%${long}%`] });
  });

  it('orders by the distance back from the cursor, or from the newest paper, with one parameter per placeholder', () => {
    const first = buildPaperListQuery({ q: 'puck', category: 'Physics', limit: 5 }).rum!;
    const firstSql = rumSearchSql(first, ["'puck'"], ['%ing%'], 5);
    expect(firstSql.sql).toContain("order by published_at <=| (select max(published_at) from research_papers where status = 'published')");
    expect(firstSql.params.at(-1)).toBe(6);
    expect(placeholders(firstSql.sql)).toBe(firstSql.params.length);
    const cursor = encodePaperCursor({ publishedAt: '2025-06-15T12:00:00.123456Z', id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01' });
    const next = buildPaperListQuery({ q: 'puck', cursor }).rum!;
    expect(next.cursorAt).toBe('2025-06-15T12:00:00.123456Z');
    const nextSql = rumSearchSql(next, ["'puck'"], [], 12);
    expect(nextSql.sql).toContain('order by published_at <=| ?::timestamptz');
    expect(nextSql.params.filter((param) => param === '2025-06-15T12:00:00.123456Z')).toHaveLength(3);
    expect(placeholders(nextSql.sql)).toBe(nextSql.params.length);
    const ties = rumTiesSql(next, ["'puck'"], ['%ing%'], '2025-01-01T00:00:00.000000Z');
    expect(ties.sql).toContain('published_at = ?::timestamptz');
    expect(placeholders(ties.sql)).toBe(ties.params.length);
  });
});

describe('paper cursor', () => {
  it('round-trips and keeps microseconds', () => {
    const cursor = { publishedAt: '2025-06-15T12:00:00.123456Z', id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01' };
    expect(decodePaperCursor(encodePaperCursor(cursor))).toEqual(cursor);
  });

  it.each(['', 'not base64!', Buffer.from('2025-06-15T12:00:00Z|nope').toString('base64url'), Buffer.from('yesterday|6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01').toString('base64url'), Buffer.from("x' or 1=1 --").toString('base64url')])(
    'refuses %j',
    (value) => {
      expect(decodePaperCursor(value)).toBeNull();
    },
  );
});
