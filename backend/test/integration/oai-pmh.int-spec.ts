import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { overrideOaiPageSize } from '../../src/modules/oai-pmh/oai-pmh.service.js';
import { createAccount, sql } from '../support/accounts.js';
import { createPaper, type PaperInput } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HARVEST_SCRIPT = fileURLToPath(new URL('../support/oai-harvest.pl', import.meta.url));
const PUBLIC_URL = 'https://journal.example.org';
const HOST = 'journal.example.org';
const JOURNAL_NAME = 'Journal of "Young" <Scientists> & Co';
const CONTACT = 'editors@journal.example.org';
const ISSN = '2049-3630';
const DOI = '10.12345/ysj.2001.00001';

/** What oai-harvest.pl prints: what HTTP::OAI parsed from the repository's answers. */
interface Header {
  identifier: string;
  datestamp: string;
  setSpecs: string[];
}
interface Harvest {
  httpCode: number;
  isError: boolean;
  message: string;
  errors: { code: string; message: string }[];
  requests: number;
  identify?: Record<string, string> & { adminEmails: string[]; descriptions: string[] };
  formats?: { metadataPrefix: string; schema: string; metadataNamespace: string }[];
  sets?: { setSpec: string; setName: string }[];
  headers?: Header[];
  records?: (Header & { dc: Record<string, string[]> })[];
}

/**
 * The test's papers, each with its own datestamp (when it last changed: the later of updated_at
 * and published_at) in 2001, long before any other suite's papers: `from`/`until` in 2001 select
 * exactly these. Two share a second; two are the first and last instants of a day.
 */
const PAPERS = {
  // Published in 2000 and changed since: its datestamp is the change, its dc:date the publication.
  bees: { publishedAt: '2000-12-01T10:00:00.000Z', updatedAt: '2001-02-03T04:05:06.789Z', category: 'Physics' },
  algae: { publishedAt: '2001-02-03T04:05:06.900Z', updatedAt: '2001-01-01T00:00:00.000Z', category: 'Biology' },
  hostile: { publishedAt: '2001-03-01T00:00:00.000Z', updatedAt: '2001-03-01T00:00:00.000Z', category: 'Chemistry' },
  sound: { publishedAt: '2001-02-01T00:00:00.000Z', updatedAt: '2001-03-01T23:59:59.500Z', category: 'Physics' },
  code: { publishedAt: '2001-04-15T12:00:00.000Z', updatedAt: '2001-04-15T12:00:00.000Z', category: 'Computer Science' },
  // Filed under Physics, shown as Biology (display-rules.ts): its set is the one readers see.
  alzheimer: { publishedAt: '2001-05-01T00:00:00.000Z', updatedAt: '2001-05-01T00:00:00.000Z', category: 'Physics' },
} as const;
type PaperName = keyof typeof PAPERS;
const IN_2001 = ['from=2001-01-01', 'until=2001-12-31'];

