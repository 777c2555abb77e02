/**
 * "How to cite" a published paper (issue 17): the paper as a CSL-JSON item, and that item in
 * APA and MLA (rendered by citeproc from their CSL styles) and as BibTeX and RIS, all by
 * Citation.js (citation-js.org), never by string templates. Pure functions: no Nest, no
 * database; PaperCitationsService feeds them a published paper and the journal's settings.
 */
import { readFileSync } from 'node:fs';
import { Cite, type CslItem, type CslName, plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-ris';

export const CITATION_FORMATS = ['apa', 'mla', 'bibtex', 'ris'] as const;
export type CitationFormat = (typeof CITATION_FORMATS)[number];

/** The CSL styles: APA 7th edition is built into @citation-js/plugin-csl; MLA 9th is added below. */
const APA_STYLE = 'apa';
const MLA_STYLE = 'modern-language-association';
/** The official CSL style (github.com/citation-style-language/styles, CC BY-SA 3.0: see its <rights>). */
const MLA_STYLE_FILE = new URL('./modern-language-association.csl', import.meta.url);
const STYLE_LOCALE = 'en-US';

const cslStyles = plugins.config.get('@csl').styles;
if (!cslStyles.has(MLA_STYLE)) cslStyles.add(MLA_STYLE, readFileSync(MLA_STYLE_FILE, 'utf8'));

/** What a citation needs of a paper: its card after the display rules, and its keywords. */
export interface CitablePaper {
  id: string;
  title: string;
  /** In the paper's order; the school is left out of a citation. */
  authors: readonly { name: string }[];
  /** The publication date the journal displays (ISO 8601), after the display rules. */
  publishedAt: string | null;
  /** Free text from the submission, separated by commas or semicolons. */
  keywords: string | null;
  /** The paper's DOI (`10.NNNN/...`), when it has one: APA and MLA then cite https://doi.org/ instead of the page. */
  doi: string | null;
}

export interface CitingJournal {
  name: string;
  /** `NNNN-NNNC`, or null when the journal has none. */
  issn: string | null;
  /** The public origin, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
}

/** "Jane Doe", "Doe, Jane", "Ludwig van Beethoven": split by Citation.js's name parser (also for the Crossref deposit). */
export function authorOf(name: string): CslName {
  const [item] = plugins.input.util.clean([{ id: 'name', type: 'article-journal', author: [name.replace(/\s+/g, ' ').trim()] }]);
  return item?.author?.[0] ?? { literal: name.trim() };
}

/** The displayed date, as the calendar day it is in UTC (how the journal shows it). */
function issuedOf(publishedAt: string | null): CslItem['issued'] {
  if (!publishedAt) return undefined;
  const date = new Date(publishedAt);
  if (Number.isNaN(date.getTime())) return undefined;
  return { 'date-parts': [[date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]] };
}

/** Keywords as Citation.js reads and writes them: one list, comma-separated. */
function keywordOf(keywords: string | null): string | undefined {
  const list = (keywords ?? '')
    .split(/[,;]/)
    .map((keyword) => keyword.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return list.length > 0 ? list.join(',') : undefined;
}

/** The paper as one CSL-JSON item of type article-journal, the input of every format. */
export function toCslItem(paper: CitablePaper, journal: CitingJournal): CslItem {
  const item: CslItem = {
    id: paper.id,
    type: 'article-journal',
    title: paper.title.replace(/\s+/g, ' ').trim(),
    author: paper.authors.map((author) => authorOf(author.name)).filter((name) => name.family || name.literal),
    issued: issuedOf(paper.publishedAt),
    'container-title': journal.name,
    publisher: journal.name,
    URL: `${journal.publicUrl}/papers/${paper.id}`,
    ISSN: journal.issn ?? undefined,
    DOI: paper.doi ?? undefined,
    keyword: keywordOf(paper.keywords),
  };
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) as unknown as CslItem;
}

/** The item in one format: APA and MLA as one line of plain text, BibTeX and RIS as files. */
export function formatCitation(item: CslItem, format: CitationFormat): string {
  const cite = new Cite(item);
  switch (format) {
    case 'apa':
      return cite.format('bibliography', { format: 'text', template: APA_STYLE, lang: STYLE_LOCALE }).trim();
    case 'mla':
      return cite.format('bibliography', { format: 'text', template: MLA_STYLE, lang: STYLE_LOCALE }).trim();
    case 'bibtex':
      return endingInOneNewline(cite.format('bibtex', { format: 'text' }));
    case 'ris':
      return risText(cite.format('ris', { format: 'object' }));
  }
}

const endingInOneNewline = (text: string) => text.replace(/\n*$/, '\n');

/**
 * RIS from the plugin's tags (its own mapping of the CSL item), one `TAG  - value` line each.
 * Not `format: 'text'`: that wraps every value after 70 characters, and the plugin's own parser
 * joins the pieces back with a space, so a long title or URL would not survive the round trip
 * (paper-citation.spec.ts). RIS has no continuation lines; readers take long lines.
 */
function risText(entries: readonly Record<string, string | readonly string[]>[]): string {
  const lines: string[] = [];
  for (const { TY, ...tags } of entries) {
    lines.push(`TY  - ${String(TY)}`);
    for (const [tag, values] of Object.entries(tags)) {
      for (const value of [values].flat()) lines.push(`${tag}  - ${value}`);
    }
    lines.push('ER  - ');
  }
  return `${lines.join('\n')}\n`;
}

/** How each format is served: its media type, and for the files their extension. */
export const CITATION_MEDIA: Record<CitationFormat, { contentType: string; extension: string | null }> = {
  apa: { contentType: 'text/plain; charset=utf-8', extension: null },
  mla: { contentType: 'text/plain; charset=utf-8', extension: null },
  bibtex: { contentType: 'application/x-bibtex; charset=utf-8', extension: 'bib' },
  ris: { contentType: 'application/x-research-info-systems; charset=utf-8', extension: 'ris' },
};

/** The title as a file name: lower-case ASCII words joined by dashes ("paper" when none are left). */
export function citationSlugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'paper';
}
