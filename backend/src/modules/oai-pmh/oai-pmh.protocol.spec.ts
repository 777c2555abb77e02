import {
  argumentPairs,
  decodeResumptionToken,
  encodeResumptionToken,
  formatDatestamp,
  isDeclarableRepositoryIdentifier,
  type OaiListSelection,
  oaiIdentifier,
  paperIdOf,
  parseListSelection,
  parseOaiDate,
  parseOaiRequest,
  repositoryIdentifierOf,
  setSpecOf,
} from './oai-pmh.protocol.js';

const ID = '3f1c2b4a-0000-4000-8000-000000000001';
const HOST = 'journal.example.org';

/** The error code a query string earns, or `ok`. */
const outcome = (query: string) => {
  const parsed = parseOaiRequest(argumentPairs(query));
  return parsed.ok ? 'ok' : parsed.error.code;
};

describe('parseOaiRequest', () => {
  it.each([
    ['', 'badVerb'],
    ['metadataPrefix=oai_dc', 'badVerb'],
    ['verb=Frobnicate', 'badVerb'],
    ['verb=identify', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=Identify&verb=ListSets', 'badVerb'],
  ])('refuses the verb of %j: %s, echoing no argument', (query, code) => {
    const parsed = parseOaiRequest(argumentPairs(query));
    expect(parsed).toEqual({ ok: false, error: { code, message: expect.any(String) }, echo: {} });
  });

  it.each([
    ['verb=Identify&metadataPrefix=oai_dc', 'an argument the verb does not take'],
    ['verb=ListRecords', 'a missing metadataPrefix'],
    ['verb=ListIdentifiers&from=2025-01-01', 'a missing metadataPrefix'],
    ['verb=GetRecord&metadataPrefix=oai_dc', 'a missing identifier'],
    [`verb=GetRecord&identifier=oai:${HOST}:${ID}`, 'a missing metadataPrefix'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'a repeated argument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=a&set=b', 'a repeated set'],
    ['verb=ListRecords&resumptionToken=abc&metadataPrefix=oai_dc', 'a resumption token with another argument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-13-01', 'a month that does not exist'],
    ['verb=ListRecords&metadataPrefix=oai_dc&until=2025-02-30', 'a day that does not exist'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01T00:00:00.5Z', 'a fraction of a second'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01T00:00:00%2B01:00', 'an offset instead of Z'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01&until=2025-02-01T00:00:00Z', 'two granularities'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-02-01&until=2025-01-31', 'from after until'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&from=2025-01-01T00:00:01Z&until=2025-01-01T00:00:00Z', 'from a second after until'],
  ])('answers badArgument to %j (%s), echoing no argument', (query) => {
    const parsed = parseOaiRequest(argumentPairs(query));
    expect(parsed).toEqual({ ok: false, error: { code: 'badArgument', message: expect.any(String) }, echo: {} });
  });

  it('checks the arguments before the format: a bad date with an unknown format is badArgument', () => {
    expect(outcome('verb=ListRecords&metadataPrefix=marc&from=yesterday')).toBe('badArgument');
  });

  it.each([
    'verb=ListRecords&metadataPrefix=marc21',
    'verb=ListIdentifiers&metadataPrefix=OAI_DC',
    `verb=GetRecord&identifier=oai:${HOST}:${ID}&metadataPrefix=mods`,
  ])('answers cannotDisseminateFormat to %j, echoing the arguments', (query) => {
    const parsed = parseOaiRequest(argumentPairs(query));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.code).toBe('cannotDisseminateFormat');
    expect(parsed.echo).toEqual(Object.fromEntries(argumentPairs(query)));
  });

  it.each([
    'verb=ListRecords&resumptionToken=garbage',
    'verb=ListRecords&resumptionToken=',
    `verb=ListRecords&resumptionToken=${Buffer.from('{"v":1}').toString('base64url')}`,
    'verb=ListSets&resumptionToken=anything',
  ])('answers badResumptionToken to %j', (query) => {
    expect(outcome(query)).toBe('badResumptionToken');
  });

  it('takes each verb with its arguments, and echoes them', () => {
    expect(parseOaiRequest(argumentPairs('verb=Identify'))).toEqual({ ok: true, request: { verb: 'Identify' }, echo: { verb: 'Identify' } });
    expect(parseOaiRequest(argumentPairs('verb=ListSets'))).toMatchObject({ ok: true, request: { verb: 'ListSets' } });
    expect(parseOaiRequest(argumentPairs('verb=ListMetadataFormats&identifier=x'))).toMatchObject({ ok: true, request: { identifier: 'x' } });
    const getRecord = `verb=GetRecord&identifier=oai%3A${HOST}%3A${ID}&metadataPrefix=oai_dc`;
    expect(parseOaiRequest(argumentPairs(getRecord))).toEqual({
      ok: true,
      request: { verb: 'GetRecord', identifier: `oai:${HOST}:${ID}`, metadataPrefix: 'oai_dc' },
      echo: { verb: 'GetRecord', identifier: `oai:${HOST}:${ID}`, metadataPrefix: 'oai_dc' },
    });
    const list = parseOaiRequest(argumentPairs('verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01&until=2025-01-31&set=physics'));
    expect(list).toMatchObject({
      ok: true,
      request: { verb: 'ListRecords', selection: { metadataPrefix: 'oai_dc', from: { text: '2025-01-01' }, until: { text: '2025-01-31' }, set: 'physics' } },
    });
  });

  it('accepts from equal to until', () => {
    expect(outcome('verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01&until=2025-01-01')).toBe('ok');
    expect(outcome('verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01T10:00:00Z&until=2025-01-01T10:00:00Z')).toBe('ok');
  });
});

describe('dates', () => {
  it('reads a day as the whole UTC day', () => {
    const day = parseOaiDate('2024-02-29');
    expect(day).toEqual({ text: '2024-02-29', granularity: 'day', start: new Date('2024-02-29T00:00:00Z'), end: new Date('2024-03-01T00:00:00Z') });
  });

  it('reads a second as that whole second', () => {
    const second = parseOaiDate('2025-06-15T12:30:45Z');
    expect(second).toEqual({ text: '2025-06-15T12:30:45Z', granularity: 'second', start: new Date('2025-06-15T12:30:45Z'), end: new Date('2025-06-15T12:30:46Z') });
  });

  it.each(['2023-02-29', '0000-01-01', '2025-1-01', '2025-01-01T24:00:00Z', '2025-01-01T10:00Z', '2025-01-01 10:00:00Z', '2025-01-01T10:00:00.000Z', ' 2025-01-01', ''])(
    'refuses %j',
    (text) => {
      expect(parseOaiDate(text)).toBeNull();
    },
  );

  it('writes datestamps at seconds granularity, cutting the fraction', () => {
    expect(formatDatestamp('2025-06-15T12:30:45.999999Z')).toBe('2025-06-15T12:30:45Z');
    expect(formatDatestamp(new Date('2025-06-15T12:30:45.999Z'))).toBe('2025-06-15T12:30:45Z');
  });
});

describe('identifiers', () => {
  it('names a paper oai:<host>:<id> and reads its id back', () => {
    expect(repositoryIdentifierOf('https://Journal.Example.org:8443')).toBe(HOST);
    expect(oaiIdentifier(HOST, ID)).toBe(`oai:${HOST}:${ID}`);
    expect(paperIdOf(`oai:${HOST}:${ID}`, HOST)).toBe(ID);
    expect(paperIdOf(`oai:${HOST}:${ID.toUpperCase()}`, HOST)).toBe(ID);
  });

  it.each([`oai:other.example.org:${ID}`, `oai:${HOST}:not-a-uuid`, `oai:${HOST}:${ID}x`, ID, `${HOST}:${ID}`, ''])('reads no paper from %j', (identifier) => {
    expect(paperIdOf(identifier, HOST)).toBeNull();
  });

  it('declares a repository identifier only for a domain name', () => {
    expect(isDeclarableRepositoryIdentifier(HOST)).toBe(true);
    expect(isDeclarableRepositoryIdentifier('localhost')).toBe(false);
    expect(isDeclarableRepositoryIdentifier('127.0.0.1')).toBe(false);
  });

  it('makes a set of a category', () => {
    expect(setSpecOf('Computer Science')).toBe('computer-science');
    expect(setSpecOf('Physics')).toBe('physics');
  });
});

describe('resumption tokens', () => {
  const selection = parseListSelection({ metadataPrefix: 'oai_dc', from: '2025-01-01', until: '2025-12-31', set: 'physics' }) as OaiListSelection;
  const position = { datestamp: '2025-03-04T05:06:07.123456Z', id: ID, cursor: 100, completeListSize: 250 };

  it('carries the arguments and the position through the harvester, opaque', () => {
    const token = encodeResumptionToken('ListRecords', selection, position);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeResumptionToken(token)).toEqual({ verb: 'ListRecords', selection, position });
    const parsed = parseOaiRequest([['verb', 'ListRecords'], ['resumptionToken', token]]);
    expect(parsed).toEqual({ ok: true, request: { verb: 'ListRecords', selection, position }, echo: { verb: 'ListRecords', resumptionToken: token } });
  });

  it('carries a list without from, until or set', () => {
    const bare = parseListSelection({ metadataPrefix: 'oai_dc' }) as OaiListSelection;
    expect(decodeResumptionToken(encodeResumptionToken('ListIdentifiers', bare, position))).toEqual({ verb: 'ListIdentifiers', selection: bare, position });
  });

  it('resumes only the verb it was given for', () => {
    const token = encodeResumptionToken('ListIdentifiers', selection, position);
    expect(outcome(`verb=ListIdentifiers&resumptionToken=${token}`)).toBe('ok');
    expect(outcome(`verb=ListRecords&resumptionToken=${token}`)).toBe('badResumptionToken');
  });

  const forged = (changes: Record<string, unknown>) => {
    const contents = JSON.parse(Buffer.from(encodeResumptionToken('ListRecords', selection, position), 'base64url').toString('utf8')) as Record<string, unknown>;
    return Buffer.from(JSON.stringify({ ...contents, ...changes }), 'utf8').toString('base64url');
  };

  it.each([
    ['another version', { v: 2 }],
    ['another verb', { verb: 'GetRecord' }],
    ['another format', { p: 'marc21' }],
    ['a date that does not exist', { f: '2025-02-30' }],
    ['from after until', { f: '2026-01-01' }],
    ['a position that is no timestamp', { d: '2025-03-04' }],
    ['a position on a day that does not exist', { d: '2025-02-30T05:06:07.123456Z' }],
    ['a position that is SQL', { d: "2025-03-04T05:06:07.123456Z'; drop table research_papers; --" }],
    ['an id that is no uuid', { i: 'x' }],
    ['a negative cursor', { c: -1 }],
    ['a fractional size', { n: 1.5 }],
    ['a set that is no string', { s: 7 }],
  ])('refuses a token with %s', (_name, changes) => {
    expect(decodeResumptionToken(forged(changes))).toBeNull();
  });

  it.each([
    ['not base64url', 'abc+/='],
    ['not JSON', Buffer.from('not json').toString('base64url')],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['a JSON string', Buffer.from('"x"').toString('base64url')],
    ['empty', ''],
  ])('refuses a garbled token: %s', (_name, token) => {
    expect(decodeResumptionToken(token)).toBeNull();
  });

  it('refuses a token cut short', () => {
    const token = encodeResumptionToken('ListRecords', selection, position);
    expect(decodeResumptionToken(token.slice(0, -5))).toBeNull();
  });
});
