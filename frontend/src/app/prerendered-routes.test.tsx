import { featuredPapers, journal, journalFigures, journalIssues, landingContent } from '@/shared/content/journal';
import { prerenderedRoutes } from './prerendered-routes';

// The build writes these into prerendered-routes.json, and the server puts them inside #root
// (backend common/web/web-app-shell.ts): what a crawler without JavaScript reads of the page.
describe('the prerendered routes', () => {
  const routes = prerenderedRoutes();
  const landing = new DOMParser().parseFromString(`<body>${routes['/']}</body>`, 'text/html');
  const text = landing.body.textContent ?? '';

  it('holds the landing page only, as one <main>', () => {
    expect(Object.keys(routes)).toEqual(['/']);
    expect(landing.body.children).toHaveLength(1);
    expect(landing.body.firstElementChild?.tagName).toBe('MAIN');
  });

  it("holds what the spec's landing page shows a visitor without asking the API: hero, calls to action, blurbs, featured papers, issues, figures", () => {
    expect(landing.querySelector('h1')?.textContent).toBe(journal.name);
    expect(text).toContain(journal.tagline);
    const links = [...landing.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toContainEqual(['Join & Submit', '/auth']);
    expect(links).toContainEqual(['Browse Papers', '/papers']);
    expect(links).toContainEqual(['All journal issues', '/journals']);
    const headings = [...landing.querySelectorAll('h2, h3')].map((heading) => heading.textContent);
    for (const heading of ['Peer Reviewed', 'Educational Collaboration', 'Easy Submission', 'Featured Research', 'Journal Issues', landingContent.callToAction.heading]) {
      expect(headings).toContain(heading);
    }
    for (const paper of featuredPapers) expect(text).toContain(paper.title);
    for (const issue of journalIssues) expect(text).toContain(issue.title);
    for (const figure of journalFigures) expect(text).toContain(figure.label);
  });

  it('is plain markup the page policy allows: no script, no inline style, no resource hint ahead of the app', () => {
    expect(routes['/']).not.toMatch(/<script|<link|\sstyle=/i);
  });
});
