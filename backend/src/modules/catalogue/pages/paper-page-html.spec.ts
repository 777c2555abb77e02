import { DEFAULT_DATE_STYLE, journalDates } from '../../../common/web-shared/journal-dates.js';
import { licenseOf } from '../../../config/licenses.js';
import type { PaperCardDto } from '../dtos/paper.dto.js';
import { type PaperArticle, paperArticleHtml, papersListHtml } from './paper-page-html.js';

const ID = '3f1c2b4a-0000-4000-8000-000000000001';
const URL = `https://journal.example.org/papers/${ID}`;
const HOSTILE = '</script><script>alert(1)</script>';
const JOURNAL = 'Young Scientists Journal';
const DATES = journalDates(DEFAULT_DATE_STYLE);

const card = (overrides: Partial<PaperCardDto> = {}): PaperCardDto => ({
  id: ID,
  title: 'Algae & "light"',
  authors: [
    { name: 'Ada Lovelace', school: 'North High' },
    { name: "Alan O'Turing", school: null },
  ],
  abstract: `${'A long abstract. '.repeat(40)}The end.`,
  category: 'Biology',
  publishedAt: '2026-03-04T05:06:07.000Z',
  school: 'North High',
  pdfUrl: `/api/papers/${ID}/pdf`,
  opensPdfDirectly: false,
  ...overrides,
});

/** The elements the markup opens, in order (tag names only). */
const tags = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map(([, name]) => name);

const REFERENCE = `Lovelace, A., & O'Turing, A. (2026). Algae & "light". ${JOURNAL}. ${URL}`;
const article = (overrides: Partial<PaperArticle> = {}): PaperArticle => ({ ...card(), license: licenseOf('CC-BY-4.0'), doi: null, ...overrides });

describe('paperArticleHtml', () => {
  it('gives the title, authors with their school, category, date, the whole abstract, the PDF, the reference and the licence', () => {
    const html = paperArticleHtml(article(), REFERENCE, DATES);
    expect(html).toContain('<h1>Algae &amp; &quot;light&quot;</h1>');
    expect(html).toContain('<dt>Authors</dt><dd>Ada Lovelace (North High), Alan O&#39;Turing</dd>');
    expect(html).toContain('<dt>Category</dt><dd>Biology</dd>');
    expect(html).toContain('<dt>Published</dt><dd><time datetime="2026-03-04T05:06:07.000Z">March 4, 2026</time></dd>');
    expect(html).toContain('<h2 id="abstract-heading">Abstract</h2>');
    // The complete abstract, not the description's 300 characters.
    expect(html).toContain(`<p>${card().abstract}</p>`);
    expect(card().abstract.length).toBeGreaterThan(300);
    expect(html).toContain(`<a href="/api/papers/${ID}/pdf" type="application/pdf">View PDF</a>`);
    expect(html).toContain(`<h2 id="cite-heading">How to cite</h2>\n<p>Lovelace, A., &amp; O&#39;Turing, A. (2026). Algae &amp; &quot;light&quot;. ${JOURNAL}. ${URL}</p>`);
    expect(html).toContain(
      '<p>This paper is published open access under the <a rel="license" href="https://creativecommons.org/licenses/by/4.0/">Creative Commons Attribution 4.0 International (CC BY 4.0)</a>.</p>',
    );
    expect(html).not.toContain('DOI');
    expect(tags(html).slice(0, 3)).toEqual(['main', 'article', 'header']);
  });

  it('links the DOI through doi.org when the paper has one', () => {
    const html = paperArticleHtml(article({ doi: '10.12345/ysj.2026.00007' }), REFERENCE, DATES);
    expect(html).toContain('<dt>DOI</dt><dd><a href="https://doi.org/10.12345/ysj.2026.00007">https://doi.org/10.12345/ysj.2026.00007</a></dd>');
  });

  it('leaves out the PDF link without a file and the date without one', () => {
    const html = paperArticleHtml(article({ pdfUrl: null, publishedAt: null }), REFERENCE, DATES);
    expect(html).not.toContain('type="application/pdf"');
    expect(html).not.toContain('<time');
    expect(html).not.toContain('Published');
  });

  it('escapes every text, so a hostile title, author, school, abstract or reference stays text', () => {
    const html = paperArticleHtml(
      article({ title: HOSTILE, abstract: `${HOSTILE} <!-- & -->`, category: HOSTILE, authors: [{ name: HOSTILE, school: `${HOSTILE}"'` }] }),
      `${HOSTILE} reference`,
      DATES,
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--');
    expect(html).toContain('<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(new Set(tags(html))).toEqual(new Set(['main', 'article', 'header', 'h1', 'dl', 'dt', 'dd', 'time', 'p', 'a', 'section', 'h2', 'footer']));
    // Plain elements only: no inline script or style for the CSP to allow.
    expect(html).not.toMatch(/\s(on[a-z]+|style)=/i);
  });
});

describe('papersListHtml', () => {
  it('has the heading of /papers and each card linking to its page, with authors, date, category and abstract', () => {
    const second = card({ id: '3f1c2b4a-0000-4000-8000-000000000002', title: 'Second <paper>', pdfUrl: null, opensPdfDirectly: false });
    const html = papersListHtml([card(), second], DATES);
    expect(html).toContain('<h1>Published Papers</h1>');
    expect(html).toContain(`<h2><a href="/papers/${ID}">Algae &amp; &quot;light&quot;</a></h2>`);
    expect(html).toContain('<h2><a href="/papers/3f1c2b4a-0000-4000-8000-000000000002">Second &lt;paper&gt;</a></h2>');
    expect(html).toContain('<p>Ada Lovelace (North High), Alan O&#39;Turing</p>');
    expect(html).toContain('<p>Biology · <time datetime="2026-03-04T05:06:07.000Z">March 4, 2026</time></p>');
    expect(html).toContain(`<p>${card().abstract}</p>`);
    expect(html).toContain(`<a href="/api/papers/${ID}/pdf" type="application/pdf" aria-label="PDF: Algae &amp; &quot;light&quot;">PDF</a>`);
    expect(html.match(/type="application\/pdf"/g)).toHaveLength(1);
    expect(html.match(/<article>/g)).toHaveLength(2);
    expect(html.indexOf(ID)).toBeLessThan(html.indexOf('Second'));
  });

  it('says so when nothing is published', () => {
    expect(papersListHtml([], DATES)).toContain('<p>No papers have been published yet.</p>');
  });
});
