import type { CslItem } from '@citation-js/core';
import { read as readRis, type RisRecord } from '@customcommander/ris';
import { type Entry as BibtexEntry, parse as parseBibtex } from '@retorquere/bibtex-parser';
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

/*
 * What a reference manager reads back from the files, by parsers that have nothing to do with
 * Citation.js, which writes them: the parser of Better BibTeX (Zotero's BibTeX add-on), and a
 * RIS reader built on the grammar of the RIS specification.
 */
function bibtexEntryOf(text: string): BibtexEntry {
  const library = parseBibtex(text, { sentenceCase: false });
  expect(library.errors).toEqual([]);
  expect(library.entries).toHaveLength(1);
  return library.entries[0];
}

function risRecordOf(text: string): RisRecord {
  const records = readRis(text);
  expect(records).toHaveLength(1);
  return records![0];
}

/** The same text, though the BibTeX parser leaves some letters decomposed (Ü as U and a combining diaeresis). */
const composed = (text: string | undefined) => text?.normalize('NFC');
const bibtexNamesOf = (entry: BibtexEntry) =>
  (entry.fields.author ?? []).map(({ firstName, prefix, lastName }) => [composed(firstName), prefix, composed(lastName)]);
const risNamesOf = (record: RisRecord) => (record.AU ?? []).map(({ first_name, last_name }) => [first_name, last_name]);

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

  it('BibTeX: an @article with the full date, every author, the keywords and the URL, as a BibTeX parser reads them', () => {
    const bibtex = formatCitation(item, 'bibtex');
    const entry = bibtexEntryOf(bibtex);
    expect(entry.type).toBe('article');
    expect(entry.fields.title).toBe(PAPER.title);
    expect(bibtexNamesOf(entry)).toEqual([
      ['Maya', undefined, 'Chen'],
      ['Jordan', undefined, 'Alvarez'],
    ]);
    // BibTeX's year and month, and biblatex's date, which alone carries the day.
    expect([entry.fields.year, entry.fields.month, entry.fields.date]).toEqual(['2025', '9', '2025-09-05']);
    // The month as BibTeX's macro: in braces it would be the text "sep", which styles print as it is.
    expect(bibtex).toMatch(/^\tmonth = sep,$/m);
    expect(entry.fields.keywords).toEqual(['microplastics', 'rain', 'streams']);
    expect(entry.fields.url).toBe(URL_OF_PAPER);
    expect(entry.fields.journal).toBe(JOURNAL.name);
    expect(entry.fields.issn).toBe(JOURNAL.issn);
  });

  it('RIS: a JOUR record with the full date, every author, the keywords and the URL, as a RIS reader reads them', () => {
    const record = risRecordOf(formatCitation(item, 'ris'));
    expect(record.TY).toEqual(['JOUR']);
    expect(record.TI).toEqual([PAPER.title]);
    expect(risNamesOf(record)).toEqual([
      ['Maya', 'Chen'],
      ['Jordan', 'Alvarez'],
    ]);
    // YYYY/MM/DD/ as the specification writes it, not 2025/9/5/.
    expect(record.DA).toEqual([{ year: '2025', month: '09', day: '05', info: '' }]);
    expect(record.PY).toEqual(['2025']);
    expect(record.KW).toEqual(['microplastics', 'rain', 'streams']);
    expect(record.UR).toEqual([URL_OF_PAPER]);
    expect(record.T2).toEqual([JOURNAL.name]);
    expect(record.SN).toEqual([JOURNAL.issn]);
  });

  it('a title with TeX specials, non-ASCII letters, names with particles and such keywords survive the BibTeX and RIS round trips', () => {
    // Longer than 70 characters, where Citation.js's RIS text output would wrap it.
    const title = 'On {braces}, R&D and 100% yields: Ørsted’s Ünïcödé — café Ω, a study of long titles';
    const authors = [{ name: 'José García Márquez' }, { name: 'Zoë Ålander' }, { name: 'Ludwig van Beethoven' }];
    const tricky = toCslItem({ ...PAPER, title, authors, keywords: 'Ørsted; café, 100% R&D' }, JOURNAL);

    const bibtex = formatCitation(tricky, 'bibtex');
    // Escaped for TeX, not pasted raw: a raw % would comment out the rest of the line.
    expect(bibtex).not.toContain('100%');
    expect(bibtex).not.toContain('R&D');
    const entry = bibtexEntryOf(bibtex);
    expect(composed(entry.fields.title)).toBe(title);
    expect(bibtexNamesOf(entry)).toEqual([
      ['José García', undefined, 'Márquez'],
      ['Zoë', undefined, 'Ålander'],
      ['Ludwig', 'van', 'Beethoven'],
    ]);
    // Letters as they are, where Better BibTeX takes the field verbatim.
    expect(entry.fields.keywords?.map(composed)).toEqual(expect.arrayContaining(['café', 'Ørsted']));
    expect(entry.fields.url).toBe(URL_OF_PAPER);

    const record = risRecordOf(formatCitation(tricky, 'ris'));
    expect(record.TI).toEqual([title]);
    expect(risNamesOf(record)).toEqual([
      ['José García', 'Márquez'],
      ['Zoë', 'Ålander'],
      ['Ludwig', 'van Beethoven'],
    ]);
    expect(record.KW).toEqual(['Ørsted', 'café', '100% R&D']);
    expect(record.UR).toEqual([URL_OF_PAPER]);
  });

  it('BibTeX and RIS leave out the keywords and the date when the paper has none', () => {
    const bare = toCslItem({ ...PAPER, keywords: null, publishedAt: null }, JOURNAL);
    const entry = bibtexEntryOf(formatCitation(bare, 'bibtex'));
    for (const field of ['keywords', 'year', 'month', 'date']) expect(entry.fields).not.toHaveProperty(field);
    const record = risRecordOf(formatCitation(bare, 'ris'));
    for (const tag of ['KW', 'PY', 'DA']) expect(record).not.toHaveProperty(tag);
  });

  it('gives papers whose first author, year and title start alike different keys: the BibTeX key is the RIS ID, and both hold the id', () => {
    // The demo papers' ids, alike but for the last characters.
    const first = toCslItem({ ...PAPER, id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b01', title: 'Microplastics after rain in urban streams' }, JOURNAL);
    const second = toCslItem({ ...PAPER, id: '6f1c2a80-3d4e-4b8a-9a61-0c2f5e7d9b02', title: 'Microplastics after rain in rural streams' }, JOURNAL);
    const keysOf = (paper: CslItem) => ({ bibtex: bibtexEntryOf(formatCitation(paper, 'bibtex')).key, ris: risRecordOf(formatCitation(paper, 'ris')).ID });
    const [firstKeys, secondKeys] = [keysOf(first), keysOf(second)];
    expect(firstKeys.bibtex).not.toBe(secondKeys.bibtex);
    expect(firstKeys.ris).toEqual([firstKeys.bibtex]);
    expect(secondKeys.ris).toEqual([secondKeys.bibtex]);
    expect(firstKeys.bibtex).toBe(`Chen2025Microplastics-${first.id}`);
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
    expect(bibtexEntryOf(formatCitation(item, 'bibtex')).fields.doi).toBe(DOI);
    expect(risRecordOf(formatCitation(item, 'ris')).DO).toEqual([DOI]);
  });
});

describe('citationSlugOf', () => {
  it('makes an ASCII file name of the title', () => {
    expect(citationSlugOf('Microplastics After Rain: Ørsted’s café!')).toBe('microplastics-after-rain-rsted-s-cafe');
    expect(citationSlugOf('Ω')).toBe('paper');
  });
});
