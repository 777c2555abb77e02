import { decodePaperCursor, encodePaperCursor } from './paper-cursor.js';
import { escapeLike, MAX_PARTS, MAX_SHORT_PARTS, searchFilterSql, searchIndexSql, searchPlan, searchTerms } from './paper-search.js';

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
