/**
 * The spec's special display rules for /papers, in one place.
 *
 * Why they exist: the journal's first site listed a few papers by hand. Two of them, whose titles
 * contain "Alzheimer's Disease" and "Hopfield Network", were filed under other categories and
 * dates in its data but were shown (and filtered) as Biology, October 2024; and papers imported
 * from arXiv (ids beginning `arxiv-`) had no detail page, so their cards opened the PDF directly,
 * except one that had a page of its own (`ARXIV_DETAIL_PAGE_ID`). Readers and links rely on that
 * behaviour, so the rules stay, here and only here: the list query builds its category filter
 * from `categoryFilterSql`, and every response goes through `displayCategory`,
 * `displayPublishedAt` and `opensPdfDirectly`.
 */

/** Title fragments (matched case-insensitively, straight or typographic apostrophe). */
export const BIOLOGY_TITLE_FRAGMENTS = ["Alzheimer's Disease", 'Hopfield Network'] as const;
export const SPECIAL_TITLE_CATEGORY = 'Biology';
/** October 2024, as the first site showed these papers. */
export const SPECIAL_TITLE_PUBLISHED_AT = new Date('2024-10-01T00:00:00.000Z');
export const ARXIV_SOURCE_PREFIX = 'arxiv-';

const normaliseApostrophes = (text: string) => text.replace(/[\u2018\u2019\u02bc]/g, "'");

export function hasSpecialTitle(title: string): boolean {
  const normalised = normaliseApostrophes(title).toLowerCase();
  return BIOLOGY_TITLE_FRAGMENTS.some((fragment) => normalised.includes(fragment.toLowerCase()));
}

export function displayCategory(paper: { title: string; category: string }): string {
  return hasSpecialTitle(paper.title) ? SPECIAL_TITLE_CATEGORY : paper.category;
}

export function displayPublishedAt(paper: { title: string; publishedAt: Date | null }): Date | null {
  return hasSpecialTitle(paper.title) ? SPECIAL_TITLE_PUBLISHED_AT : paper.publishedAt;
}

/** Whether the card opens the PDF in a new tab instead of /papers/{id}. */
export function opensPdfDirectly(paper: { title: string; sourceId: string | null }, arxivDetailPageId: string | null): boolean {
  if (hasSpecialTitle(paper.title)) return true;
  const sourceId = paper.sourceId ?? '';
  return sourceId.startsWith(ARXIV_SOURCE_PREFIX) && sourceId !== arxivDetailPageId;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The same category rule as a SQL condition on research_papers (column names unqualified), so
 * the filter happens in the query and keyset pagination stays exact. Parameters use `?`.
 */
export function categoryFilterSql(category: string): { sql: string; params: string[] } {
  const patterns = BIOLOGY_TITLE_FRAGMENTS.map((fragment) => `%${escapeLike(fragment)}%`);
  const special = `(${patterns.map(() => "translate(title, '\u2018\u2019\u02bc', '''''''') ilike ?").join(' or ')})`;
  if (category === SPECIAL_TITLE_CATEGORY) return { sql: `(category = ? or ${special})`, params: [category, ...patterns] };
  return { sql: `(category = ? and not ${special})`, params: [category, ...patterns] };
}
