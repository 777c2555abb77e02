import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { APP_ROUTES_FILE, CLIENT_CONFIG_ELEMENT_ID, ROUTE_PRELOADS_FILE } from '../../src/common/web/web-app-shell.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCRIPT = `console.log(${JSON.stringify('journal '.repeat(400))});`;
// As the build writes it (frontend/build/route-preloads.ts): each lazy route's scripts and first requests.
const ROUTE_PRELOADS = {
  '/papers': { modules: ['/assets/papers-page-def456.js', '/assets/api-789abc.js'], requests: ['/api/papers?limit=12'] },
  '/submit': { modules: ['/assets/submit-page-0f0f0f.js', '/assets/api-789abc.js'], requests: [] },
  '/papers/:id': { modules: ['/assets/paper-detail-page-1a2b3c.js', '/assets/api-789abc.js'], requests: [] },
};
// As the build writes it (frontend/build/app-routes.ts): every route of the app, eager and lazy.
const APP_ROUTES = { patterns: ['/', '/papers', '/papers/:id', '/submit', '/payments/test-checkout'] };

describe('the built web app served by the API', () => {
  let testApp: TestApp;
  let distDir: string;
  const saved = process.env.WEB_DIST_DIR;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    for (const file of ['papers-page-def456.js', 'api-789abc.js', 'submit-page-0f0f0f.js', 'paper-detail-page-1a2b3c.js']) await writeFile(join(distDir, 'assets', file), SCRIPT);
    await writeFile(join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(ROUTE_PRELOADS));
    await writeFile(join(distDir, APP_ROUTES_FILE), JSON.stringify(APP_ROUTES));
    process.env.WEB_DIST_DIR = distDir;
    testApp = await startTestApp();
  });

  afterAll(async () => {
    await testApp.close();
    await rm(distDir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.WEB_DIST_DIR;
    else process.env.WEB_DIST_DIR = saved;
  });

  it('sends a hashed asset precompressed, cached for good, varying on Accept-Encoding', async () => {
    const brotli = await request(testApp.server).get('/assets/index-abc123.js').set('accept-encoding', 'br, gzip').buffer(true).expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await request(testApp.server).get('/assets/index-abc123.js').set('accept-encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SCRIPT);
    const plain = await request(testApp.server).get('/assets/index-abc123.js').set('accept-encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('answers a route of the app with index.html, never cached, so a new build is picked up', async () => {
    for (const url of ['/', '/papers', '/Papers/?q=algae', '/submit', '/payments/test-checkout?session_id=cs_1']) {
      const page = await request(testApp.server).get(url).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.text).toContain('<div id="root">');
    }
  });

  it('answers an address no route of the app matches with 404 and the same page, whose app shows its not-found view', async () => {
    const pages = new Set<string>();
    for (const url of ['/some/client/route', '/papersx', '/papers/1/2', '/payments', '/submit/extra?x=1']) {
      const page = await request(testApp.server).get(url).expect(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      pages.add(page.text);
    }
    // One page, titled as not found (common/web-shared/page-heads.ts), with nothing for crawlers to index.
    expect(pages.size).toBe(1);
    const [page] = pages;
    expect(page).toContain('<title>Page Not Found · Young Scientists Journal</title>');
    expect(page).not.toContain('rel="canonical"');
    expect(page).toContain('<div id="root"></div>');
    // Files of the build are still files, and unknown API paths still answer JSON.
    await request(testApp.server).get('/assets/index-abc123.js').expect(200);
    expect((await request(testApp.server).get('/api/nothing-here').expect(404)).body.code).toBe('NOT_FOUND');
    expect((await request(testApp.server).get('/admin/queues-nothing').expect(404)).body.code).toBe('NOT_FOUND');
  });

  it('puts the configured upload limits in the page, so the browser checks and states the server\'s own', async () => {
    const configured = await startTestApp({ env: { UPLOAD_MAX_PDF_BYTES: String(2 * 1024 * 1024), UPLOAD_MAX_IMAGE_BYTES: '3145728', UPLOAD_MAX_IMAGES: '4' } });
    try {
      for (const app of [testApp, configured]) {
        const page = await request(app.server).get('/submit').expect(200);
        const block = new RegExp(`<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(page.text);
        expect(block).not.toBeNull();
        const clientConfig = JSON.parse(block![1]) as { uploads: Record<string, number> };
        expect(clientConfig.uploads).toEqual(
          app === configured
            ? { maxPdfBytes: 2 * 1024 * 1024, maxImageBytes: 3145728, maxImages: 4 }
            : { maxPdfBytes: 10 * 1024 * 1024, maxImageBytes: 5 * 1024 * 1024, maxImages: 5 },
        );
        expect(page.text.indexOf(block![0])).toBeLessThan(page.text.indexOf('</head>'));
      }
    } finally {
      await configured.close();
    }
  });

  it('says in the page whether ORCID is on and whether it is a test registry, so the web app hides or labels its buttons', async () => {
    const clientConfigOf = async (app: TestApp) => {
      const page = await request(app.server).get('/').expect(200);
      const block = new RegExp(`<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(page.text);
      return (JSON.parse(block![1]) as { orcid: unknown }).orcid;
    };
    const orcid = { ORCID_CLIENT_ID: 'APP-0123456789ABCDEF', ORCID_CLIENT_SECRET: 'a-secret-never-in-the-page' };
    const standIn = await startTestApp({ env: { ...orcid, ORCID_BASE_URL: 'http://127.0.0.1:9400' } });
    const production = await startTestApp({ env: { ...orcid, ORCID_BASE_URL: 'https://orcid.org' } });
    try {
      expect(await clientConfigOf(testApp)).toEqual({ enabled: false, testMode: false });
      expect(await clientConfigOf(standIn)).toEqual({ enabled: true, testMode: true });
      expect(await clientConfigOf(production)).toEqual({ enabled: true, testMode: false });
      const page = await request(production.server).get('/').expect(200);
      expect(page.text).not.toContain('a-secret-never-in-the-page');
      expect(page.text).not.toContain('APP-0123456789ABCDEF');
    } finally {
      await standIn.close();
      await production.close();
    }
  });

  it("says in the page the journal's ISSN when one is configured, for the footer, and none otherwise", async () => {
    const issnOf = async (app: TestApp) => {
      const page = await request(app.server).get('/').expect(200);
      const block = new RegExp(`<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(page.text);
      return (JSON.parse(block![1]) as { journal: { issn: unknown } }).journal.issn;
    };
    const withIssn = await startTestApp({ env: { JOURNAL_ISSN: '2049-3630' } });
    try {
      expect(await issnOf(testApp)).toBeNull();
      expect(await issnOf(withIssn)).toBe('2049-3630');
    } finally {
      await withIssn.close();
    }
  });

  it('links the Atom feed from the head of every page it serves (autodiscovery), the feed answering there', async () => {
    const FEED_LINK = '<link rel="alternate" type="application/atom+xml" title="Young Scientists Journal" href="/feed.xml">';
    for (const [url, status] of [['/', 200], ['/papers', 200], ['/papers?q=algae', 200], ['/submit', 200], ['/papers/00000000-0000-4000-8000-000000000000', 404], ['/nowhere', 404]] as const) {
      const page = await request(testApp.server).get(url).expect(status);
      const head = page.text.slice(0, page.text.indexOf('</head>'));
      expect(head.split(FEED_LINK)).toHaveLength(2);
    }
    const feed = await request(testApp.server).get('/feed.xml').expect(200);
    expect(feed.headers['content-type']).toMatch(/^application\/atom\+xml/);
  });

  describe('preloads', () => {
    // The preloads; the feed's link, on every page, and a public page's canonical link have their own tests.
    const linksOf = (html: string) => [...html.matchAll(/<link ([^>]*)>/g)].map((match) => match[1]).filter((link) => !link.startsWith('rel="alternate"') && !link.startsWith('rel="canonical"'));
    const hrefOf = (link: string) => /href="([^"]*)"/.exec(link)![1];

    it('names in /papers the scripts its route loads and its first page of papers, each answered here, in <head>', async () => {
      const page = await request(testApp.server).get('/papers').expect(200);
      const head = page.text.slice(0, page.text.indexOf('</head>'));
      const links = linksOf(head);
      expect(links).toEqual([
        'rel="preload" as="fetch" crossorigin="anonymous" href="/api/papers?limit=12"',
        'rel="modulepreload" crossorigin fetchpriority="low" href="/assets/papers-page-def456.js"',
        'rel="modulepreload" crossorigin fetchpriority="low" href="/assets/api-789abc.js"',
      ]);
      expect(linksOf(page.text)).toHaveLength(links.length);
      // Served by the papers module with the first page in #root (paper-pages.int-spec.ts), the preloads kept.
      expect(page.text).toContain('<div id="root"><main>\n<h1>Published Papers</h1>');
      // Same-origin, so the policy that guards the page allows them as they are.
      const csp = page.headers['content-security-policy'];
      expect(csp).toMatch(/(^|;)script-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|;)connect-src 'self'(;|$)/);
      for (const link of links) {
        const answer = await request(testApp.server).get(hrefOf(link)).expect(200);
        if (link.includes('as="fetch"')) expect(answer.body).toEqual(expect.objectContaining({ items: expect.any(Array) }));
      }
    });

    it("names in a paper's page (served with its meta tags by the papers module) the scripts of the paper route", async () => {
      // Unknown papers: 404, with the page all the same (paper-pages.int-spec.ts).
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const page = await request(testApp.server).get(`/papers/${id}`).expect(404);
        expect(linksOf(page.text).map(hrefOf)).toEqual(['/assets/paper-detail-page-1a2b3c.js', '/assets/api-789abc.js']);
        expect(page.text).toContain(CLIENT_CONFIG_ELEMENT_ID);
      }
    });

    it('preloads no request for /papers with a query, nor for any other page, which would not use it', async () => {
      for (const url of ['/papers?q=algae', '/papers?category=Physics']) {
        const page = await request(testApp.server).get(url).expect(200);
        expect(linksOf(page.text).map(hrefOf)).toEqual(['/assets/papers-page-def456.js', '/assets/api-789abc.js']);
        expect(page.text).not.toContain('as="fetch"');
      }
      const submit = await request(testApp.server).get('/submit').expect(200);
      expect(linksOf(submit.text).map(hrefOf)).toEqual(['/assets/submit-page-0f0f0f.js', '/assets/api-789abc.js']);
      for (const [url, status] of [['/', 200], ['/some/client/route', 404], ['/papersx', 404]] as const) {
        const page = await request(testApp.server).get(url).expect(status);
        expect(linksOf(page.text)).toEqual([]);
      }
    });
  });
});
