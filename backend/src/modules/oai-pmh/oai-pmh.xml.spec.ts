import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { licenseOf } from '../../config/licenses.js';
import {
  errorBody,
  getRecordBody,
  identifyBody,
  listBody,
  type OaiJournal,
  type OaiRecord,
  oaiResponse,
  recordHeader,
  recordXml,
} from './oai-pmh.xml.js';

const ID = '3f1c2b4a-0000-4000-8000-000000000001';
const HOST = 'journal.example.org';
const JOURNAL: OaiJournal = { name: 'Journal of "Young" <Scientists> & Co', issn: '2049-3630', publicUrl: `https://${HOST}` };
/** Every character XML 1.0 forbids that PostgreSQL text can hold (it refuses U+0000). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const HOSTILE_BYTES = 'a\u0001b\u0008c\u000bd\u000ce\u001bf\u001fg\ufffeh\uffffi';

const record = (overrides: Partial<OaiRecord['card']> = {}, rest: Partial<OaiRecord> = {}): OaiRecord => ({
  card: {
    id: ID,
    title: 'Algae & "light"',
    authors: [
      { name: 'Ada Lovelace', school: 'North High' },
      { name: "Alan O'Turing", school: null },
    ],
    abstract: 'We grew <i>algae</i>.',
    category: 'Biology',
    publishedAt: '2026-03-04T05:06:07.000Z',
    school: 'North High',
    pdfUrl: `/api/papers/${ID}/pdf`,
    opensPdfDirectly: false,
    ...overrides,
  },
  datestamp: '2026-03-05T00:00:00Z',
  setSpecs: ['biology'],
  keywords: ['algae', 'light'],
  license: licenseOf('CC-BY-4.0'),
  doi: '10.12345/ysj.2026.00042',
  doiUrl: 'https://doi.org/10.12345/ysj.2026.00042',
  ...rest,
});

const parser = new XMLParser({ ignoreAttributes: false, htmlEntities: true, isArray: (name) => name.startsWith('dc:') || name === 'setSpec' });
const document = (body: string, echo: Record<string, string> = { verb: 'GetRecord' }) =>
  oaiResponse(new Date('2026-11-25T10:11:12.345Z'), `https://${HOST}/oai`, echo, body);
type Dc = Record<string, string[]>;
const dcOf = (xml: string): Dc => parser.parse(xml)['OAI-PMH'].GetRecord.record.metadata['oai_dc:dc'] as Dc;

describe('OAI-PMH XML', () => {
  it('wraps the answer with the namespaces, the schema locations, the date and the request', () => {
    const xml = document('<Identify/>', { verb: 'Identify' });
    expect(XMLValidator.validate(xml)).toBe(true);
    const root = parser.parse(xml)['OAI-PMH'];
    expect(root['@_xmlns']).toBe('http://www.openarchives.org/OAI/2.0/');
    expect(root['@_xsi:schemaLocation']).toBe('http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd');
    expect(root.responseDate).toBe('2026-11-25T10:11:12Z');
    expect(root.request).toEqual({ '#text': `https://${HOST}/oai`, '@_verb': 'Identify' });
  });

  it('writes no attribute on the request element when there is nothing to echo', () => {
    const xml = document(errorBody([{ code: 'badVerb', message: 'No verb' }]), {});
    expect(xml).toContain(`<request>https://${HOST}/oai</request>`);
    expect(parser.parse(xml)['OAI-PMH'].error).toEqual({ '#text': 'No verb', '@_code': 'badVerb' });
  });

  it('escapes echoed values and leaves out names that are not arguments', () => {
    const xml = document('', { verb: 'GetRecord', identifier: '"><x a="', 'bad name': 'x', 'x="1" y': 'z' });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parser.parse(xml)['OAI-PMH'].request).toEqual({ '#text': `https://${HOST}/oai`, '@_verb': 'GetRecord', '@_identifier': '"><x a="' });
  });

  it('describes a paper in Dublin Core: the card, its keywords, licence and DOI', () => {
    const xml = document(getRecordBody(recordXml(HOST, record(), JOURNAL)));
    expect(XMLValidator.validate(xml)).toBe(true);
    const header = parser.parse(xml)['OAI-PMH'].GetRecord.record.header;
    expect(header).toEqual({ identifier: `oai:${HOST}:${ID}`, datestamp: '2026-03-05T00:00:00Z', setSpec: ['biology'] });
    expect(dcOf(xml)).toMatchObject({
      '@_xsi:schemaLocation': 'http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd',
      'dc:title': ['Algae & "light"'],
      'dc:creator': ['Ada Lovelace', "Alan O'Turing"],
      'dc:subject': ['Biology', 'algae', 'light'],
      'dc:description': ['We grew <i>algae</i>.'],
      'dc:publisher': [JOURNAL.name],
      'dc:date': ['2026-03-04'],
      'dc:type': ['Text', 'info:eu-repo/semantics/article'],
      'dc:format': ['application/pdf'],
      'dc:identifier': [`https://${HOST}/papers/${ID}`, 'https://doi.org/10.12345/ysj.2026.00042'],
      'dc:source': [`${JOURNAL.name}, ISSN 2049-3630`],
      'dc:rights': ['https://creativecommons.org/licenses/by/4.0/', 'Creative Commons Attribution 4.0 International', 'info:eu-repo/semantics/openAccess'],
    });
  });

  it('leaves out what a paper or the journal does not have: a PDF, a DOI, an ISSN, a set', () => {
    const xml = document(getRecordBody(recordXml(HOST, record({ pdfUrl: null }, { doi: null, doiUrl: null, setSpecs: [], keywords: [] }), { ...JOURNAL, issn: null })));
    const dc = dcOf(xml);
    expect(dc['dc:format']).toBeUndefined();
    expect(dc['dc:source']).toBeUndefined();
    expect(dc['dc:identifier']).toEqual([`https://${HOST}/papers/${ID}`]);
    expect(dc['dc:subject']).toEqual(['Biology']);
    expect(parser.parse(xml)['OAI-PMH'].GetRecord.record.header.setSpec).toBeUndefined();
  });

  it('drops the characters XML 1.0 forbids from every value, so a hostile paper cannot break the document', () => {
    const hostile = record(
      { title: `T${HOSTILE_BYTES}`, abstract: `A${HOSTILE_BYTES}</dc:description><x>`, authors: [{ name: `N${HOSTILE_BYTES}`, school: null }] },
      { keywords: [`K${HOSTILE_BYTES}`] },
    );
    const xml = document(getRecordBody(recordXml(HOST, hostile, JOURNAL)));
    expect(xml).not.toMatch(FORBIDDEN);
    expect(XMLValidator.validate(xml)).toBe(true);
    const dc = dcOf(xml);
    expect(dc['dc:title']).toEqual(['Tabcdefghi']);
    expect(dc['dc:creator']).toEqual(['Nabcdefghi']);
    expect(dc['dc:description']).toEqual(['Aabcdefghi</dc:description><x>']);
    expect(dc['dc:subject']).toContain('Kabcdefghi');
  });

  it('drops them from echoed arguments and the journal name too', () => {
    const xml = oaiResponse(new Date(), `https://${HOST}/oai`, { verb: 'GetRecord', identifier: HOSTILE_BYTES }, identifyBody({
      repositoryName: `J${HOSTILE_BYTES}`,
      baseUrl: `https://${HOST}/oai`,
      adminEmail: 'editor@example.org',
      earliestDatestamp: '2020-01-01T00:00:00Z',
      repositoryIdentifier: HOST,
      sampleId: ID,
    }));
    expect(xml).not.toMatch(FORBIDDEN);
    expect(XMLValidator.validate(xml)).toBe(true);
  });

  it('describes the repository in Identify, with its oai-identifier when the host can be one', () => {
    const facts = { repositoryName: JOURNAL.name, baseUrl: `https://${HOST}/oai`, adminEmail: 'editor@example.org', earliestDatestamp: '2020-01-01T00:00:00Z', sampleId: ID };
    const identify = parser.parse(document(identifyBody({ ...facts, repositoryIdentifier: HOST }), { verb: 'Identify' }))['OAI-PMH'].Identify;
    expect(identify).toMatchObject({
      repositoryName: JOURNAL.name,
      baseURL: `https://${HOST}/oai`,
      protocolVersion: 2,
      adminEmail: 'editor@example.org',
      earliestDatestamp: '2020-01-01T00:00:00Z',
      deletedRecord: 'no',
      granularity: 'YYYY-MM-DDThh:mm:ssZ',
      description: { 'oai-identifier': { scheme: 'oai', repositoryIdentifier: HOST, delimiter: ':', sampleIdentifier: `oai:${HOST}:${ID}` } },
    });
    const local = parser.parse(document(identifyBody({ ...facts, repositoryIdentifier: null }), { verb: 'Identify' }))['OAI-PMH'].Identify;
    expect(local.description).toBeUndefined();
  });

  it('ends a list with its token, or with none when it fits one page', () => {
    const header = recordHeader(HOST, record());
    const split = parser.parse(document(listBody('ListIdentifiers', [header], { token: 'abc', completeListSize: 3, cursor: 0 }), { verb: 'ListIdentifiers' }));
    expect(split['OAI-PMH'].ListIdentifiers.resumptionToken).toEqual({ '#text': 'abc', '@_completeListSize': '3', '@_cursor': '0' });
    const last = parser.parse(document(listBody('ListIdentifiers', [header], { token: '', completeListSize: 3, cursor: 2 }), { verb: 'ListIdentifiers' }));
    expect(last['OAI-PMH'].ListIdentifiers.resumptionToken).toEqual({ '@_completeListSize': '3', '@_cursor': '2' });
    const whole = parser.parse(document(listBody('ListIdentifiers', [header], null), { verb: 'ListIdentifiers' }));
    expect(whole['OAI-PMH'].ListIdentifiers.resumptionToken).toBeUndefined();
  });
});
