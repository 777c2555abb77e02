import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig, loadConfig } from '../../config/app-config.js';
import { APP_ROUTES_FILE, ROUTE_PRELOADS_FILE, clientConfigElement, clientConfigOf, loadWebAppShell, routeMatcher } from './web-app-shell.js';

describe('clientConfigElement', () => {
  it('is a JSON data block no value can close or turn into a script', () => {
    const element = clientConfigElement({ uploads: { maxPdfBytes: 1, maxImageBytes: 2, maxImages: 3 }, orcid: { enabled: true, testMode: true }, journal: { issn: '2049-3630', dateStyle: { locale: 'en-GB', timeZone: 'Europe/London' } } });
    expect(element).toBe(
      '<script id="journal-config" type="application/json">{"uploads":{"maxPdfBytes":1,"maxImageBytes":2,"maxImages":3},"orcid":{"enabled":true,"testMode":true},"journal":{"issn":"2049-3630","dateStyle":{"locale":"en-GB","timeZone":"Europe/London"}}}</script>',
    );
    const hostile = clientConfigElement({ uploads: { '</script><script>alert(1)</script>': 1 } } as never);
    expect(hostile.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/>(.*)<\/script>$/.exec(hostile)![1])).toEqual({ uploads: { '</script><script>alert(1)</script>': 1 } });
  });
});

describe('clientConfigOf', () => {
  it("hands the web app the journal's date style, so screens write dates as e-mails do", () => {
    const config = loadConfig({ JOURNAL_LOCALE: 'en-GB', JOURNAL_TIME_ZONE: 'Asia/Tokyo' });
    expect(clientConfigOf(config).journal).toEqual({ issn: null, dateStyle: { locale: 'en-GB', timeZone: 'Asia/Tokyo' } });
  });
});

describe('routeMatcher', () => {
  const routeOf = routeMatcher(['/papers/:id', '/papers', '/payments/test-checkout', '/papers/new']);

  it('matches a path as React Router does: a segment per parameter, any case, an optional trailing slash', () => {
    expect(routeOf('/papers')).toBe('/papers');
    expect(routeOf('/papers/')).toBe('/papers');
    expect(routeOf('/Papers')).toBe('/papers');
    expect(routeOf('/papers/3f1c')).toBe('/papers/:id');
    expect(routeOf('/payments/test-checkout')).toBe('/payments/test-checkout');
  });

  it('prefers a static path to a pattern that also matches it', () => {
    expect(routeOf('/papers/new')).toBe('/papers/new');
  });

  it('matches nothing else: no prefix, no deeper path, no empty parameter', () => {
    for (const path of ['/', '/paper', '/papersx', '/papers/3f1c/pdf', '/papers//', '/payments', '/api/papers']) {
      expect(routeOf(path)).toBeUndefined();
    }
  });
});

