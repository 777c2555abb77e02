/**
 * What each public page of the web app is about, in a sentence: its `<meta name="description">`,
 * which search engines show under the page's title. By path; the other pages (sign-in,
 * dashboards, admin) are closed to crawlers by robots.txt and keep index.html's general one.
 * A published paper's page is described by its abstract (papers/paper-pages.service.ts).
 */
export function pageDescriptions(journalName: string): ReadonlyMap<string, string> {
  return new Map([
    ['/', `${journalName}: an open-access, peer-reviewed journal in which high-school and undergraduate students publish their research.`],
    ['/papers', `Browse and search the research papers published in ${journalName}, by title, author, school, category or abstract. Every paper is free to read.`],
    ['/guidelines', `How to prepare and submit a research paper to ${journalName}: what a paper needs, how it is formatted, the submission fee and how peer review works.`],
    ['/contact', `How to reach the editors of ${journalName} with questions about submissions, reviews or published papers.`],
    ['/staff', `The editors and staff of ${journalName}, who review and publish the work of young scientists.`],
    ['/journals', `The issues of ${journalName}, each a collection of the research its young authors published.`],
  ]);
}
