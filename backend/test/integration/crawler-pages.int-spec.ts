import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { APP_ROUTES_FILE, PRERENDERED_ROUTES_FILE } from '../../src/common/web/web-app-shell.js';
import { pageHeads } from '../../src/common/web-shared/page-heads.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// index.html as Vite writes it: one general title and description, an empty #root.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="An open-access, peer-reviewed journal for young scientists." />
    <title>Young Scientists Journal</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// The routes of the web app (frontend/src/app/routes.tsx), as the build lists them.
const APP_ROUTES = ['/', '/auth', '/papers', '/papers/:id', '/guidelines', '/contact', '/staff', '/journals', '/reviewer-invitation', '/submit', '/my-submissions', '/payments/test-checkout', '/reviewer-dashboard', '/review/:id', '/admin'];
// The landing page as the build prerenders it (frontend/src/app/prerendered-routes.tsx): its words, not its styling.
const LANDING =
  '<main><section aria-labelledby="hero-title"><h1 id="hero-title">Young Scientists Journal</h1><p>A platform for emerging scientific voices</p>' +
  '<a href="/auth">Join &amp; Submit</a><a href="/papers">Browse Papers</a></section>' +
  '<section aria-labelledby="featured-title"><h2 id="featured-title">Featured Research</h2></section></main>';
const PUBLIC_URL = 'https://journal.example.org';
const JOURNAL_NAME = 'Junior "Science" & Review';
const ESCAPED_JOURNAL_NAME = 'Junior &quot;Science&quot; &amp; Review';
const PUBLIC_PAGES = ['/', '/papers', '/guidelines', '/contact', '/staff', '/journals'];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const titlesOf = (html: string) => [...headOf(html).matchAll(/<title>([^<]*)<\/title>/g)].map(([, title]) => title);
const descriptionsOf = (html: string) => [...headOf(html).matchAll(/<meta name="description" content="([^"]*)"/g)].map(([, content]) => content);
const canonicalsOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map(([, href]) => href);
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1];

/** What a crawler that runs no JavaScript reads of each page: the HTML as served. */
describe('the public pages as a crawler without JavaScript reads them', () => {
  let testApp: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'web-dist-crawler-'));
    await writeFile(join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ patterns: APP_ROUTES }));
    await writeFile(join(distDir, PRERENDERED_ROUTES_FILE), JSON.stringify({ '/': LANDING }));
    testApp = await startTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL, JOURNAL_NAME } });
  });

  afterAll(async () => {
    await testApp.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const served = async (url: string, status = 200) => {
    const response = await request(testApp.server).get(url).expect(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    return response.text;
  };

  it('gives each public page one title of its own, ending with the configured journal name', async () => {
    const titles = new Map<string, string>();
    for (const path of PUBLIC_PAGES) {
      const found = titlesOf(await served(path));
      expect([path, found]).toEqual([path, [expect.stringMatching(new RegExp(`^\\S.* · ${ESCAPED_JOURNAL_NAME}$`))]]);
      titles.set(path, found[0]);
    }
    expect(new Set(titles.values()).size).toBe(PUBLIC_PAGES.length);
    expect(titles.get('/guidelines')).toBe(`Submission Guidelines · ${ESCAPED_JOURNAL_NAME}`);
    expect(titles.get('/papers')).toBe(`Published Papers · ${ESCAPED_JOURNAL_NAME}`);
  });

  it("gives each public page one description, its route's own, in place of index.html's general one", async () => {
    const heads = pageHeads(JOURNAL_NAME);
    const descriptions = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      const found = descriptionsOf(await served(path));
      expect([path, found]).toEqual([path, [escape(heads.get(path)!.description)]]);
      descriptions.add(found[0]);
    }
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
    expect(descriptionsOf(await served('/contact'))[0]).toMatch(/^How to reach the editors of Junior &quot;Science&quot; &amp; Review/);
  });

  it('links each public page to its canonical address at PUBLIC_URL, without the query', async () => {
    for (const path of PUBLIC_PAGES) {
      const html = await served(path);
      expect([path, canonicalsOf(html)]).toEqual([path, [`${PUBLIC_URL}${path}`]]);
      expect(canonicalsOf(headOf(html))).toHaveLength(1);
    }
    expect(canonicalsOf(await served('/papers?q=algae&category=Biology'))).toEqual([`${PUBLIC_URL}/papers`]);
    expect(canonicalsOf(await served('/Guidelines/'))).toEqual([`${PUBLIC_URL}/guidelines`]);
    expect(canonicalsOf(await served('/?utm_source=newsletter'))).toEqual([`${PUBLIC_URL}/`]);
  });

  it('lists in the sitemap exactly the addresses the static pages name as canonical', async () => {
    const sitemap = (await request(testApp.server).get('/sitemap.xml').expect(200)).text;
    const staticLocs = [...sitemap.matchAll(/<url><loc>([^<]*)<\/loc><\/url>/g)].map(([, loc]) => loc);
    const canonicals = await Promise.all(PUBLIC_PAGES.map(async (path) => canonicalsOf(await served(path))[0]));
    expect(staticLocs).toEqual(canonicals);
  });

  it("puts the landing page's content inside #root of /, for a reader without JavaScript", async () => {
    const root = rootOf(await served('/'));
    expect(root).toBe(LANDING);
    expect(root).toContain('<h1 id="hero-title">Young Scientists Journal</h1>');
    expect(root).toContain('<a href="/papers">Browse Papers</a>');
    // Only there: the other static pages are the app's alone, /papers its first page of papers.
    for (const path of ['/guidelines', '/contact', '/staff', '/journals']) expect([path, rootOf(await served(path))]).toEqual([path, '']);
    expect(rootOf(await served('/papers'))).toMatch(/^<main>\n<h1>Published Papers<\/h1>/);
  });

  it('titles the pages closed to crawlers too, with no canonical link, and an unknown address as not found', async () => {
    for (const [path, title] of [['/auth', 'Sign In'], ['/submit', 'Submit a Paper'], ['/admin', 'Admin Dashboard']]) {
      const html = await served(path);
      expect([path, titlesOf(html)]).toEqual([path, [`${title} · ${ESCAPED_JOURNAL_NAME}`]]);
      expect([path, canonicalsOf(html)]).toEqual([path, []]);
      expect(descriptionsOf(html)).toHaveLength(1);
    }
    const missing = await served('/no/such/page', 404);
    expect(titlesOf(missing)).toEqual([`Page Not Found · ${ESCAPED_JOURNAL_NAME}`]);
    expect(canonicalsOf(missing)).toEqual([]);
    expect(rootOf(missing)).toBe('');
  });
});
