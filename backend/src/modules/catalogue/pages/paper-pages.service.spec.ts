import { licenseOf } from '../../../config/licenses.js';
import { jsonLdElement, keywordList, paperMetaTags, scholarlyArticle, type JournalMeta, type PaperMetaSource } from './paper-pages.service.js';

const PUBLIC_URL = 'https://journal.example.org';
const ID = '3f1c2b4a-0000-4000-8000-000000000001';
const HOSTILE = '</script><script>alert(1)</script>';

const paper = (overrides: Partial<PaperMetaSource> = {}): PaperMetaSource => ({
  id: ID,
  title: 'Algae & "light"',
  authors: [
    { name: 'Ada Lovelace', school: 'North High' },
    { name: 'Alan Turing', school: null },
  ],
  abstract: 'A long abstract. '.repeat(40).trim(),
  category: 'Biology',
  publishedAt: '2026-03-04T05:06:07.000Z',
  school: 'North High',
  pdfUrl: `/api/papers/${ID}/pdf`,
  opensPdfDirectly: false,
  keywords: 'algae, light; Photosynthesis,, ALGAE ',
  license: licenseOf('CC-BY-4.0'),
  doi: null,
  ...overrides,
});
const JOURNAL: JournalMeta = { name: 'Young Scientists Journal', issn: '2049-3630' };

const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** Every `<meta name=...>` as [name, content], contents decoded. */
const metas = (html: string) => [...html.matchAll(/<meta name="([^"]+)" content="([^"]*)">/g)].map(([, name, content]) => [name, decode(content)]);
const values = (html: string, name: string) => metas(html).filter(([key]) => key === name).map(([, content]) => content);

describe('keywordList', () => {
  it('splits on commas and semicolons, trims, drops empties and keeps a repeat once', () => {
    expect(keywordList('algae, light; Photosynthesis,, ALGAE ')).toEqual(['algae', 'light', 'Photosynthesis']);
    expect(keywordList('  deep   learning ')).toEqual(['deep learning']);
    expect(keywordList(null)).toEqual([]);
    expect(keywordList(' ,; ')).toEqual([]);
  });
});

