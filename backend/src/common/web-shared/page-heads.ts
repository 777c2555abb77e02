/**
 * How each page of the web app names and describes itself to browsers and search engines: its
 * `<title>`, its `<meta name="description">` and, for the pages crawlers may index, a
 * `<link rel="canonical">` to its address at PUBLIC_URL. One table, by route pattern, for both
 * halves: the API writes a page's head into the HTML it serves (common/web/web-app-shell.ts), and
 * the web app rewrites it on every client-side navigation (frontend app/layout/document-head.tsx),
 * so the two never name a page differently.
 */

export interface PageHead {
  title: string;
  /** What search engines show under the title: a public page's own sentence, the journal's for the others. */
  description: string;
  /**
   * Open to crawlers (robots.txt closes the others): the page has a canonical link, and a static
   * one is listed in the sitemap. A published paper's page is indexable only once it is published,
   * which only its own route knows (catalogue/pages), so it has its canonical link from there.
   */
  indexable: boolean;
}

/** "Submission Guidelines · Young Scientists Journal": the page first, since tabs and result lists cut a long title at its end. */
export function pageTitle(page: string, journalName: string): string {
  return `${page} · ${journalName}`;
}

/** How long a description may be: what result pages show. */
export const DESCRIPTION_MAX_LENGTH = 300;

/** A text (a paper's abstract) cut to a description's length, an ellipsis marking the cut. */
export function descriptionOf(text: string): string {
  return text.length <= DESCRIPTION_MAX_LENGTH ? text : `${text.slice(0, DESCRIPTION_MAX_LENGTH - 1).trimEnd()}…`;
}

/** The page's address as search engines should index it: PUBLIC_URL (no trailing slash) and the path alone, query and fragment left out. */
export function canonicalUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`;
}

/** The journal in a sentence: the home page's description, and that of the pages with none of their own. */
function journalDescription(journalName: string): string {
  return `${journalName}: an open-access, peer-reviewed journal in which high-school and undergraduate students publish their research.`;
}

/**
 * The head of every route of the web app, by its pattern (frontend app/app-routes.test.ts holds
 * the keys to the router's routes). A paper's page shows the paper's own title and abstract once
 * it has them (the API serves them in its HTML; the web app sets them when the paper loads).
 */
export function pageHeads(journalName: string): ReadonlyMap<string, PageHead> {
  const journal = journalDescription(journalName);
  const open = (page: string, description: string): PageHead => ({ title: pageTitle(page, journalName), description, indexable: true });
  const closed = (page: string): PageHead => ({ title: pageTitle(page, journalName), description: journal, indexable: false });
  return new Map([
    ['/', { title: pageTitle('Peer-Reviewed Research by Young Scientists', journalName), description: journal, indexable: true }],
    ['/papers', open('Published Papers', `Browse and search the research papers published in ${journalName}, by title, author, school, category or abstract. Every paper is free to read.`)],
    ['/papers/:id', open('Paper', journal)],
    ['/guidelines', open('Submission Guidelines', `How to prepare and submit a research paper to ${journalName}: what a paper needs, how it is formatted, the submission fee and how peer review works.`)],
    ['/contact', open('Contact the Editorial Team', `How to reach the editors of ${journalName} with questions about submissions, reviews or published papers.`)],
    ['/staff', open('Editorial Board', `The editors and staff of ${journalName}, who review and publish the work of young scientists.`)],
    ['/journals', open('Journal Issues', `The issues of ${journalName}, each a collection of the research its young authors published.`)],
    ['/auth', closed('Sign In')],
    ['/reviewer-invitation', closed('Reviewer Invitation')],
    ['/submit', closed('Submit a Paper')],
    ['/my-submissions', closed('My Submissions')],
    ['/payments/test-checkout', closed('Test Checkout')],
    ['/reviewer-dashboard', closed('Reviewer Dashboard')],
    ['/review/:id', closed('Write a Review')],
    ['/admin', closed('Admin Dashboard')],
  ]);
}

/** The head of an address no route matches, where the web app shows its not-found page. */
export function notFoundHead(journalName: string): PageHead {
  return { title: pageTitle('Page Not Found', journalName), description: journalDescription(journalName), indexable: false };
}

/** The indexable pages without a parameter: the sitemap's fixed entries. Which pages they are does not depend on the journal's name. */
export const INDEXABLE_STATIC_PATHS: readonly string[] = [...pageHeads('')]
  .filter(([pattern, head]) => head.indexable && !pattern.includes('/:'))
  .map(([pattern]) => pattern);
