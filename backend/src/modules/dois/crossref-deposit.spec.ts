import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { licenseOf } from '../../config/licenses.js';
import { crossrefDepositXml, type DepositedPaper, type DepositingJournal, depositTimestamp } from './crossref-deposit.js';

const PAPER: DepositedPaper = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890',
  doi: '10.12345/ysj.2025.00042',
  title: 'Microplastics after rain & <storms>',
  authors: [
    { name: 'Maya Chen', school: 'North High' },
    { name: 'Ludwig van Beethoven', school: null },
    { name: 'Prince', school: null },
  ],
  abstract: 'We counted particles\u0001 after rain.',
  publishedAt: '2025-09-05T10:00:00.000Z',
  license: licenseOf('CC-BY-4.0'),
  pageUrl: 'https://journal.example.org/papers/6f1c2d3e-4b5a-4c6d-8e7f-901234567890',
  pdfUrl: 'https://journal.example.org/api/papers/6f1c2d3e-4b5a-4c6d-8e7f-901234567890/pdf',
};
const JOURNAL: DepositingJournal = { name: 'Young Scientists Journal', shortName: 'YSJ', issn: '2049-3630', depositorName: 'YSJ editors', depositorEmail: 'editor@example.org' };
const NOW = new Date('2026-11-25T07:08:09.123Z');

// The parsed document's shape is what the tests check, so it is read loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const parse = (xml: string): any => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'person_name' }).parse(xml);

describe('crossrefDepositXml', () => {
  const xml = crossrefDepositXml(PAPER, JOURNAL, NOW);
  const batch = parse(xml).doi_batch;
  const article = batch.body.journal.journal_article;

  it('is well-formed XML in the namespace of Crossref schema 5.3.1', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(batch['@version']).toBe('5.3.1');
    expect(batch['@xmlns']).toBe('http://www.crossref.org/schema/5.3.1');
    expect(batch['@xsi:schemaLocation']).toBe('http://www.crossref.org/schema/5.3.1 https://www.crossref.org/schemas/crossref5.3.1.xsd');
  });

  it('names the depositor, the registrant and a timestamp that grows with time', () => {
    expect(batch.head.depositor).toEqual({ depositor_name: 'YSJ editors', email_address: 'editor@example.org' });
    expect(batch.head.registrant).toBe('Young Scientists Journal');
    expect(String(batch.head.timestamp)).toBe('20261125070809123');
    expect(depositTimestamp(new Date(NOW.getTime() + 1)) > depositTimestamp(NOW)).toBe(true);
    expect(batch.head.doi_batch_id).toBe(`${PAPER.id}-20261125070809123`);
  });

  it('gives the journal and the article: title, authors split into given name and surname, abstract, date', () => {
    expect(batch.body.journal.journal_metadata).toMatchObject({ full_title: 'Young Scientists Journal', abbrev_title: 'YSJ', issn: { '#text': '2049-3630', '@media_type': 'electronic' } });
    expect(article.titles.title).toBe('Microplastics after rain & <storms>');
    expect(article.contributors.person_name).toEqual([
      {
        '@sequence': 'first',
        '@contributor_role': 'author',
        given_name: 'Maya',
        surname: 'Chen',
        affiliations: { institution: { institution_name: 'North High' } },
      },
      { '@sequence': 'additional', '@contributor_role': 'author', given_name: 'Ludwig', surname: 'van Beethoven' },
      { '@sequence': 'additional', '@contributor_role': 'author', surname: 'Prince' },
    ]);
    // The control character XML 1.0 forbids is dropped, so Crossref's parser accepts the file.
    expect(article['jats:abstract']['jats:p']).toBe('We counted particles after rain.');
    expect(article.publication_date).toEqual({ '@media_type': 'online', month: 9, day: 5, year: 2025 });
  });

  it('registers the DOI for the paper page, with the licence and the PDF for text mining', () => {
    expect(article.doi_data.doi).toBe(PAPER.doi);
    expect(article.doi_data.resource).toBe(PAPER.pageUrl);
    expect(article.doi_data.collection.item.resource).toEqual({ '#text': PAPER.pdfUrl, '@mime_type': 'application/pdf' });
    expect(article['ai:program']['ai:license_ref']).toEqual({ '#text': 'https://creativecommons.org/licenses/by/4.0/', '@applies_to': 'vor' });
  });

  it('leaves out the ISSN, the affiliations and the PDF the journal and the paper do not have', () => {
    const bare = parse(crossrefDepositXml({ ...PAPER, pdfUrl: null, authors: [{ name: 'Maya Chen', school: null }] }, { ...JOURNAL, issn: null }, NOW)).doi_batch;
    expect(bare.body.journal.journal_metadata).not.toHaveProperty('issn');
    expect(bare.body.journal.journal_article.doi_data).not.toHaveProperty('collection');
    expect(bare.body.journal.journal_article.contributors.person_name[0]).not.toHaveProperty('affiliations');
  });
});
