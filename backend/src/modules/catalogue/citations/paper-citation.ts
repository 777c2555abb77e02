/**
 * "How to cite" a published paper (issue 17): the paper as a CSL-JSON item, and that item in
 * APA and MLA (rendered by citeproc from their CSL styles) and as BibTeX and RIS, all by
 * Citation.js (citation-js.org), never by string templates. BibTeX and RIS are its fields,
 * written out here, with those that reference managers did not read back set here instead
 * (issue 29): the date, the citation key, BibTeX's keywords and RIS's authors. Pure functions:
 * no Nest, no database; PaperCitationsService feeds them a published paper and the journal's
 * settings.
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

/**
 * Builds each CSL style's engine before any reader asks: citeproc parses the style and its locale
 * on a style's first citation (1.3 s for APA here), and citation-js keeps the engine, by style and
 * locale, for the process's life. Otherwise the first citation, or the first paper page (which
 * carries its APA reference), after every start waits for it. Called at start (main.ts).
 */
export function warmCitationStyles(): void {
  const sample = { id: 'warm-up', type: 'article-journal', title: 'Warm-up', author: [{ family: 'Byron', given: 'Ada' }], issued: { 'date-parts': [[2025, 1, 1]] } };
  for (const format of CITATION_FORMATS) formatCitation(sample, format);
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
      return bibtexText(cite, item);
    case 'ris':
      return risText(cite, item);
  }
}

function bibtexEntryOf(cite: Cite) {
  const [entry] = cite.format('bibtex', { format: 'object' });
  if (!entry) throw new Error('Citation.js made no BibTeX entry');
  return entry;
}

/**
 * The citation key of BibTeX and the ID of RIS: Citation.js's label (first author, year, first
 * word of the title) to stay readable, then the paper's id in full. The label alone repeats
 * for two papers of one author and year whose titles start alike, and a reference manager
 * that meets a key again takes the second paper for the first.
 */
function citationKeyOf(label: string, id: string): string {
  return [label, id].filter(Boolean).join('-');
}

/** The year in four digits, the month and day in two, as far as the date goes. */
function paddedDateOf(item: CslItem): string[] {
  const [year, ...monthAndDay] = item.issued?.['date-parts'][0] ?? [];
  if (year === undefined) return [];
  return [String(year).padStart(4, '0'), ...monthAndDay.map((part) => String(part).padStart(2, '0'))];
}

/** TeX's special characters, and how each is written to be read as text. */
const TEX_SPECIALS = /[\\{}%&$#_^~]/g;
const TEX_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '&': '\\&',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '^': '\\^{}',
  '~': '\\~{}',
};

/** BibTeX's predefined month macros, January first. */
const BIBTEX_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/**
 * An @article entry with Citation.js's BibTeX fields but the month, which it writes as
 * `{jun 15}`: that is no month to a parser (biblatex-csl-converter reports it invalid and
 * keeps the year). The month is BibTeX's macro instead (`month = jun`, unbraced, as braces
 * would make it text), and the full date is biblatex's `date` (ISO 8601).
 *
 * The keywords, which Citation.js leaves out of BibTeX, are kept in UTF-8 with only TeX's
 * special characters escaped. Reference managers read the field verbatim (Better BibTeX's
 * parser does), so Citation.js's ASCII escapes (`caf{\' e}`) would reach them as typed; but
 * biber copies it into the .bbl that LaTeX reads, where a raw % or # breaks the run.
 */
function bibtexText(cite: Cite, item: CslItem): string {
  const { type, label, properties } = bibtexEntryOf(cite);
  const date = paddedDateOf(item);
  const [, month] = item.issued?.['date-parts'][0] ?? [];
  const keywords = item.keyword
    ?.split(',')
    .map((keyword) => keyword.trim().replace(TEX_SPECIALS, (special) => TEX_ESCAPES[special] ?? special))
    .join(', ');
  const braced = (value: string | undefined) => (value ? `{${value}}` : undefined);
  const fields: Record<string, string | undefined> = {
    ...Object.fromEntries(Object.entries(properties).map(([field, value]) => [field, braced(value)])),
    month: month ? BIBTEX_MONTHS[month - 1] : undefined,
    date: braced(date.join('-')),
    keywords: braced(keywords),
  };
  const lines = Object.entries(fields).flatMap(([field, value]) => (value ? [`\t${field} = ${value},`] : []));
  return `@${type}{${citationKeyOf(label, item.id)},\n${lines.join('\n')}\n}\n`;
}

/**
 * An author as RIS writes one, "Family, Given, Suffix", with the particle kept in the family
 * name: the plugin drops it ("Gogh, Vincent").
 */
function risAuthorOf(name: CslName): string {
  const family = [name['non-dropping-particle'], name.family].filter(Boolean).join(' ');
  return family ? [family, name.given, name.suffix].filter(Boolean).join(', ') : (name.literal ?? '');
}

/**
 * RIS from the plugin's tags (its own mapping of the CSL item), one `TAG  - value` line each.
 * Three of its tags are replaced: DA, which it leaves unpadded (2025/6/15/) where the
 * specification asks for YYYY/MM/DD/ (readers were seen to keep only the year); ID, the
 * item's id cut to 20 characters, which papers' ids can share; and AU, for the particles.
 * Not `format: 'text'`: that wraps every value after 70 characters, and the plugin's own
 * parser joins the pieces back with a space, so a long title or URL would not survive the
 * round trip (paper-citation.spec.ts). RIS has no continuation lines; readers take long lines.
 */
function risText(cite: Cite, item: CslItem): string {
  const [record] = cite.format('ris', { format: 'object' });
  if (!record) throw new Error('Citation.js made no RIS record');
  const { TY, ...pluginTags } = record;
  const [year, month = '', day = ''] = paddedDateOf(item);
  const tags = {
    ...pluginTags,
    ...(item.author?.length ? { AU: item.author.map(risAuthorOf) } : {}),
    ...(year ? { DA: `${year}/${month}/${day}/` } : {}),
    ID: citationKeyOf(bibtexEntryOf(cite).label, item.id),
  };
  const lines = [`TY  - ${String(TY)}`];
  for (const [tag, values] of Object.entries(tags)) {
    for (const value of [values].flat()) lines.push(`${tag}  - ${value}`);
  }
  lines.push('ER  - ');
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
