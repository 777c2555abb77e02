import { decodePaperCursor, encodePaperCursor } from './paper-cursor.js';
import { escapeLike, prefixTsQuery, searchConditionSql, searchTerms } from './paper-search.js';

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

  it('keeps only letters and digits in the tsquery, each a quoted prefix', () => {
    expect(prefixTsQuery('climate')).toBe("'climate':*");
    expect(prefixTsQuery("o'brien&|!:*()")).toBe("'o':* & 'brien':*");
    expect(prefixTsQuery('%_')).toBeNull();
    expect(prefixTsQuery('Ünïcode')).toBe("'ünïcode':*");
  });

  it('builds one condition per word: trigram from three characters, a full-text prefix below', () => {
    expect(searchConditionSql('Hop ne')).toEqual({
      sql: "search_text ilike ? and search_vector @@ to_tsquery('simple', ?)",
      params: ['%hop%', "'ne':*"],
    });
    expect(searchConditionSql('%')).toEqual({ sql: 'search_text ilike ?', params: ['%\\%%'] });
    expect(searchConditionSql("50%_off o'b")).toEqual({
      sql: 'search_text ilike ? and search_text ilike ?',
      params: ['%50\\%\\_off%', "%o'b%"],
    });
    expect(searchConditionSql('   ')).toBeNull();
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
