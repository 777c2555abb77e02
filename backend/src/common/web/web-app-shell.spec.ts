import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppConfig, loadConfig } from '../../config/app-config.js';
import { APP_ROUTES_FILE, PRERENDERED_ROUTES_FILE, ROUTE_PRELOADS_FILE, clientConfigElement, clientConfigOf, intoRoot, loadWebAppShell } from './web-app-shell.js';

describe('clientConfigElement', () => {
  it('is a JSON data block no value can close or turn into a script', () => {
    const element = clientConfigElement({
      uploads: { maxPdfBytes: 1, maxImageBytes: 2, maxImages: 3 },
      orcid: { enabled: true, testMode: true },
      journal: { name: 'Journal', issn: '2049-3630', dateStyle: { locale: 'en-GB', timeZone: 'Europe/London' } },
      publicUrl: 'https://journal.example.org',
    });
    expect(element).toBe(
      '<script id="journal-config" type="application/json">{"uploads":{"maxPdfBytes":1,"maxImageBytes":2,"maxImages":3},"orcid":{"enabled":true,"testMode":true},"journal":{"name":"Journal","issn":"2049-3630","dateStyle":{"locale":"en-GB","timeZone":"Europe/London"}},"publicUrl":"https://journal.example.org"}</script>',
    );
    const hostile = clientConfigElement({ uploads: { '</script><script>alert(1)</script>': 1 } } as never);
    expect(hostile.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/>(.*)<\/script>$/.exec(hostile)![1])).toEqual({ uploads: { '</script><script>alert(1)</script>': 1 } });
  });
});

describe('clientConfigOf', () => {
  it("hands the web app the journal's date style, so screens write dates as e-mails do", () => {
    const config = loadConfig({ JOURNAL_LOCALE: 'en-GB', JOURNAL_TIME_ZONE: 'Asia/Tokyo' });
    expect(clientConfigOf(config).journal).toMatchObject({ issn: null, dateStyle: { locale: 'en-GB', timeZone: 'Asia/Tokyo' } });
  });

  it("hands the web app the journal's name and public address, which its pages' titles and canonical links use", () => {
    const config = loadConfig({ JOURNAL_NAME: 'Junior Science', PUBLIC_URL: 'https://journal.example.org/' });
    expect(clientConfigOf(config)).toMatchObject({ journal: { name: 'Junior Science' }, publicUrl: 'https://journal.example.org' });
  });
});

describe('intoRoot', () => {
  it('puts the content inside the empty #root, and leaves a page without one alone', () => {
    const page = '<body><div id="root"></div><script type="module" src="/a.js"></script></body>';
    expect(intoRoot(page, '<p>$& $1 x</p>')).toBe('<body><div id="root"><p>$& $1 x</p></div><script type="module" src="/a.js"></script></body>');
    expect(intoRoot('<body></body>', '<p>x</p>')).toBe('<body></body>');
  });
});

