import { Cite, type CslItem } from '@citation-js/core';
import { type CitablePaper, type CitingJournal, citationSlugOf, formatCitation, toCslItem } from './paper-citation.js';

const JOURNAL: CitingJournal = { name: 'Young Scientists Journal', issn: '2041-4293', publicUrl: 'https://journal.example.org' };

const PAPER: CitablePaper = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890',
  title: 'Microplastics after rain in urban streams',
  authors: [{ name: 'Maya Chen' }, { name: 'Jordan  Alvarez ' }],
  publishedAt: '2025-09-05T10:00:00.000Z',
  keywords: 'microplastics; rain, streams',
  doi: null,
};

const DOI = '10.12345/ysj.2025.00042';

const URL_OF_PAPER = `https://journal.example.org/papers/${PAPER.id}`;

/** What a citation manager reads back from the file, by Citation.js's own parser. */
function parsedBack(text: string): CslItem {
  const items = new Cite(text).data;
  expect(items).toHaveLength(1);
  return items[0];
}

const namesOf = (item: CslItem) => (item.author ?? []).map((name) => [name.given, name.family]);

describe('toCslItem', () => {
  it('is an article-journal with the authors split into given and family names, the date, the journal and the URL', () => {
    const item = toCslItem(PAPER, JOURNAL);
    expect(item).toEqual({
      id: PAPER.id,
      type: 'article-journal',
      title: PAPER.title,
      author: [
        { given: 'Maya', family: 'Chen' },
        { given: 'Jordan', family: 'Alvarez' },
      ],
      issued: { 'date-parts': [[2025, 9, 5]] },
      'container-title': 'Young Scientists Journal',
      publisher: 'Young Scientists Journal',
      URL: URL_OF_PAPER,
      ISSN: '2041-4293',
      keyword: 'microplastics,rain,streams',
    });
  });

  it('leaves out the ISSN and keywords when there are none, and keeps particles and "Family, Given" names', () => {
    const item = toCslItem({ ...PAPER, keywords: null, authors: [{ name: 'Ludwig van Beethoven' }, { name: 'Curie, Marie' }] }, { ...JOURNAL, issn: null });
    expect(item).not.toHaveProperty('ISSN');
    expect(item).not.toHaveProperty('keyword');
    expect(item.author).toEqual([
      { given: 'Ludwig', 'non-dropping-particle': 'van', family: 'Beethoven' },
      { given: 'Marie', family: 'Curie' },
    ]);
  });
});

describe('formatCitation', () => {
  const item = toCslItem(PAPER, JOURNAL);

  it('APA 7: authors with initials, year, title, journal, URL', () => {
    expect(formatCitation(item, 'apa')).toBe(
      `Chen, M., & Alvarez, J. (2025). Microplastics after rain in urban streams. Young Scientists Journal. ${URL_OF_PAPER}`,
    );
  });

  it('MLA 9: full names, title in quotes (title case), journal, month and year, URL', () => {
    expect(formatCitation(item, 'mla')).toBe(
      `Chen, Maya, and Jordan Alvarez. “Microplastics after Rain in Urban Streams.” Young Scientists Journal, Sept. 2025, ${URL_OF_PAPER}.`,
    );
  });

  it('BibTeX parses back to the same title, authors, year and URL', () => {
    const bibtex = formatCitation(item, 'bibtex');
    expect(bibtex).toMatch(/^@article\{/);
    const back = parsedBack(bibtex);
    expect(back.type).toBe('article-journal');
    expect(back.title).toBe(PAPER.title);
    expect(namesOf(back)).toEqual([['Maya', 'Chen'], ['Jordan', 'Alvarez']]);
    expect(back.issued?.['date-parts'][0]?.[0]).toBe(2025);
    expect(back.URL).toBe(URL_OF_PAPER);
    expect(back['container-title']).toBe(JOURNAL.name);
    expect(back.ISSN).toBe(JOURNAL.issn);
  });

  it('RIS parses back to the same title, authors, date, URL and keywords', () => {
    const ris = formatCitation(item, 'ris');
    expect(ris).toMatch(/^TY {2}- JOUR$/m);
    expect(ris).toMatch(/^ER {2}- $/m);
    const back = parsedBack(ris);
    expect(back.type).toBe('article-journal');
    expect(back.title).toBe(PAPER.title);
    expect(namesOf(back)).toEqual([['Maya', 'Chen'], ['Jordan', 'Alvarez']]);
    expect(back.issued?.['date-parts'][0]).toEqual([2025, 9, 5]);
    expect(back.URL).toBe(URL_OF_PAPER);
    expect(back['container-title']).toBe(JOURNAL.name);
    expect(back.keyword).toBe('microplastics,rain,streams');
  });

  it('a title with TeX specials and non-ASCII letters survives the BibTeX and RIS round trips', () => {
    // Longer than 70 characters, where Citation.js's RIS text output would wrap it.
    const title = 'On {braces}, R&D and 100% yields: Ørsted’s Ünïcödé — café Ω, a study of long titles';
    const authors = [{ name: 'José García Márquez' }, { name: 'Zoë Ålander' }];
    const tricky = toCslItem({ ...PAPER, title, authors }, JOURNAL);

    const bibtex = formatCitation(tricky, 'bibtex');
    // Escaped for TeX, not pasted raw: a raw % would comment out the rest of the line.
    expect(bibtex).not.toContain('100%');
    for (const text of [bibtex, formatCitation(tricky, 'ris')]) {
      const back = parsedBack(text);
      expect(back.title).toBe(title);
      expect(namesOf(back)).toEqual(namesOf(tricky));
      expect(back.URL).toBe(URL_OF_PAPER);
    }
  });

  it('APA and MLA keep such a title and the authors as they are', () => {
    const title = 'R&D at 100%: {braces} and Ørsted';
    const tricky = toCslItem({ ...PAPER, title, authors: [{ name: 'Zoë Ålander' }] }, JOURNAL);
    expect(formatCitation(tricky, 'apa')).toContain(`Ålander, Z. (2025). ${title}. Young Scientists Journal.`);
    expect(formatCitation(tricky, 'mla')).toContain('Ålander, Zoë. “R&D at 100%: {braces} and Ørsted.” Young Scientists Journal, Sept. 2025');
  });
});

describe('a paper with a DOI', () => {
  const item = toCslItem({ ...PAPER, doi: DOI }, JOURNAL);

  it('APA and MLA cite the DOI as its https://doi.org link, in place of the page', () => {
    expect(formatCitation(item, 'apa')).toBe(`Chen, M., & Alvarez, J. (2025). Microplastics after rain in urban streams. Young Scientists Journal. https://doi.org/${DOI}`);
    expect(formatCitation(item, 'mla')).toContain(`https://doi.org/${DOI}`);
  });

  it('BibTeX and RIS carry it, and it parses back', () => {
    for (const format of ['bibtex', 'ris'] as const) expect(parsedBack(formatCitation(item, format)).DOI).toBe(DOI);
  });
});

describe('citationSlugOf', () => {
  it('makes an ASCII file name of the title', () => {
    expect(citationSlugOf('Microplastics After Rain: Ørsted’s café!')).toBe('microplastics-after-rain-rsted-s-cafe');
    expect(citationSlugOf('Ω')).toBe('paper');
  });
});