describe('OAI-PMH at /oai, harvested with HTTP::OAI', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let restorePageSize: () => void = () => undefined;
  const ids = {} as Record<PaperName, string>;
  let hiddenId: string;
  const identifierOf = (id: string) => `oai:${HOST}:${id}`;
  const nameOf = (identifier: string) => (Object.entries(ids).find(([, id]) => identifierOf(id) === identifier)?.[0] ?? identifier) as PaperName;

  async function harvest(verb: string, ...args: string[]): Promise<Harvest> {
    const { stdout } = await promisify(execFile)('perl', [HARVEST_SCRIPT, baseUrl, verb, ...args], { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as Harvest;
  }
  const errorCodes = (result: Harvest) => result.errors.map((error) => error.code);

  beforeAll(async () => {
    testApp = await startTestApp({
      env: { PUBLIC_URL, JOURNAL_NAME, JOURNAL_CONTACT_EMAIL: CONTACT, JOURNAL_ISSN: ISSN },
    });
    await testApp.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(testApp.server.address() as AddressInfo).port}/oai`;
    const owner = await createAccount(testApp);
    const inputs: Record<PaperName, Omit<PaperInput, 'userId'>> = {
      bees: {
        title: 'Bees & "Flowers" <b>in the city</b>',
        abstract: 'Bees visit flowers. <i>Often</i> & more.',
        authors: [
          { name: 'Ana Lopez', email: 'ana@example.org', school: 'North High' },
          { name: "Brian O'Neil", email: 'brian@example.org', school: 'North High' },
        ],
        keywords: 'pollination, bees; Urban  ecology,',
        withPdf: true,
      },
      algae: { title: 'Algae under blue light' },
      hostile: { title: 'Salt\u0001 crystals\u000b grow\u001f', abstract: 'Crystals\u0008 grow </dc:description> in brine.' },
      sound: { title: 'Sound in water' },
      code: { title: 'Sorting networks' },
      alzheimer: { title: "Proteins in Alzheimer's Disease" },
    };
    for (const name of Object.keys(PAPERS) as PaperName[]) {
      const paper = await createPaper(testApp, { userId: owner.id, category: PAPERS[name].category, ...inputs[name] });
      ids[name] = paper.id;
      await sql(testApp.app, 'update research_papers set published_at = ?, updated_at = ? where id = ?', [PAPERS[name].publishedAt, PAPERS[name].updatedAt, paper.id]);
    }
    await sql(testApp.app, "update research_papers set doi = ?, license = 'CC-BY-SA-4.0' where id = ?", [DOI, ids.bees]);
    // Not published, with a datestamp among theirs: it must never appear.
    hiddenId = (await createPaper(testApp, { userId: owner.id, title: 'Hidden findings', status: PaperStatus.Submitted, category: 'Physics' })).id;
    await sql(testApp.app, 'update research_papers set updated_at = ? where id = ?', ['2001-03-01T12:00:00Z', hiddenId]);
  });

  afterEach(() => restorePageSize());

  afterAll(async () => {
    await testApp?.close();
  });

  it('identifies the repository', async () => {
    const [earliest] = await sql<{ datestamp: string }>(
      testApp.app,
      `select to_char(min(greatest(updated_at, published_at)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as datestamp from research_papers where status = 'published'`,
    );
    const result = await harvest('Identify');
    expect(result.errors).toEqual([]);
    expect(result.identify).toMatchObject({
      repositoryName: JOURNAL_NAME,
      baseURL: `${PUBLIC_URL}/oai`,
      protocolVersion: '2.0',
      adminEmails: [CONTACT],
      earliestDatestamp: earliest.datestamp,
      deletedRecord: 'no',
      granularity: 'YYYY-MM-DDThh:mm:ssZ',
    });
    expect(earliest.datestamp <= '2001-02-03T04:05:06Z').toBe(true);
    expect(result.identify!.descriptions.join('')).toContain(`<repositoryIdentifier>${HOST}</repositoryIdentifier>`);
  });

  it('lists oai_dc as its only metadata format, for the repository and for a published paper', async () => {
    const oaiDc = { metadataPrefix: 'oai_dc', schema: 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd', metadataNamespace: 'http://www.openarchives.org/OAI/2.0/oai_dc/' };
    expect((await harvest('ListMetadataFormats')).formats).toEqual([oaiDc]);
    expect((await harvest('ListMetadataFormats', `identifier=${identifierOf(ids.bees)}`)).formats).toEqual([oaiDc]);
    expect(errorCodes(await harvest('ListMetadataFormats', `identifier=${identifierOf(hiddenId)}`))).toEqual(['idDoesNotExist']);
  });

  it('lists one set per category', async () => {
    const { sets, errors } = await harvest('ListSets');
    expect(errors).toEqual([]);
    expect(sets).toEqual(
      expect.arrayContaining([
        { setSpec: 'biology', setName: 'Biology' },
        { setSpec: 'physics', setName: 'Physics' },
        { setSpec: 'chemistry', setName: 'Chemistry' },
        { setSpec: 'computer-science', setName: 'Computer Science' },
        { setSpec: 'environmental-science', setName: 'Environmental Science' },
      ]),
    );
    expect(new Set(sets!.map((set) => set.setSpec)).size).toBe(sets!.length);
  });

  it('gives every published paper exactly once over resumption tokens, oldest datestamp first, and no unpublished one', async () => {
    restorePageSize = overrideOaiPageSize(2);
    const result = await harvest('ListRecords', 'metadataPrefix=oai_dc', ...IN_2001);
    expect(result.errors).toEqual([]);
    // Six papers, two a page: the library followed two tokens.
    expect(result.requests).toBe(3);
    expect(result.records!.map((record) => [nameOf(record.identifier), record.datestamp, record.setSpecs])).toEqual([
      ['bees', '2001-02-03T04:05:06Z', ['physics']],
      ['algae', '2001-02-03T04:05:06Z', ['biology']],
      ['hostile', '2001-03-01T00:00:00Z', ['chemistry']],
      ['sound', '2001-03-01T23:59:59Z', ['physics']],
      ['code', '2001-04-15T12:00:00Z', ['computer-science']],
      ['alzheimer', '2001-05-01T00:00:00Z', ['biology']],
    ]);
  });

  it('lists the identifiers of all the published papers there are, each once', async () => {
    const published = await sql<{ id: string }>(testApp.app, "select id from research_papers where status = 'published'");
    // About five pages, however many papers the other suites left.
    restorePageSize = overrideOaiPageSize(Math.max(2, Math.ceil(published.length / 5)));
    const result = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc');
    expect(result.errors).toEqual([]);
    expect(result.requests).toBeGreaterThan(2);
    const harvested = result.headers!.map((header) => header.identifier);
    expect(harvested).toHaveLength(published.length);
    expect([...harvested].sort()).toEqual(published.map((row) => identifierOf(row.id)).sort());
    expect(harvested).not.toContain(identifierOf(hiddenId));
    const datestamps = result.headers!.map((header) => header.datestamp);
    expect(datestamps).toEqual([...datestamps].sort());
  });

  it.each([
    ['a second, in seconds granularity', ['from=2001-02-03T04:05:06Z', 'until=2001-02-03T04:05:06Z'], ['bees', 'algae']],
    ['one day, from its first instant to its last', ['from=2001-03-01', 'until=2001-03-01'], ['hostile', 'sound']],
    ['until a day', ['from=2001-01-01', 'until=2001-02-28'], ['bees', 'algae']],
    ['from a second on', ['from=2001-03-01T23:59:59Z', 'until=2001-12-31T23:59:59Z'], ['sound', 'code', 'alzheimer']],
    ['until a second', ['from=2001-01-01T00:00:00Z', 'until=2001-02-03T04:05:05Z'], []],
  ])('selects by datestamp: %s', async (_name, args, expected) => {
    const result = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc', ...args);
    if (expected.length === 0) expect(errorCodes(result)).toEqual(['noRecordsMatch']);
    else expect(errorCodes(result)).toEqual([]);
    expect((result.headers ?? []).map((header) => nameOf(header.identifier))).toEqual(expected);
  });

  it.each([
    ['biology', ['algae', 'alzheimer']],
    ['physics', ['bees', 'sound']],
    ['computer-science', ['code']],
  ])('selects the set %s, as readers see the categories', async (set, expected) => {
    restorePageSize = overrideOaiPageSize(1);
    const result = await harvest('ListRecords', 'metadataPrefix=oai_dc', `set=${set}`, ...IN_2001);
    expect(result.errors).toEqual([]);
    expect(result.records!.map((record) => nameOf(record.identifier))).toEqual(expected);
    expect(result.records!.every((record) => record.setSpecs.includes(set))).toBe(true);
  });

  it('describes a paper in Dublin Core as its page does, with its licence and DOI', async () => {
    const result = await harvest('GetRecord', `identifier=${identifierOf(ids.bees)}`, 'metadataPrefix=oai_dc');
    expect(result.errors).toEqual([]);
    expect(result.records).toHaveLength(1);
    const [record] = result.records!;
    expect(record).toMatchObject({ identifier: identifierOf(ids.bees), datestamp: '2001-02-03T04:05:06Z', setSpecs: ['physics'] });
    expect(record.dc).toEqual({
      title: ['Bees & "Flowers" <b>in the city</b>'],
      creator: ['Ana Lopez', "Brian O'Neil"],
      subject: ['Physics', 'pollination', 'bees', 'Urban ecology'],
      description: ['Bees visit flowers. <i>Often</i> & more.'],
      publisher: [JOURNAL_NAME],
      date: ['2000-12-01'],
      type: ['Text', 'info:eu-repo/semantics/article'],
      format: ['application/pdf'],
      identifier: [`${PUBLIC_URL}/papers/${ids.bees}`, `https://doi.org/${DOI}`],
      source: [`${JOURNAL_NAME}, ISSN ${ISSN}`],
      rights: ['https://creativecommons.org/licenses/by-sa/4.0/', 'Creative Commons Attribution-ShareAlike 4.0 International', 'info:eu-repo/semantics/openAccess'],
    });
  });

  it('shows a paper without a DOI or a PDF, and its display rules', async () => {
    const { records } = await harvest('GetRecord', `identifier=${identifierOf(ids.alzheimer)}`, 'metadataPrefix=oai_dc');
    expect(records![0].setSpecs).toEqual(['biology']);
    expect(records![0].dc).toMatchObject({
      subject: ['Biology'],
      date: ['2024-10-01'],
      identifier: [`${PUBLIC_URL}/papers/${ids.alzheimer}`],
      rights: ['https://creativecommons.org/licenses/by/4.0/', 'Creative Commons Attribution 4.0 International', 'info:eu-repo/semantics/openAccess'],
    });
    expect(records![0].dc.format).toBeUndefined();
  });

  it('drops the characters XML forbids, so a harvester can parse a hostile paper', async () => {
    const { records, errors } = await harvest('GetRecord', `identifier=${identifierOf(ids.hostile)}`, 'metadataPrefix=oai_dc');
    expect(errors).toEqual([]);
    expect(records![0].dc).toMatchObject({ title: ['Salt crystals grow'], description: ['Crystals grow </dc:description> in brine.'] });
  });

  it.each([
    ['an unknown verb', 'badVerb', ['Frobnicate']],
    ['a missing argument', 'badArgument', ['ListRecords', 'force=1']],
    ['an argument the verb does not take', 'badArgument', ['Identify', 'force=1', 'metadataPrefix=oai_dc']],
    ['a resumption token with other arguments', 'badArgument', ['ListIdentifiers', 'force=1', 'resumptionToken=x', 'metadataPrefix=oai_dc']],
    ['from after until', 'badArgument', ['ListRecords', 'force=1', 'metadataPrefix=oai_dc', 'from=2001-02-01', 'until=2001-01-01']],
    ['two granularities', 'badArgument', ['ListRecords', 'force=1', 'metadataPrefix=oai_dc', 'from=2001-01-01', 'until=2001-02-01T00:00:00Z']],
    ['another format', 'cannotDisseminateFormat', ['ListRecords', 'force=1', 'metadataPrefix=marc21']],
    ['another format for a record', 'cannotDisseminateFormat', ['GetRecord', 'force=1', 'metadataPrefix=mods', `identifier=oai:${HOST}:00000000-0000-4000-8000-000000000000`]],
    ['an unknown paper', 'idDoesNotExist', ['GetRecord', 'metadataPrefix=oai_dc', `identifier=oai:${HOST}:00000000-0000-4000-8000-000000000000`]],
    ['a malformed identifier', 'idDoesNotExist', ['GetRecord', 'force=1', 'metadataPrefix=oai_dc', `identifier=oai:${HOST}:42`]],
    ['an empty range', 'noRecordsMatch', ['ListRecords', 'metadataPrefix=oai_dc', 'from=1990-01-01', 'until=1990-12-31']],
    ['a set that does not exist', 'noRecordsMatch', ['ListIdentifiers', 'metadataPrefix=oai_dc', 'set=astrology']],
    ['a garbled resumption token', 'badResumptionToken', ['ListRecords', 'resumptionToken=garbage']],
  ])('reports %s as %s through the library', async (_name, code, [verb, ...args]) => {
    const result = await harvest(verb, ...args);
    expect(errorCodes(result)).toEqual([code]);
  });

  it('hides an unpublished paper and another repository’s identifier', async () => {
    expect(errorCodes(await harvest('GetRecord', 'metadataPrefix=oai_dc', `identifier=${identifierOf(hiddenId)}`))).toEqual(['idDoesNotExist']);
    expect(errorCodes(await harvest('GetRecord', 'metadataPrefix=oai_dc', `identifier=oai:elsewhere.example.org:${ids.bees}`))).toEqual(['idDoesNotExist']);
  });

  describe('over HTTP', () => {
    it('answers errors with 200 and XML, not to be cached', async () => {
      const response = await request(testApp.server).get('/oai?verb=Nonsense&x=1').expect(200);
      expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.text).toContain(`<request>${PUBLIC_URL}/oai</request>`);
      expect(response.text).toContain('<error code="badVerb">');
    });

    it('numbers the pages of a list in its tokens: the list size, and the records before the page', async () => {
      restorePageSize = overrideOaiPageSize(4);
      const first = await request(testApp.server).get('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&from=2001-01-01&until=2001-12-31').expect(200);
      const token = /<resumptionToken completeListSize="6" cursor="0">([A-Za-z0-9_-]+)<\/resumptionToken>/.exec(first.text)?.[1];
      expect(token).toBeDefined();
      const last = await request(testApp.server).get(`/oai?verb=ListIdentifiers&resumptionToken=${token}`).expect(200);
      expect(last.text).toContain('<resumptionToken completeListSize="6" cursor="4"></resumptionToken>');
      expect(last.text.match(/<header>/g)).toHaveLength(2);
    });

    it('refuses a repeated argument', async () => {
      const response = await request(testApp.server).get('/oai?verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc').expect(200);
      expect(response.text).toContain('<error code="badArgument">');
    });

    it('answers hostile arguments in every slot with the protocol, never 5xx, and an XML a parser takes', async () => {
      // Odd bytes, a forged token, a huge value, markup: in the raw query and in a form body.
      const hostile = ['%00', '%ED%A0%80', '%FF%FE', `${'A'.repeat(20_000)}`, '%3Cx%3E%26%22', '..%2F..%2Fetc', '1e309', '%E2%80%AE'];
      const slots = ['verb', 'metadataPrefix', 'identifier', 'from', 'until', 'set', 'resumptionToken', 'other'];
      for (const value of hostile) {
        for (const slot of slots) {
          const args = slot === 'verb' ? `verb=${value}` : `verb=ListRecords&metadataPrefix=oai_dc&${slot}=${value}`;
          for (const response of [
            await request(testApp.server).get(`/oai?${args}`),
            await request(testApp.server).post('/oai').type('form').send(args),
          ]) {
            expect(response.status).toBeLessThan(500);
            if (response.status !== 200) continue; // a form body past its limit: 413 before it is read
            expect(response.text).toMatch(/<error code="(badVerb|badArgument|badResumptionToken|cannotDisseminateFormat|noRecordsMatch)">/);
            // Nothing of the hostile value comes back unescaped, and no character XML 1.0 forbids.
            // eslint-disable-next-line no-control-regex
            expect(response.text).not.toMatch(/<x>|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
          }
        }
      }
    });

    it('takes the arguments as a form body by POST', async () => {
      const response = await request(testApp.server)
        .post('/oai')
        .type('form')
        .send(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifierOf(ids.code))}`)
        .expect(200);
      expect(response.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(response.text).toContain(`<request verb="GetRecord" metadataPrefix="oai_dc" identifier="${identifierOf(ids.code)}">`);
      expect(response.text).toContain('<dc:title>Sorting networks</dc:title>');
      const repeated = await request(testApp.server).post('/oai').type('form').send('verb=Identify&verb=Identify').expect(200);
      expect(repeated.text).toContain('<error code="badVerb">');
      expect(repeated.text).toContain(`<request>${PUBLIC_URL}/oai</request>`);
    });
  });
});