describe('loadWebAppShell', () => {
  const INDEX = '<!doctype html><html><head>\n    <script type="module" crossorigin src="/assets/index-a1.js"></script>\n  </head><body><div id="root"></div></body></html>';
  const PAPERS_REQUEST = '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/papers?limit=12">';
  const PUBLIC_URL = 'https://journal.example.org';
  const preloads = {
    '/papers': { modules: ['/assets/papers-page-b2.js', '/assets/api-c3.js'], requests: ['/api/papers?limit=12'] },
    '/papers/:id': { modules: ['/assets/paper-detail-page-d4.js', '/assets/api-c3.js'], requests: [] },
    '/contact': { modules: ['/assets/contact-page-e5.js'], requests: ['/api/contact?a=1&b=2'] },
  };
  const PUBLIC_PAGES = ['/', '/papers', '/guidelines', '/contact', '/staff', '/journals'];
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
      http: { publicUrl: PUBLIC_URL },
      uploads: { maxPdfBytes: 1, maxImageBytes: 2, maxImages: 3 },
      orcid: null,
      journal: { name: 'Young "Scientists" & <Co>', issn: null, dateStyle: { locale: 'en-US', timeZone: 'UTC' } },
    } as unknown as AppConfig)!;
  const JOURNAL = 'Young &quot;Scientists&quot; &amp; &lt;Co&gt;';
  const FEED_LINK = `<link rel="alternate" type="application/atom+xml" title="${JOURNAL}" href="/feed.xml">`;
  // The preloads; the feed's and the canonical link are checked on their own.
  const links = (html: string) => (html.match(/<link [^>]*>/g) ?? []).filter((link) => link !== FEED_LINK && !link.startsWith('<link rel="canonical"'));
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));
  const titlesOf = (html: string) => [...head(html).matchAll(/<title>([^<]*)<\/title>/g)].map(([, title]) => title);
  const canonicalsOf = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)">/g)].map(([, href]) => href);
  const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><\/body>/.exec(html)![1];

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
    for (const url of ['/no/such/page', '/papersx', '/', '/?orcid=linked', '/submit']) expect(links(shell.htmlFor(url))).toEqual([]);
    expect(links(shell.html)).toEqual([]);
  });

  it('writes an ampersand of a URL as an entity', async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    expect(shellOf().htmlFor('/contact')).toContain('href="/api/contact?a=1&amp;b=2"');
  });

  it('serves every address without preloads when the build wrote none', () => {
    const shell = shellOf();
    for (const url of ['/papers', '/submit', '/papers/3f1c']) expect(links(shell.htmlFor(url))).toEqual([]);
    expect(links(shell.html)).toEqual([]);
  });

  const descriptionsOf = (html: string) => [...head(html).matchAll(/<meta name="description" content="([^"]*)" ?\/?>/g)].map(([, content]) => content);

  it('describes each public page in its own words, in one description tag, the journal name escaped', async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    const shell = shellOf();
    const pages = PUBLIC_PAGES.map((path) => descriptionsOf(shell.htmlFor(path)));
    for (const descriptions of pages) {
      expect(descriptions).toHaveLength(1);
      expect(descriptions[0]).toContain(JOURNAL);
    }
    expect(new Set(pages.map(([description]) => description)).size).toBe(pages.length);
    expect(descriptionsOf(shell.htmlFor('/guidelines'))[0]).toMatch(/^How to prepare and submit a research paper/);
    // A query changes the list, not what the page is; the preloads still follow the query.
    expect(descriptionsOf(shell.htmlFor('/papers?q=algae'))).toEqual(descriptionsOf(shell.htmlFor('/papers')));
    expect(shell.htmlFor('/papers?q=algae')).not.toContain('as="fetch"');
    expect(links(shell.htmlFor('/papers'))).toContain(PAPERS_REQUEST);
  });

  it("replaces index.html's general title and description on every page, the pages closed to crawlers describing the journal", async () => {
    await writeFile(join(distDir, 'index.html'), INDEX.replace('<head>', '<head>\n    <meta name="description" content="A journal." />\n    <title>Journal</title>'));
    const shell = shellOf();
    expect(descriptionsOf(shell.htmlFor('/staff'))).toEqual([expect.stringMatching(/^The editors and staff of/)]);
    expect(titlesOf(shell.htmlFor('/staff'))).toEqual([`Editorial Board · ${JOURNAL}`]);
    for (const url of ['/submit', '/admin', '/nowhere']) {
      expect(descriptionsOf(shell.htmlFor(url))).toEqual(descriptionsOf(shell.htmlFor('/')));
      expect(titlesOf(shell.htmlFor(url))).toHaveLength(1);
    }
  });

  it('titles every route of the app in its own words, the journal name last and escaped, an unknown address as not found', async () => {
    await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ patterns: ['/', '/papers', '/papers/:id', '/guidelines', '/contact', '/staff', '/journals', '/submit', '/admin'] }));
    const shell = shellOf();
    const titles = [...PUBLIC_PAGES, '/papers/3f1c', '/submit', '/admin'].map((url) => titlesOf(shell.htmlFor(url)));
    for (const found of titles) {
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^[^<>"]+ · ${JOURNAL}$`));
    }
    expect(new Set(titles.map(([title]) => title)).size).toBe(titles.length);
    expect(titlesOf(shell.htmlFor('/guidelines'))).toEqual([`Submission Guidelines · ${JOURNAL}`]);
    expect(titlesOf(shell.htmlFor('/Guidelines/?x=1'))).toEqual(titlesOf(shell.htmlFor('/guidelines')));
    for (const url of ['/nowhere', '/papersx', '/papers/1/2']) expect(titlesOf(shell.htmlFor(url))).toEqual([`Page Not Found · ${JOURNAL}`]);
  });

  it('links each public page to its canonical address at PUBLIC_URL, the path alone; no other page', async () => {
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify({ patterns: ['/', '/papers', '/papers/:id', '/guidelines', '/contact', '/staff', '/journals', '/submit', '/auth'] }));
    const shell = shellOf();
    for (const path of PUBLIC_PAGES) {
      const html = shell.htmlFor(path);
      expect(canonicalsOf(html)).toEqual([`${PUBLIC_URL}${path}`]);
      expect(html.indexOf('<link rel="canonical"')).toBeLessThan(html.indexOf('</head>'));
    }
    // However the address is written, one page: its query, case and trailing slash left out.
    for (const url of ['/papers?q=algae', '/Papers/', '/papers?']) expect(canonicalsOf(shell.htmlFor(url))).toEqual([`${PUBLIC_URL}/papers`]);
    expect(canonicalsOf(shell.htmlFor('/?orcid=linked'))).toEqual([`${PUBLIC_URL}/`]);
    // Closed to crawlers, not found, or a paper whose page says itself whether it is published.
    for (const url of ['/submit', '/auth?next=/submit', '/nowhere', '/papers/3f1c']) expect(canonicalsOf(shell.htmlFor(url))).toEqual([]);
  });

  it('puts the prerendered landing page inside #root of /, whatever its query, and nothing into any other page', async () => {
    const landing = '<main><h1>Young Scientists Journal</h1><a href="/papers">Browse Papers</a> $& costs</main>';
    await writeFile(join(distDir, PRERENDERED_ROUTES_FILE), JSON.stringify({ '/': landing }));
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
    const shell = shellOf();
    for (const url of ['/', '/?orcid=linked']) expect(rootOf(shell.htmlFor(url))).toBe(landing);
    for (const url of ['/papers', '/guidelines', '/papers/3f1c', '/nowhere']) expect(rootOf(shell.htmlFor(url))).toBe('');
    expect(rootOf(shell.html)).toBe('');
  });

  it('refuses at start prerendered routes that are not HTML by route path', async () => {
    for (const bad of [['<main></main>'], { '/': 1 }, { 'https://elsewhere.example/': '<p></p>' }, '<main></main>']) {
      await writeFile(join(distDir, PRERENDERED_ROUTES_FILE), JSON.stringify(bad));
      expect(shellOf).toThrow(/prerendered-routes\.json/);
    }
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
