import type { PaperCardDto } from '../dtos/paper.dto.js';
import type { License } from '../../../config/licenses.js';
import { doiUrl } from '../doi-url.js';
import { escapeMarkup } from '../markup.js';
import type { JournalDates } from '../../../common/web-shared/journal-dates.js';

/**
 * The content of a paper's page and of /papers' first page as plain HTML, put inside the web
 * app's `<div id="root">` so that a client without JavaScript (Google Scholar's crawler, a
 * screen reader before the scripts load, curl) reads the paper itself: its title, authors,
 * school, date, the complete abstract, the PDF link and a reference to cite. The web app renders
 * with createRoot (frontend/src/main.tsx), which replaces whatever #root holds: no hydration,
 * so this markup need not match what React renders. Plain elements only, no inline script or
 * style attribute, so the page's Content-Security-Policy is every page's. Every text is escaped.
 */

/** The publication date as `<time>`: the displayed date the API gives (display rules), written as the web app writes it, machine-readable in `datetime`. */
function timeElement(publishedAt: string, dates: JournalDates): string {
  return `<time datetime="${escapeMarkup(publishedAt)}">${escapeMarkup(dates.day(publishedAt))}</time>`;
}

/** "Ana Lopez (North High), Brian O'Neil": each author's name with their school when one is recorded. */
function authorsText(card: PaperCardDto): string {
  return card.authors.map((author) => (author.school ? `${author.name} (${author.school})` : author.name)).join(', ');
}

/** A published paper as its page shows it: the card, its licence and, when it has one, its DOI. */
export type PaperArticle = PaperCardDto & { license: License; doi: string | null };

/**
 * A published paper as an `<article>` (in `<main>`, as the web app's layout puts it): `<h1>`
 * title, authors with their schools, category, publication date, DOI, the complete abstract under
 * an "Abstract" heading, the PDF link when there is a file, under "How to cite" the `reference`
 * (unescaped text, one line: the APA one of the citation module), and the licence.
 */
export function paperArticleHtml(paper: PaperArticle, reference: string, dates: JournalDates): string {
  const details = [
    `<dt>Authors</dt><dd>${escapeMarkup(authorsText(paper))}</dd>`,
    `<dt>Category</dt><dd>${escapeMarkup(paper.category)}</dd>`,
    ...(paper.publishedAt ? [`<dt>Published</dt><dd>${timeElement(paper.publishedAt, dates)}</dd>`] : []),
    ...(paper.doi ? [`<dt>DOI</dt><dd><a href="${escapeMarkup(doiUrl(paper.doi))}">${escapeMarkup(doiUrl(paper.doi))}</a></dd>`] : []),
  ];
  return [
    '<main>',
    '<article>',
    '<header>',
    `<h1>${escapeMarkup(paper.title)}</h1>`,
    `<dl>${details.join('')}</dl>`,
    ...(paper.pdfUrl ? [`<p><a href="${escapeMarkup(paper.pdfUrl)}" type="application/pdf">View PDF</a></p>`] : []),
    '</header>',
    '<section aria-labelledby="abstract-heading">',
    '<h2 id="abstract-heading">Abstract</h2>',
    `<p>${escapeMarkup(paper.abstract)}</p>`,
    '</section>',
    '<section aria-labelledby="cite-heading">',
    '<h2 id="cite-heading">How to cite</h2>',
    `<p>${escapeMarkup(reference)}</p>`,
    '</section>',
    `<footer><p>${LICENSE_SENTENCE} <a rel="license" href="${escapeMarkup(paper.license.url)}">${escapeMarkup(paper.license.name)} (${escapeMarkup(paper.license.label)})</a>.</p></footer>`,
    '</article>',
    '</main>',
  ].join('\n');
}

/** How a paper page names its licence, here and in the web app (frontend/src/features/papers/ui/paper-license.tsx). */
export const LICENSE_SENTENCE = 'This paper is published open access under the';

/** The heading of /papers, as the web app's page has it (frontend/src/pages/papers/papers-page.tsx). */
export const PAPERS_PAGE_HEADING = 'Published Papers';

/**
 * /papers' first page: the heading, then each card as an `<article>` whose title links to the
 * paper's page, with its authors, school, date, category and abstract; a link to the next page of
 * the API is no use to a reader, so there is none.
 */
export function papersListHtml(cards: readonly PaperCardDto[], dates: JournalDates): string {
  const items = cards.map((card) =>
    [
      '<li><article>',
      `<h2><a href="/papers/${escapeMarkup(card.id)}">${escapeMarkup(card.title)}</a></h2>`,
      `<p>${escapeMarkup(authorsText(card))}</p>`,
      `<p>${escapeMarkup(card.category)}${card.publishedAt ? ` · ${timeElement(card.publishedAt, dates)}` : ''}</p>`,
      `<p>${escapeMarkup(card.abstract)}</p>`,
      // Named by its paper too: every card has one, and a list of links all called "PDF" says nothing.
      ...(card.pdfUrl ? [`<p><a href="${escapeMarkup(card.pdfUrl)}" type="application/pdf" aria-label="PDF: ${escapeMarkup(card.title)}">PDF</a></p>`] : []),
      '</article></li>',
    ].join('\n'),
  );
  return [
    '<main>',
    `<h1>${PAPERS_PAGE_HEADING}</h1>`,
    ...(items.length > 0 ? ['<ul>', ...items, '</ul>'] : ['<p>No papers have been published yet.</p>']),
    '</main>',
  ].join('\n');
}

/** The page with the content in its #root, as every prerendered page of the web app is served (common/web/web-app-shell.ts). */
export { intoRoot } from '../../../common/web/web-app-shell.js';