describe('paperMetaTags', () => {
  it('gives Google Scholar the ISSN and the keywords in one tag, joined by "; "', () => {
    const html = paperMetaTags(paper(), JOURNAL, PUBLIC_URL);
    expect(values(html, 'citation_issn')).toEqual(['2049-3630']);
    expect(values(html, 'citation_keywords')).toEqual(['algae; light; Photosynthesis']);
    expect(values(html, 'citation_author')).toEqual(['Ada Lovelace', 'Alan Turing']);
  });

  it('says no ISSN, keywords, volume or issue it does not have', () => {
    const html = paperMetaTags(paper({ keywords: null }), { ...JOURNAL, issn: null }, PUBLIC_URL);
    expect(html).not.toMatch(/citation_issn|citation_keywords|citation_volume|citation_issue/);
  });

  it('gives the Dublin Core elements, declared by the schema.DC link', () => {
    const html = paperMetaTags(paper(), JOURNAL, PUBLIC_URL);
    expect(html).toContain('<link rel="schema.DC" href="http://purl.org/dc/elements/1.1/">');
    expect(metas(html).filter(([name]) => name.startsWith('DC.'))).toEqual([
      ['DC.title', 'Algae & "light"'],
      ['DC.creator', 'Ada Lovelace'],
      ['DC.creator', 'Alan Turing'],
      ['DC.date', '2026-03-04'],
      ['DC.description', paper().abstract],
      ['DC.identifier', `${PUBLIC_URL}/papers/${ID}`],
      ['DC.publisher', 'Young Scientists Journal'],
      ['DC.type', 'Text'],
      ['DC.rights', 'https://creativecommons.org/licenses/by/4.0/'],
      ['DC.format', 'application/pdf'],
    ]);
    expect(values(paperMetaTags(paper({ pdfUrl: null }), JOURNAL, PUBLIC_URL), 'DC.format')).toEqual([]);
  });

  it('names the licence in a license link and DC.rights, and the DOI when there is one', () => {
    const html = paperMetaTags(paper({ license: licenseOf('CC-BY-NC-SA-4.0'), doi: '10.12345/ysj.2026.00007' }), JOURNAL, PUBLIC_URL);
    expect(html).toContain('<link rel="license" href="https://creativecommons.org/licenses/by-nc-sa/4.0/">');
    expect(values(html, 'DC.rights')).toEqual(['https://creativecommons.org/licenses/by-nc-sa/4.0/']);
    expect(values(html, 'citation_doi')).toEqual(['10.12345/ysj.2026.00007']);
    expect(values(html, 'DC.identifier')).toEqual([`${PUBLIC_URL}/papers/${ID}`, 'https://doi.org/10.12345/ysj.2026.00007']);
    expect(values(paperMetaTags(paper(), JOURNAL, PUBLIC_URL), 'citation_doi')).toEqual([]);
  });

  it('describes the page by the start of its abstract, in one description tag', () => {
    const abstract = `${'Word '.repeat(100)}end`;
    const [description] = values(paperMetaTags(paper({ abstract }), JOURNAL, PUBLIC_URL), 'description');
    expect(description.length).toBeLessThanOrEqual(300);
    expect(abstract.startsWith(description.slice(0, -1))).toBe(true);
    expect(description.endsWith('…')).toBe(true);
  });

  it("links the page to the paper's one address at PUBLIC_URL, the same as og:url", () => {
    const html = paperMetaTags(paper(), JOURNAL, PUBLIC_URL);
    expect([...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map(([, href]) => href)).toEqual([`${PUBLIC_URL}/papers/${ID}`]);
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/papers/${ID}">`);
  });

  it('escapes every value, so none can leave its attribute or close the head', () => {
    const html = paperMetaTags(paper({ title: HOSTILE, keywords: `"><b>, ${HOSTILE}`, authors: [{ name: '"><x', school: null }] }), { name: '<J>', issn: null }, PUBLIC_URL);
    expect(html).not.toMatch(/<(script|b|x|J)\b/i);
    expect(values(html, 'DC.title')).toEqual([HOSTILE]);
    expect(values(html, 'citation_keywords')).toEqual([`"><b>; ${HOSTILE}`]);
  });
});

describe('scholarlyArticle', () => {
  it('describes the paper as a ScholarlyArticle in its Periodical', () => {
    expect(scholarlyArticle(paper(), JOURNAL, PUBLIC_URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ScholarlyArticle',
      headline: 'Algae & "light"',
      name: 'Algae & "light"',
      author: [
        { '@type': 'Person', name: 'Ada Lovelace', affiliation: { '@type': 'Organization', name: 'North High' } },
        { '@type': 'Person', name: 'Alan Turing' },
      ],
      datePublished: '2026-03-04T05:06:07.000Z',
      abstract: paper().abstract,
      keywords: ['algae', 'light', 'Photosynthesis'],
      url: `${PUBLIC_URL}/papers/${ID}`,
      license: 'https://creativecommons.org/licenses/by/4.0/',
      isPartOf: { '@type': 'Periodical', name: 'Young Scientists Journal', issn: '2049-3630' },
      publisher: { '@type': 'Organization', name: 'Young Scientists Journal' },
      encoding: { '@type': 'MediaObject', encodingFormat: 'application/pdf', contentUrl: `${PUBLIC_URL}/api/papers/${ID}/pdf` },
    });
  });

  it('leaves out the ISSN, keywords and PDF when there are none', () => {
    const article = scholarlyArticle(paper({ keywords: '', pdfUrl: null }), { ...JOURNAL, issn: null }, PUBLIC_URL);
    expect(article.isPartOf).toEqual({ '@type': 'Periodical', name: 'Young Scientists Journal' });
    expect(article).not.toHaveProperty('keywords');
    expect(article).not.toHaveProperty('encoding');
    expect(article).not.toHaveProperty('identifier');
  });

  it('identifies the paper by its DOI when it has one', () => {
    const article = scholarlyArticle(paper({ doi: '10.12345/ysj.2026.00007' }), JOURNAL, PUBLIC_URL);
    expect(article.identifier).toEqual({ '@type': 'PropertyValue', propertyID: 'DOI', value: '10.12345/ysj.2026.00007' });
    expect(article.sameAs).toBe('https://doi.org/10.12345/ysj.2026.00007');
  });
});

describe('jsonLdElement', () => {
  it('is a JSON-LD data block that no value can close, and parses back to the same data', () => {
    const data = scholarlyArticle(paper({ title: HOSTILE, abstract: '<!-- a & b -->' }), JOURNAL, PUBLIC_URL);
    const element = jsonLdElement(data);
    expect(element.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(element.match(/</g)).toHaveLength(2);
    expect(element).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(/^<script type="application\/ld\+json">(.*)<\/script>$/.exec(element)![1])).toEqual(data);
  });
});