describe('loadWebAppShell', () => {
  const INDEX = '<!doctype html><html><head>\n    <script type="module" crossorigin src="/assets/index-a1.js"></script>\n  </head><body></body></html>';
  const PAPERS_REQUEST = '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/papers?limit=12">';
  const preloads = {
    '/papers': { modules: ['/assets/papers-page-b2.js', '/assets/api-c3.js'], requests: ['/api/papers?limit=12'] },
    '/papers/:id': { modules: ['/assets/paper-detail-page-d4.js', '/assets/api-c3.js'], requests: [] },
    '/contact': { modules: ['/assets/contact-page-e5.js'], requests: ['/api/contact?a=1&b=2'] },
  };
  let distDir: string;

  beforeEach(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'web-app-shell-spec-'));
    await writeFile(join(distDir, 'index.html'), INDEX);
  });
  afterEach(async () => {
    await rm(distDir, { recursive: true, force: true });
  });

  const shellOf = () =>
    loadWebAppShell({
      web: { distDir },
      uploads: { maxPdfBytes: 1, maxImageBytes: 2, maxImages: 3 },
      orcid: null,
      journal: { name: 'Young "Scientists" & <Co>', issn: null, dateStyle: { locale: 'en-US', timeZone: 'UTC' } },
    } as unknown as AppConfig)!;
  const FEED_LINK = '<link rel="alternate" type="application/atom+xml" title="Young &quot;Scientists&quot; &amp; &lt;Co&gt;" href="/feed.xml">';
  // The preloads; the feed's link, on every page, is checked on its own.
  const links = (html: string) => (html.match(/<link [^>]*>/g) ?? []).filter((link) => link !== FEED_LINK);
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('links the Atom feed from the head of every page, the journal name escaped', async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    const shell = shellOf();
    for (const html of [shell.html, shell.htmlFor('/papers'), shell.htmlFor('/papers?q=x'), shell.htmlFor('/papers/3f1c'), shell.htmlFor('/nowhere')]) {
      expect(head(html).split(FEED_LINK)).toHaveLength(2);
    }
  });

  it('names in /papers the scripts of its route and the first page it asks for, inside <head>', async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    const html = shellOf().htmlFor('/papers');
    expect(links(head(html))).toEqual([
      PAPERS_REQUEST,
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/papers-page-b2.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/api-c3.js">',
    ]);
    expect(head(html)).toContain('<script id="journal-config"');
    expect(shellOf().htmlFor('/papers?')).toBe(html);
  });

  it('preloads no request for an address with a query, which asks for another page of papers', async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    for (const url of ['/papers?q=algae', '/papers?category=Physics', '/papers/?q=']) {
      const html = shellOf().htmlFor(url);
      expect(html).not.toContain('as="fetch"');
      expect(links(html)).toEqual([
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/papers-page-b2.js">',
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/api-c3.js">',
      ]);
    }
  });

  it("gives another route its own scripts only, and a page that is no lazy route nothing", async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    const shell = shellOf();
    expect(links(shell.htmlFor('/papers/3f1c'))).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/paper-detail-page-d4.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/api-c3.js">',
    ]);
    for (const url of ['/no/such/page', '/papersx']) expect(shell.htmlFor(url)).toBe(shell.html);
    for (const url of ['/', '/?orcid=linked']) expect(links(shell.htmlFor(url))).toEqual([]);
    expect(links(shell.html)).toEqual([]);
  });

  it('writes an ampersand of a URL as an entity', async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    expect(shellOf().htmlFor('/contact')).toContain('href="/api/contact?a=1&amp;b=2"');
  });

  it('serves every address the plain shell when the build wrote no preloads', () => {
    const shell = shellOf();
    expect(links(shell.htmlFor('/papers'))).toEqual([]);
    expect(shell.htmlFor('/submit')).toBe(shell.html);
    expect(links(shell.html)).toEqual([]);
  });

  const descriptionsOf = (html: string) => [...head(html).matchAll(/<meta name="description" content="([^"]*)" ?\/?>/g)].map(([, content]) => content);

  it('describes each public page in its own words, in one description tag, the journal name escaped', async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    const shell = shellOf();
    const pages = ['/', '/papers', '/guidelines', '/contact', '/staff', '/journals'].map((path) => descriptionsOf(shell.htmlFor(path)));
    for (const descriptions of pages) {
      expect(descriptions).toHaveLength(1);
      expect(descriptions[0]).toContain('Young &quot;Scientists&quot; &amp; &lt;Co&gt;');
    }
    expect(new Set(pages.map(([description]) => description)).size).toBe(pages.length);
    expect(descriptionsOf(shell.htmlFor('/guidelines'))[0]).toMatch(/^How to prepare and submit a research paper/);
    // A query changes the list, not what the page is; the preloads still follow the query.
    expect(descriptionsOf(shell.htmlFor('/papers?q=algae'))).toEqual(descriptionsOf(shell.htmlFor('/papers')));
    expect(shell.htmlFor('/papers?q=algae')).not.toContain('as="fetch"');
    expect(links(shell.htmlFor('/papers'))).toContain(PAPERS_REQUEST);
  });

  it("replaces index.html's general description on a described page, and keeps it elsewhere", async () => {
    await writeFile(join(distDir, 'index.html'), INDEX.replace('<head>', '<head>\n    <meta name="description" content="A journal." />'));
    const shell = shellOf();
    expect(descriptionsOf(shell.htmlFor('/staff'))).toEqual([expect.stringMatching(/^The editors and staff of/)]);
    expect(descriptionsOf(shell.htmlFor('/submit'))).toEqual(['A journal.']);
    expect(descriptionsOf(shell.htmlFor('/admin'))).toEqual(['A journal.']);
  });

  it('refuses at start a preload that is not a path on this origin', async () => {
    for (const bad of ['https://elsewhere.example/x.js', '//elsewhere.example/x.js', '/x.js"><script>alert(1)</script>', 'assets/x.js']) {
      await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify({ '/papers': { modules: [bad], requests: [] } }));
      expect(shellOf).toThrow(/route-preloads\.json: \/papers/);
    }
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify({ '/papers': { modules: [] } }));
    expect(shellOf).toThrow(/route-preloads\.json/);
  });

  it("knows an address as the app's when one of the build's route patterns matches it, query aside", async () => {
    await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ patterns: ['/', '/papers', '/papers/:id', '/payments/test-checkout'] }));
    const shell = shellOf();
    for (const url of ['/', '/papers', '/papers/', '/Papers?q=algae', '/papers/123', '/payments/test-checkout?session_id=x', '/?utm=1']) {
      expect([url, shell.isAppRoute(url)]).toEqual([url, true]);
    }
    for (const url of ['/papersx', '/papers/1/2', '/nothing', '/payments', '/robots.txt/x', '//papers']) {
      expect([url, shell.isAppRoute(url)]).toEqual([url, false]);
    }
  });

  it('knows every address as the app\'s when the build lists no routes', () => {
    expect(shellOf().isAppRoute('/anything/at/all')).toBe(true);
  });

  it('refuses at start a list of routes that is not { patterns } of paths', async () => {
    for (const bad of [['/papers', 'papers'], [], ['https://elsewhere.example/'], [1]]) {
      await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ patterns: bad }));
      expect(shellOf).toThrow(/app-routes\.json/);
    }
    await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify(['/papers']));
    expect(shellOf).toThrow(/app-routes\.json/);
  });
});
